import ScrollEngine
import YAMLDocument

/// Reads `libinput record` YAML (version 1) one event at a time.
///
/// The header (version, the chosen device's `evdev` name/id/codes/absinfo/properties, unknown keys
/// ignored) is parsed with libyaml (`YAMLDocument`). The device's `events:` list is read line by
/// line by hand instead: a YAML tree holds the whole document at once, and recordings
/// can be hundreds of MB. `libinput record` writes that list in one fixed block style —
/// `- evdev:` starting a frame, then one `- [sec, usec, type, code, value]` line per event — so the
/// hand-written part only reads those lines, skips other entries (e.g. `- libinput:` events) by
/// indentation, and reports anything else with its line. Earlier devices' events are skipped
/// the same way without being kept.
public struct LibinputRecordReader: EvdevEventReader {
    public let device: EvdevDevice
    public let name: String
    public let deviceIndex: Int
    /// The file's `version:` (always 1: other versions are refused).
    public let version: Int
    /// The file's `ndevices:` (nil when absent).
    public let deviceCount: Int?
    public private(set) var warnings: [RecordingWarning] = []
    public private(set) var currentLine: Int?
    private var lines: LineReader
    private let eventsKeyIndent: Int
    private var inEvdevFrame = false
    private var frameIndent: Int?
    private var firstTime: Int64?
    private var pendingEvent: EvdevEvent?
    private var lastTime: Int64 = .min
    private var finished = false
    private var warnedUnknown = Set<[Int64]>()

    /// The most bytes the header given to libyaml may have (the top-level keys and the chosen
    /// device's description; events are never part of it). Real headers are a few kB; 256 KiB keeps
    /// the parse of the worst case (thousands of keys) short.
    public static let maximumHeaderBytes = 256 * 1024

    public init(source: any ByteSource, deviceIndex: Int = 0) throws {
        name = source.name
        self.deviceIndex = deviceIndex
        lines = LineReader(source: source)
        var topLevel: [TextLine] = []
        var deviceLines: [TextLine] = []
        var headerBytes = 0
        var sawDevicesKey = false
        var itemIndent: Int?
        var deviceCounter = -1
        var skippingEventsAt: Int? // indent of an earlier device's `events:` key being skipped
        var eventsIndent: Int?
        var sawAnything = false
        while let raw = try lines.nextRawLine() {
            // Indentation is judged on the bytes, so an earlier device's events are skipped
            // without building a String per line.
            var start = raw.bytes.startIndex
            while start < raw.bytes.endIndex, raw.bytes[start] == 0x20 { start += 1 }
            let indent = start - raw.bytes.startIndex
            let isItem = raw.bytes.endIndex - start >= 2 && raw.bytes[start] == UInt8(ascii: "-") && raw.bytes[start + 1] == 0x20
            if let skipIndent = skippingEventsAt, indent > skipIndent || (indent == skipIndent && isItem) {
                continue
            }
            let line = TextLine(number: raw.number, text: String(decoding: raw.bytes, as: UTF8.self))
            let text = line.text
            sawAnything = sawAnything || !text.allSatisfy(\.isWhitespace)
            let body = text.dropFirst(indent)
            if body.isEmpty || body.hasPrefix("#") || body.allSatisfy(\.isWhitespace) { continue }
            if body.first == "\t" {
                throw RecordingError(file: name, line: line.number, expected: "YAML indented with spaces, got a tab")
            }
            skippingEventsAt = nil
            if !sawDevicesKey {
                if indent == 0 && body.hasPrefix("devices:") {
                    sawDevicesKey = true
                } else {
                    headerBytes += raw.bytes.count + 1
                    topLevel.append(line)
                }
                continue
            }
            if indent == 0 && !body.hasPrefix("- ") {
                headerBytes += raw.bytes.count + 1
                topLevel.append(line) // a top-level key after the devices
                continue
            }
            if itemIndent == nil, body.hasPrefix("- ") { itemIndent = indent }
            if indent == itemIndent, body.hasPrefix("- ") { deviceCounter += 1 }
            let isEventsKey = body.hasPrefix("events:") && body.dropFirst("events:".count).allSatisfy({ $0.isWhitespace && !$0.isNewline })
            if isEventsKey {
                if deviceCounter == deviceIndex {
                    eventsIndent = indent
                    currentLine = line.number
                    break
                }
                skippingEventsAt = indent
                continue
            }
            if deviceCounter == deviceIndex {
                headerBytes += raw.bytes.count + 1
                deviceLines.append(line)
            }
            guard headerBytes <= Self.maximumHeaderBytes else {
                throw RecordingError(file: name, line: line.number,
                                     expected: "a header (everything before the device's events:) of at most \(Self.maximumHeaderBytes) bytes")
            }
        }
        guard sawAnything else {
            throw RecordingError(file: name, line: nil, expected: "a libinput record YAML file, got an empty file")
        }
        guard sawDevicesKey else {
            throw RecordingError(file: name, line: nil, expected: "a top-level \"devices:\" list")
        }
        guard deviceCounter >= deviceIndex, !deviceLines.isEmpty else {
            throw RecordingError(file: name, line: nil,
                                 expected: "device index \(deviceIndex), but the file has \(max(0, deviceCounter + 1)) device(s) (indices are 0-based)")
        }
        // Anchors, aliases, tags and complex keys are refused before libyaml sees them: a few
        // hundred bytes of nested aliases expand to gigabytes.
        var yamlGuard = YAMLGuard()
        for line in topLevel + deviceLines {
            if let problem = yamlGuard.check(line: line.text.utf8, number: line.number) {
                throw RecordingError(file: name, line: line.number,
                                     expected: "plain YAML as libinput record writes it, got \(problem.message) at column \(problem.column)")
            }
        }
        let header = LibinputRecordHeader(file: name)
        let parsed = try header.parse(topLevel: topLevel.map(\.text), device: deviceLines.map(\.text))
        version = parsed.version
        deviceCount = parsed.deviceCount
        device = parsed.device
        if let eventsIndent {
            eventsKeyIndent = eventsIndent
        } else {
            eventsKeyIndent = 0
            finished = true
            warnings.append(RecordingWarning(file: name, message: "device \(deviceIndex) has no events"))
        }
        pendingEvent = try nextEvent() // the first event fixes the time origin (and is checked now)
    }

    /// The first event's time as written in the file, in µs (the origin of the times returned).
    public var firstEventTime: Int64? { firstTime }

    public mutating func nextEvent() throws -> EvdevEvent? {
        if let event = pendingEvent {
            pendingEvent = nil
            return event
        }
        guard !finished else { return nil }
        // Works on the line's bytes: building a String per line made reading 50× slower than wc -l.
        while let (number, bytes) = try lines.nextRawLine() {
            var index = bytes.startIndex
            while index < bytes.endIndex, bytes[index] == 0x20 { index += 1 }
            let indent = index - bytes.startIndex
            let body = bytes[index...]
            if body.isEmpty || body.first == UInt8(ascii: "#") || body.allSatisfy({ $0 == 0x0d || $0 == 0x09 }) { continue }
            currentLine = number
            let isItem = body.count >= 2 && body.first == UInt8(ascii: "-") && body[body.startIndex + 1] == 0x20
            if indent < eventsKeyIndent || (indent == eventsKeyIndent && !isItem) {
                finished = true
                return nil
            }
            guard isItem else {
                if inEvdevFrame {
                    throw error(number, "an event line \"- [sec, usec, type, code, value]\", got \"\(String(decoding: bytes, as: UTF8.self).prefix(60))\"")
                }
                continue // a key inside a non-evdev entry
            }
            var itemStart = body.startIndex + 2
            while itemStart < body.endIndex, body[itemStart] == 0x20 { itemStart += 1 }
            let item = body[itemStart...]
            if frameIndent == nil || indent <= frameIndent! {
                let text = String(decoding: item, as: UTF8.self)
                if text.hasPrefix("[") && frameIndent == nil {
                    throw error(number, "a frame \"- evdev:\" before its events")
                }
                frameIndent = indent
                inEvdevFrame = text.hasPrefix("evdev:")
                if inEvdevFrame, Substring(text.dropFirst("evdev:".count)).trimmingSpaces.hasPrefix("[") {
                    throw error(number, "the block style libinput record writes (\"- evdev:\" then one \"- [ … ]\" line per event)")
                }
                continue
            }
            guard inEvdevFrame else { continue }
            let parsed = Self.fastEvent(item)
            if let numbers = parsed, let event = try accept(numbers, line: number) { return event }
            if parsed == nil, let event = try parseEvent(Substring(String(decoding: item, as: UTF8.self)), line: number) { return event }
        }
        finished = true
        return nil
    }

    /// `[sec, usec, type, code, value]` (spaces anywhere, optional `# comment` after) from bytes;
    /// nil for anything else, which `parseEvent` then reports precisely.
    static func fastEvent(_ bytes: ArraySlice<UInt8>) -> [Int64]? {
        var index = bytes.startIndex
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var numbers: [Int64] = []
        numbers.reserveCapacity(5)
        while true {
            while index < bytes.endIndex, bytes[index] == 0x20 { index += 1 }
            var negative = false
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            var value: Int64 = 0, digits = 0
            while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int64(bytes[index] - 0x30)
                digits += 1
                index += 1
                if digits > 15 { return nil }
            }
            guard digits > 0 else { return nil }
            numbers.append(negative ? -value : value)
            while index < bytes.endIndex, bytes[index] == 0x20 { index += 1 }
            guard index < bytes.endIndex else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]"), numbers.count == 5 else { return nil }
            index += 1
            break
        }
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x0d { index += 1 }
        guard index == bytes.endIndex || bytes[index] == UInt8(ascii: "#") else { return nil }
        return numbers
    }

    private mutating func parseEvent(_ item: Substring, line: Int) throws -> EvdevEvent? {
        var content = item
        if let hash = content.firstIndex(of: "#") { content = content[..<hash].trimmingSpaces }
        guard content.hasPrefix("["), content.hasSuffix("]") else {
            throw error(line, "an event [sec, usec, type, code, value], got \"\(item.prefix(60))\"")
        }
        let fields = content.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces }
        guard fields.count == 5 else {
            throw error(line, "an event with 5 numbers [sec, usec, type, code, value], got \(fields.count)")
        }
        var numbers: [Int64] = []
        for (index, field) in fields.enumerated() {
            guard let number = Int64(field) else {
                throw error(line, "\(["sec", "usec", "type", "code", "value"][index]) as a decimal integer, got \"\(field)\"")
            }
            numbers.append(number)
        }
        return try accept(numbers, line: line)
    }

    /// Checks ranges and time order; returns the event (nil for unknown types/codes, with a warning).
    private mutating func accept(_ numbers: [Int64], line: Int) throws -> EvdevEvent? {
        guard (0...(1 << 40)).contains(numbers[0]), (0..<1_000_000).contains(numbers[1]) else {
            throw error(line, "sec in 0…\(1 << 40) and usec in 0…999999, got \(numbers[0]), \(numbers[1])")
        }
        guard let value = Int32(exactly: numbers[4]) else {
            throw error(line, "value as a 32-bit integer, got \(numbers[4])")
        }
        let time = numbers[0] * 1_000_000 + numbers[1]
        guard time >= lastTime else {
            throw error(line, "a time ≥ the previous event's (time must not go backwards)")
        }
        lastTime = time
        guard let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]),
              type <= EventType.max, code <= EventType.maximumCode(of: type) else {
            // Once per type and code, and for at most 64 of them: a file full of them cannot grow
            // the warnings without bound.
            if warnedUnknown.count < 64, warnedUnknown.insert([numbers[2], numbers[3]]).inserted {
                warnings.append(RecordingWarning(file: name, line: line, message: "unknown event type \(numbers[2]) code \(numbers[3]) skipped (warned once)"))
            }
            return nil
        }
        // The first event kept (not a skipped unknown one) is the origin of the times returned.
        let first = firstTime ?? time
        firstTime = first
        return EvdevEvent(time: Timestamp(microseconds: time - first), type: type, code: code, value: value)
    }

    private func error(_ line: Int, _ expected: String) -> RecordingError {
        RecordingError(file: name, line: line, expected: expected)
    }
}
