import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Logs of the live commands (`run`, `devices`, `record`): one line each on standard error with
/// the journald `<N>` priority prefix (sd-daemon(3)), so journald files them at the right level.
/// Bootstrapped once by the command, never by a library.
struct JournalPrefixLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let label: String

    init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// syslog priorities: 2 crit, 3 err, 4 warning, 5 notice, 6 info, 7 debug.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
             file: String, function: String, line: UInt) {
        StandardError.print("<\(Self.priority(level))>\(label): \(message)")
    }
}

enum LiveLogging {
    /// Installs the handler for the whole process (`--verbose` adds debug lines).
    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { label in
            JournalPrefixLogHandler(label: label, level: verbose ? .debug : .info)
        }
    }
}
