// (`recordings-bench --latency --config FILE RECORDING` measures event → line latency instead: Latency.swift.)
// Measures how fast recordings are read (file → events → touch frames), as a ratio to `wc -l`
// on the same bytes, so the figure means the same on any machine. Run by `make bench-recordings`:
//   recordings-bench [--repeat N] FILE…
// For each FILE it writes a temporary evemu file, then a libinput-record file, holding the recording N times over (times shifted
// so they keep increasing; default 10) and reads it with RecordingSource, printing lines/s, frames
// and the peak resident memory, then times `wc -l` on the same file.
import Glibc
import Recordings
import ScrollEngine
import StreamOutput
import SystemInterface

let system = SystemCalls.live

/// Writes `text` to standard error (unbuffered: the tool exits right after).
func printError(_ text: String) {
    let standardError = FileDescriptorByteSink(fileDescriptor: STDERR_FILENO)
    try? standardError.write(Array(text.utf8))
    try? standardError.flush()
}

/// The kernel's high-water mark of this process's resident memory (VmHWM), in KiB; -1 if unknown.
func residentKilobytes() -> Int {
    guard let source = try? FileByteSource(path: "/proc/self/status") else { return -1 }
    var lines = LineReader(source: source)
    while let line = try? lines.nextLine() {
        guard line.text.hasPrefix("VmHWM:") else { continue }
        let fields = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return fields.count > 1 ? Int(fields[1]) ?? -1 : -1
    }
    return -1
}

/// Wall-clock seconds that `body` takes, on the monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() - start) / 1e9
}

/// `value` with exactly `decimals` digits after the point, as printf's `%.Nf` writes it: the tree's
/// decimal formatter (`DecimalText`, which trims trailing zeros) padded back to `decimals` digits.
func fixed(_ value: Double, _ decimals: Int) -> String {
    var text = DecimalText.format(value, decimals: decimals)
    var digits = 0
    if let point = text.firstIndex(of: ".") {
        digits = text.distance(from: point, to: text.endIndex) - 1
    } else if decimals > 0 {
        text += "."
    }
    return text + String(repeating: "0", count: decimals - digits)
}

/// A failed system call, with what it was for.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `wc -l path` with its output discarded and waits for it.
func runWordCount(_ path: String) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    let words = ["/usr/bin/wc", "-l", path]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/wc", &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchError(description: "cannot run /usr/bin/wc: \(Errno(rawValue: spawned))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { throw BenchError(description: "waitpid for wc: \(Errno.current)") }
    }
}

/// Writes `repeat` copies of the recording's events into one evemu or libinput-record file, streaming.
func writeRepeated(_ path: String, times: Int, to output: String, format: RecordingFormat) throws -> Int {
    let fd: Int32
    do {
        fd = try system.create(output, O_WRONLY | O_TRUNC, 0o644)
    } catch {
        throw RecordingError(file: output, line: nil, expected: "a writable temporary file")
    }
    defer { system.close(fd) }
    // Buffered: the chunks below reach write(2) 64 KiB at a time.
    let file = FileDescriptorByteSink(fileDescriptor: fd)
    var lines = 0
    var offset: Int64 = 0
    for copy in 0..<times {
        var reader = try EvemuReader(source: try FileByteSource(path: path))
        if copy == 0 {
            let header = format == .evemu ? EvemuWriter.header(device: reader.device) : LibinputRecordWriter.header(device: reader.device)
            try file.write(Array(header.utf8))
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
                try file.write(Array(chunk.utf8))
                chunk = ""
            }
        }
        chunk += yaml.flush() ?? ""
        try file.write(Array(chunk.utf8))
        offset += last + 1_000_000
    }
    try file.flush()
    return lines
}

/// The folder for temporary files: $TMPDIR, else /tmp (as the C library's tmpfile does), with a
/// trailing slash.
func temporaryDirectory() -> String {
    var directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    if directory.isEmpty { directory = "/tmp" }
    return directory.hasSuffix("/") ? directory : directory + "/"
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--latency" {
    guard arguments.count == 4, arguments[1] == "--config" else {
        printError("usage: recordings-bench --latency --config FILE RECORDING\n")
        exit(64)
    }
    do {
        try measureLatency(configPath: arguments[2], recording: arguments[3])
        exit(0)
    } catch {
        printError("<3>recordings-bench: \(error)\n")
        exit(1)
    }
}
var repeatCount = 10
if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count, let n = Int(arguments[index + 1]) {
    repeatCount = n
    arguments.removeSubrange(index...(index + 1))
}
guard !arguments.isEmpty else {
    printError("usage: recordings-bench [--repeat N] FILE…\n")
    exit(64)
}
let mapping = ScreenMapping(screenSize: Size(width: 1920, height: 1080))
for path in arguments {
  for format in [RecordingFormat.evemu, .libinputRecord] {
    do {
        let temporary = temporaryDirectory() + "recordings-bench-\(getpid()).\(format == .evemu ? "evemu" : "yml")"
        defer { try? system.unlink(temporary) }
        let events = try writeRepeated(path, times: repeatCount, to: temporary, format: format)
        var frames = 0
        let read = try seconds {
            let source = try RecordingSource.open(path: temporary, mapping: mapping)
            while try source.nextFrame() != nil { frames += 1 }
        }
        let wc = try seconds { try runWordCount(temporary) }
        let size = (try? system.pathStatus(temporary)).map { Int($0.st_size) } ?? 0
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        print("\(name) ×\(repeatCount) as \(format.rawValue): \(size / 1024) KiB, \(events) events, \(frames) frames; "
            + "read \(fixed(read, 3)) s (\(Int(Double(events) / read)) events/s, \(fixed(Double(size) / read / 1e6, 1)) MB/s); "
            + "wc -l \(fixed(wc, 4)) s; ratio read/wc \(fixed(read / wc, 1)); peak RSS \(residentKilobytes()) KiB")
    } catch {
        printError("<3>recordings-bench: \(error)\n")
        exit(1)
    }
  }
}
