#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// User-facing messages of the commands (errors, summaries that are not data) on standard
/// error, so standard output carries only the data stream.
enum StandardError {
    static func print(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        _ = line.withCString { fputs($0, stderr) }
    }

    /// Writes `text` as is (no newline added), for lines redrawn in place.
    static func write(_ text: String) {
        _ = text.withCString { fputs($0, stderr) }
    }

    /// Whether standard error is a terminal (for the `--realtime` progress line).
    static var isTerminal: Bool { isatty(2) == 1 }
}
