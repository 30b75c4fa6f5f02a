// (`recordings-bench --latency --config FILE RECORDING` measures event → line latency instead: Latency.swift.)
// Measures how fast recordings are read (file → events → touch frames), as a ratio to `wc -l`
// on the same bytes, so the figure means the same on any machine. Run by `make bench-recordings`:
//   recordings-bench [--repeat N] FILE…
// For each FILE it writes a temporary evemu file, then a libinput-record file, holding the recording N times over (times shifted
// so they keep increasing; default 10) and reads it with RecordingSource, printing lines/s, frames
// and the peak resident memory, then times `wc -l` on the same file.
import Foundation
import Recordings
import ScrollEngine

func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(whereSeparator: \.isWhitespace)[1]) ?? -1
    }
    return -1
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Writes `repeat` copies of the recording's events into one evemu or libinput-record file, streaming.
func writeRepeated(_ path: String, times: Int, to output: String, format: RecordingFormat) throws -> Int {
    guard FileManager.default.createFile(atPath: output, contents: nil) else {
        throw RecordingError(file: output, line: nil, expected: "a writable temporary file")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    defer { try? handle.close() }
    var lines = 0
    var offset: Int64 = 0
    for copy in 0..<times {
        var reader = try EvemuReader(source: try FileByteSource(path: path))
        if copy == 0 {
            let header = format == .evemu ? EvemuWriter.header(device: reader.device) : LibinputRecordWriter.header(device: reader.device)
            handle.write(Data(header.utf8))
        }
        var last: Int64 = 0
        var chunk = ""
        var yaml = LibinputRecordWriter()
        while var event = try reader.nextEvent() {
            last = event.time.microseconds
            event.time = Timestamp(microseconds: event.time.microseconds + offset)
            chunk += format == .evemu ? EvemuWriter.eventLine(event) : (yaml.write(event) ?? "")
            lines += 1
            if chunk.utf8.count > 1 << 16 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        chunk += yaml.flush() ?? ""
        handle.write(Data(chunk.utf8))
        offset += last + 1_000_000
    }
    return lines
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--latency" {
    guard arguments.count == 4, arguments[1] == "--config" else {
        FileHandle.standardError.write(Data("usage: recordings-bench --latency --config FILE RECORDING\n".utf8))
        exit(64)
    }
    do {
        try measureLatency(configPath: arguments[2], recording: arguments[3])
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("<3>recordings-bench: \(error)\n".utf8))
        exit(1)
    }
}
var repeatCount = 10
if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count, let n = Int(arguments[index + 1]) {
    repeatCount = n
    arguments.removeSubrange(index...(index + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: recordings-bench [--repeat N] FILE…\n".utf8))
    exit(64)
}
let mapping = ScreenMapping(screenSize: Size(width: 1920, height: 1080))
for path in arguments {
  for format in [RecordingFormat.evemu, .libinputRecord] {
    do {
        let temporary = NSTemporaryDirectory() + "recordings-bench-\(getpid()).\(format == .evemu ? "evemu" : "yml")"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let events = try writeRepeated(path, times: repeatCount, to: temporary, format: format)
        var frames = 0
        let read = try seconds {
            let source = try RecordingSource.open(path: temporary, mapping: mapping)
            while try source.nextFrame() != nil { frames += 1 }
        }
        let wc = try seconds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/wc")
            process.arguments = ["-l", temporary]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        let size = (try FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
        print("\(URL(fileURLWithPath: path).lastPathComponent) ×\(repeatCount) as \(format.rawValue): \(size / 1024) KiB, \(events) events, \(frames) frames; "
            + "read \(String(format: "%.3f", read)) s (\(Int(Double(events) / read)) events/s, \(String(format: "%.1f", Double(size) / read / 1e6)) MB/s); "
            + "wc -l \(String(format: "%.4f", wc)) s; ratio read/wc \(String(format: "%.1f", read / wc)); peak RSS \(residentKilobytes()) KiB")
    } catch {
        FileHandle.standardError.write(Data("<3>recordings-bench: \(error)\n".utf8))
        exit(1)
    }
  }
}
