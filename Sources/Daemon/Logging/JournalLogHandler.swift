import Logging

/// A swift-log backend that writes one line per message to stderr, prefixed with the journald
/// priority (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug; sd-daemon(3)), then the logger's
/// label, the message and the metadata as `key=value` pairs:
///
///     <4>touchscroll.state: state file is corrupt, starting from defaults path=/var/lib/touchscroll/state.json
///
/// journald stores the priority and strips the prefix. Anywhere else (a terminal, a file, a pipe)
/// the prefix would be noise, so the line is plain text with the severity as a word instead:
///
///     touchscroll.state: warning: state file is corrupt, starting from defaults path=/var/lib/touchscroll/state.json
///
/// `standardError` decides which as systemd does (`JournalStream`). Newlines inside a message or
/// value are written as `\n` so one message is always one line (and one journal entry).
///
/// Libraries take a `Logger`; only the executable bootstraps, with one line:
///
///     LoggingSystem.bootstrap(JournalLogHandler.standardError)
public struct JournalLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// `<N>` prefixes (journald) or plain text with a severity word.
    public let journal: Bool
    private let sink: any LogLineSink

    public init(label: String, sink: any LogLineSink, logLevel: Logger.Level = .info,
                metadataProvider: Logger.MetadataProvider? = nil, journal: Bool = true) {
        self.label = label
        self.sink = sink
        self.journal = journal
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }

    /// The handler for the executable: stderr, level from `$TOUCHSCROLL_LOG_LEVEL` (trace … critical),
    /// info when unset or unreadable.
    public static func standardError(label: String) -> JournalLogHandler {
        standardError(label: label, metadataProvider: nil)
    }

    public static func standardError(label: String, metadataProvider: Logger.MetadataProvider?) -> JournalLogHandler {
        let level = getenvString("TOUCHSCROLL_LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info
        return JournalLogHandler(label: label, sink: StandardErrorSink(), logLevel: level, metadataProvider: metadataProvider,
                                 journal: JournalStream.standardErrorIsJournal)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        sink.write(line: Self.formatLine(priority: JournalPriority(event.level), label: label,
                                         message: event.message.description, metadata: merged, journal: journal))
    }

    /// The exact line written for a message (newline included). Metadata keys are sorted so lines
    /// are stable and greppable.
    public static func formatLine(priority: JournalPriority, label: String, message: String,
                                  metadata: Logger.Metadata, journal: Bool = true) -> String {
        var line = journal ? priority.prefix : ""
        if !label.isEmpty { line += label + ": " }
        if !journal { line += priority.severityWord.map { $0 + ": " } ?? "" }
        line += escapeNewlines(message)
        for key in metadata.keys.sorted() {
            line += " \(escapeNewlines(key))=\(formatValue(metadata[key]!))"
        }
        line += "\n"
        return line
    }

    /// A value as it appears after `key=`: quoted when it contains spaces, quotes or is empty.
    static func formatValue(_ value: Logger.Metadata.Value) -> String {
        let text: String
        switch value {
        case .string(let s): text = s
        case .stringConvertible(let c): text = c.description
        case .array(let items): text = "[" + items.map(formatValue).joined(separator: ",") + "]"
        case .dictionary(let d): text = "{" + d.keys.sorted().map { "\($0)=\(formatValue(d[$0]!))" }.joined(separator: ",") + "}"
        }
        let escaped = escapeNewlines(text)
        if escaped.isEmpty || escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\t" }) {
            return "\"" + escaped.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        }
        return escaped
    }

    static func escapeNewlines(_ s: String) -> String {
        guard s.contains(where: { $0 == "\n" || $0 == "\r" }) else { return s }
        return s.replacingAll("\r", with: "\\r").replacingAll("\n", with: "\\n")
    }
}

extension String {
    /// Foundation-free replacement (Daemon's logging must not pull Foundation into every caller).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(count)
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
