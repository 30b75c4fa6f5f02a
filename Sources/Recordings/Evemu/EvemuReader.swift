import ScrollEngine

/// Reads evemu recordings (`evemu-record` output, versions 1.1–1.3) one event at a time.
///
/// Accepts: the `# EVEMU x.y` comment, description lines `N:` `I:` `P:` `B:` `A:` (A: with 5 or 6
/// fields), `E: sec.usec type code value` lines (type and code hex, value decimal, zero-padded or
/// negative like `-001`), `#` comments anywhere on a line, blank lines. Times are normalised to
/// the first event (1.1 files carry epoch times). The description may come from a separate
/// `.desc` file when the events file has none. Only the current line is held in memory.
public struct EvemuReader: EvdevEventReader {
    public let device: EvdevDevice
    public let name: String
    /// The `# EVEMU x.y` version of the file with the events (or its description), if stated.
    public let version: String?
    public private(set) var warnings: [RecordingWarning]
    public private(set) var currentLine: Int?
    private var lines: LineReader
    private var pending: TextLine?
    private var pendingEvent: EvdevEvent?
    private var firstTime: Int64?
    private var lastTime: Int64 = .min
    private var warnedUnknown = Set<UInt32>()
    /// The last event line's time field, for the fast path (see `EvemuEventLine.RecentTime`).
    private var recentTime = EvemuEventLine.RecentTime()
    /// - Parameters:
    ///   - source: the recording (or the headerless events file).
    ///   - description: a separate description (`.desc`) to use instead of the file's own; needed
    ///     when the file has no `N:` line before its first event.
    public init(source: any ByteSource, description: (any ByteSource)? = nil) throws {
        name = source.name
        lines = LineReader(source: source)
        var header = EvemuDescription(file: source.name)
        var sawAnything = false
        while let line = try lines.nextLine() {
            sawAnything = true
            let (content, comment) = Self.split(line.text)
            if try header.consume(content, comment: comment, line: line.number) { continue }
            guard content.hasPrefix("E:") else {
                throw RecordingError(file: source.name, line: line.number,
                                     expected: "an evemu line (N:, I:, P:, B:, A:, E: or a # comment), got \"\(line.text.prefix(40))\"")
            }
            pending = line
            break
        }
        guard sawAnything else {
            throw RecordingError(file: source.name, line: nil, expected: "an evemu recording (# EVEMU header, N:/I:/P:/B:/A: description, E: events), got an empty file")
        }
        var warnings = header.warnings
        var version = header.version
        if let description {
            var descriptionLines = LineReader(source: description)
            var separate = EvemuDescription(file: description.name)
            while let line = try descriptionLines.nextLine() {
                let (content, comment) = Self.split(line.text)
                if try separate.consume(content, comment: comment, line: line.number) { continue }
                if content.hasPrefix("E:") { break } // a full recording given as description: its header is enough
                throw RecordingError(file: description.name, line: line.number,
                                     expected: "an evemu description line (N:, I:, P:, B:, A: or a # comment), got \"\(line.text.prefix(40))\"")
            }
            guard separate.hasDevice else {
                throw RecordingError(file: description.name, line: nil, expected: "an evemu description with an N: line")
            }
            warnings += separate.warnings
            version = version ?? separate.version
            header = separate
        } else if !header.hasDevice {
            throw RecordingError(file: source.name, line: pending?.number,
                                 expected: "a device description (N:, I:, P:, B:, A: lines) before the first E: line, or a separate description (--desc FILE, or NAME.desc beside the file)")
        }
        device = try header.device()
        self.version = version
        self.warnings = warnings
        if pending == nil {
            self.warnings.append(RecordingWarning(file: source.name, line: nil, message: "the recording has a description but no events"))
        }
        pendingEvent = try nextEvent() // the first event fixes the time origin (and is checked now)
    }

    /// The first event's time as written in the file, in µs (the origin of the times returned).
    public var firstEventTime: Int64? { firstTime }

    /// Bytes buffered by the line reader (bounded: one chunk plus the current line).
    public var bufferedByteCount: Int { lines.bufferedByteCount }

    public mutating func nextEvent() throws -> EvdevEvent? {
        if let event = pendingEvent {
            pendingEvent = nil
            return event
        }
        while true {
            let line: TextLine
            if let pending {
                line = pending
                self.pending = nil
            } else {
                // An event line is parsed straight from the reader's buffer; anything else becomes text.
                var recentTime = self.recentTime
                defer { self.recentTime = recentTime }
                guard let (number, raw) = try lines.withNextRawLine({ number, bytes -> (Int, RawLine) in
                    if let fast = EvemuEventLine.parse(bytes, recent: &recentTime) { return (number, .event(fast)) }
                    return (number, .other(String(decoding: bytes, as: UTF8.self)))
                }) else { return nil }
                switch raw {
                case .event(let fast):
                    currentLine = number
                    if let event = try accept(microseconds: fast.microseconds, type: fast.type, code: fast.code, value: fast.value,
                                              timeText: nil, line: number) {
                        return event
                    }
                    continue
                case .other(let text):
                    line = TextLine(number: number, text: text)
                }
            }
            currentLine = line.number
            let (content, _) = Self.split(line.text)
            if content.isEmpty { continue }
            guard content.hasPrefix("E:") else {
                throw error(line.number, "an E: event line or a # comment after the first event, got \"\(line.text.prefix(40))\"")
            }
            if let event = try parseEvent(content.dropFirst(2), line: line.number) { return event }
        }
    }

    /// A line as read: an event line parsed on the fast path, or any other line's text.
    private enum RawLine {
        case event(EvemuEventLine.Parsed)
        case other(String)
    }

    private mutating func parseEvent(_ text: Substring, line: Int) throws -> EvdevEvent? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4 else {
            throw error(line, "E: sec.usec type code value (4 fields), got \(fields.count) field(s)")
        }
        let microseconds = try Self.time(fields[0]) ?? { throw error(line, "a time sec.usec (e.g. 12.000345), got \"\(fields[0])\"") }()
        guard let type = UInt16(fields[1], radix: 16) else { throw error(line, "an event type in hex (e.g. 0003), got \"\(fields[1])\"") }
        guard let code = UInt16(fields[2], radix: 16) else { throw error(line, "an event code in hex (e.g. 0035), got \"\(fields[2])\"") }
        guard let value = Int32(fields[3]) else { throw error(line, "an event value as a decimal 32-bit integer (e.g. 0042 or -001), got \"\(fields[3])\"") }
        return try accept(microseconds: microseconds, type: type, code: code, value: value, timeText: fields[0], line: line)
    }

    /// The event lines already buffered go to `decoder` in one pass over the buffer, up to the first
    /// line that is anything else or would be refused or warned about (`orderedKnownEvent` gives
    /// nil): that line is left for `nextEvent`, which reports it.
    public mutating func feedReadyEvents(to decoder: inout EvdevDecoder, lastTime eventTime: inout Timestamp) -> TouchFrame? {
        guard pendingEvent == nil, pending == nil else { return nil }
        var recent = recentTime, last = lastTime, first = firstTime
        var fedLine: Int?, frame: TouchFrame?
        lines.forEachBufferedLine { number, bytes in
            guard let line = EvemuEventLine.parse(bytes, recent: &recent),
                  let event = Self.orderedKnownEvent(line, last: &last, first: &first) else { return .left }
            fedLine = number
            eventTime = event.time
            frame = decoder.feed(event)
            return frame == nil && !decoder.hasWarnings ? .read : .readLast
        }
        (recentTime, lastTime, firstTime) = (recent, last, first)
        if let fedLine { currentLine = fedLine }
        return frame
    }

    /// Checks time order and known types/codes; returns the event with its time from the first event.
    private mutating func accept(microseconds: Int64, type: UInt16, code: UInt16, value: Int32, timeText: Substring?, line: Int) throws -> EvdevEvent? {
        guard microseconds >= lastTime else {
            let written = EvemuWriter.eventLine(EvdevEvent(time: Timestamp(microseconds: microseconds), type: 0, code: 0, value: 0))
            let shown = timeText.map(String.init) ?? String(written.dropFirst(3).prefix { $0 != " " })
            throw error(line, "a time ≥ the previous event's (time must not go backwards), got \(shown)")
        }
        let parsed = EvemuEventLine.Parsed(microseconds: microseconds, type: type, code: code, value: value)
        if let event = Self.orderedKnownEvent(parsed, last: &lastTime, first: &firstTime) { return event }
        lastTime = microseconds
        let key = UInt32(type) << 16 | UInt32(code)
        // Once per type and code, and for at most 64 of them (bounded memory).
        if warnedUnknown.count < 64, warnedUnknown.insert(key).inserted {
            warnings.append(RecordingWarning(file: name, line: line, message: "unknown event type 0x\(String(type, radix: 16)) code 0x\(String(code, radix: 16)) skipped (warned once)"))
        }
        return nil
    }

    /// The rule every event line goes through: an event whose time is not before `last` and whose
    /// type and code are known becomes an event with its time from the first event kept (the
    /// origin, set by the first such event), updating `last` and `first`; any other line gives nil
    /// and changes nothing (the caller refuses or skips it).
    private static func orderedKnownEvent(_ line: EvemuEventLine.Parsed, last: inout Int64, first: inout Int64?) -> EvdevEvent? {
        guard line.microseconds >= last, line.type <= EventType.max, line.code <= EventType.maximumCode(of: line.type) else { return nil }
        last = line.microseconds
        let origin = first ?? line.microseconds
        first = origin
        return EvdevEvent(time: Timestamp(microseconds: line.microseconds - origin), type: line.type, code: line.code, value: line.value)
    }

    /// `sec.usec` as µs; the fraction may have fewer than 6 digits (`1.5` is 1.5 s).
    static func time(_ field: Substring) -> Int64? {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), seconds >= 0, seconds < 1 << 40,
              !parts[1].isEmpty, parts[1].count <= 6, parts[1].allSatisfy(\.isASCII), let fraction = Int64(parts[1]), fraction >= 0
        else { return nil }
        var micro = fraction
        for _ in parts[1].count..<6 { micro *= 10 }
        return seconds * 1_000_000 + micro
    }

    /// Splits a line into its content (trimmed) and its `#` comment.
    static func split(_ text: String) -> (content: Substring, comment: Substring?) {
        let line = Substring(text)
        // N: lines hold a device name, which may itself contain '#'.
        if line.hasPrefix("N:") { return (line.trimmingSpaces, nil) }
        guard let hash = line.firstIndex(of: "#") else { return (line.trimmingSpaces, nil) }
        return (line[..<hash].trimmingSpaces, line[line.index(after: hash)...])
    }

    private func error(_ line: Int, _ expected: String) -> RecordingError {
        RecordingError(file: name, line: line, expected: expected)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
