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
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // stderr is gone; logging must never take the daemon down
            }
            offset += written
        }
    }
}
