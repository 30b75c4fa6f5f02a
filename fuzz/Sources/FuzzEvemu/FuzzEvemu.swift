import FuzzSupport
import Recordings

/// evemu recordings with their description inline: read, decode to touch frames, and write back
/// with EvemuWriter, which must read again to the same device and events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard var reader = try? EvemuReader(source: MemoryByteSource(name: "fuzz.evemu", bytes: bytes)),
          let events = try? readEvents(&reader) else { return 0 }
    let frames = checkFrames(device: reader.device, events: events, name: "fuzz.evemu")
    // Reading the same bytes straight into the decoder (the evemu reader's one-pass path) gives
    // the frames that decoding its events one by one gives.
    if events.count < 100_000, let again = try? EvemuReader(source: MemoryByteSource(name: "fuzz.evemu", bytes: bytes)),
       let read = framesRead(again) {
        require(read == frames, "frames read in one pass differ from frames decoded event by event")
    }
    checkEvemuRoundTrip(device: reader.device, events: events)
    return 0
}
