import Daemon
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

    /// A log line of a command: with the journald `<N>` prefix when stderr is the journal
    /// (`JournalStream`, as systemd decides), plain text otherwise, e.g. `touchscroll: warning: …`.
    static func log(_ priority: JournalPriority, _ text: String) {
        print(JournalStream.line(priority, text))
    }

    /// An error the command reports before exiting: `touchscroll: MESSAGE` (priority 3).
    static func error(_ text: String) { log(.error, "touchscroll: " + text) }

    /// A warning of `label`: `LABEL: warning: MESSAGE` (priority 4).
    static func warning(_ text: String, label: String = "touchscroll") { log(.warning, "\(label): warning: \(text)") }

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
