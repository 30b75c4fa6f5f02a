import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// Where finished log lines go. Each call receives one complete line, newline included, and must
/// write it in one piece so lines from different threads never interleave.
public protocol LogLineSink: Sendable {
    func write(line: String)
}

/// Standard error, written with one write(2) per line and no buffering, so journald (which reads
/// the service's stderr as a stream) sees each `<N>` prefix at the start of a line.
public struct StandardErrorSink: LogLineSink {
    public init() {}

    public func write(line: String) {
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            // stderr gone: logging must never take the daemon down.
            guard let written = try? SystemCalls.live.writeBytes(STDERR_FILENO, bytes, from: offset), written > 0 else { return }
            offset += written
        }
    }
}
