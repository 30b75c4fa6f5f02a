#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// User-facing messages of the commands (errors, summaries that are not data) on standard
/// error, so standard output carries only the data stream.
enum StandardError {
    static func print(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` as is (no newline added), for lines redrawn in place.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(2, raw.baseAddress, raw.count)
                #else
                Darwin.write(2, raw.baseAddress, raw.count)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Whether standard error is a terminal (for the `--realtime` progress line).
    static var isTerminal: Bool { isatty(2) == 1 }
}
