/// One assignment of the sd_notify(3) protocol. A datagram carries one or more, newline-separated.
public enum NotifyMessage: Hashable, Sendable {
    /// READY=1: start-up (or a reload) is finished.
    case ready
    /// STATUS=…: a one-line summary `systemctl status` shows.
    case status(String)
    /// WATCHDOG=1: the keep-alive ping.
    case watchdog
    /// RELOADING=1 with MONOTONIC_USEC=…: a reload began at this CLOCK_MONOTONIC time
    /// (Type=notify-reload requires the timestamp).
    case reloading(monotonicMicroseconds: UInt64)
    /// STOPPING=1: shutdown has begun.
    case stopping
    /// ERRNO=…: the error the service is failing with (shown by systemctl status).
    case errno(Int32)

    /// The text of this assignment. A status is forced onto one line: the protocol is line-based,
    /// so a newline inside it would start a bogus assignment.
    public var text: String {
        switch self {
        case .ready: "READY=1"
        case .status(let s): "STATUS=" + String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        case .watchdog: "WATCHDOG=1"
        case .reloading(let usec): "RELOADING=1\nMONOTONIC_USEC=\(usec)"
        case .stopping: "STOPPING=1"
        case .errno(let e): "ERRNO=\(e)"
        }
    }

    /// The datagram for several assignments sent together (e.g. READY=1 and a STATUS= at once).
    public static func datagram(_ messages: [NotifyMessage]) -> String {
        messages.map(\.text).joined(separator: "\n")
    }
}
