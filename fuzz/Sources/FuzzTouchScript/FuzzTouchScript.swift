import FuzzSupport
import Recordings
import ScrollEngine

/// Touch scripts: every frame read holds valid times and coordinates; writing the frames with
/// TouchScriptWriter and reading them back gives the same text again (the writer rounds to
/// 3 decimals once, then is stable).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouchScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    var reader = TouchScriptReader(source: MemoryByteSource(name: "fuzz.touches.jsonl", bytes: bytes))
    var frames: [TouchFrame] = []
    while frames.count < 100_000 {
        guard let frame = try? reader.nextFrame() else { break }
        checkFrame(frame)
        frames.append(frame)
    }
    let written = TouchScriptWriter.text(frames: frames)
    var again = TouchScriptReader(source: MemoryByteSource(name: "written.touches.jsonl", text: written))
    var reread: [TouchFrame] = []
    do {
        while let frame = try again.nextFrame() { reread.append(frame) }
    } catch {
        require(false, "touch-script round trip: the written script does not read: \(error)\n\(written)")
    }
    // A script cut short by an error leaves fingers down; reading it back cancels them in one
    // extra frame at the end, which is the only difference allowed.
    let extra = reread.count > frames.count ? reread.last! : nil
    let rewritten = TouchScriptWriter.text(frames: extra == nil ? reread : Array(reread.dropLast()))
    require(rewritten == written, "touch-script round trip is not stable:\n\(written)\n→\n\(rewritten)")
    require(reread.count - frames.count <= 1 && (extra?.samples.allSatisfy { $0.phase == .cancel } ?? true),
            "touch-script round trip added more than the cancelling frame")
    return 0
}
