import SystemInterface
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
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            guard let written = try? SystemCalls.live.writeBytes(2, bytes, from: offset), written > 0 else { return }
            offset += written
        }
    }

    /// Whether standard error is a terminal (for the `--realtime` progress line).
    static var isTerminal: Bool { isatty(2) == 1 }
}
