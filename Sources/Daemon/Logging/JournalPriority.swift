import Logging

/// A syslog priority as journald reads it from a `<N>` prefix on a line of stderr (sd-daemon(3)).
public struct JournalPriority: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let emergency = JournalPriority(rawValue: 0)  // SD_EMERG
    public static let alert = JournalPriority(rawValue: 1)      // SD_ALERT
    public static let critical = JournalPriority(rawValue: 2)   // SD_CRIT
    public static let error = JournalPriority(rawValue: 3)      // SD_ERR
    public static let warning = JournalPriority(rawValue: 4)    // SD_WARNING
    public static let notice = JournalPriority(rawValue: 5)     // SD_NOTICE
    public static let info = JournalPriority(rawValue: 6)       // SD_INFO
    public static let debug = JournalPriority(rawValue: 7)      // SD_DEBUG

    /// swift-log's levels mapped onto syslog's; trace has no syslog level below debug.
    public init(_ level: Logger.Level) {
        switch level {
        case .trace, .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }

    /// The line prefix, e.g. `<3>`.
    public var prefix: String { "<\(rawValue)>" }
    public var description: String { prefix }

    /// The word a plain-text line carries in place of the prefix (`warning: …`), nil for the
    /// ordinary info and notice lines.
    public var severityWord: String? {
        switch rawValue {
        case ...3: "error"
        case 4: "warning"
        case 7...: "debug"
        default: nil
        }
    }
}
