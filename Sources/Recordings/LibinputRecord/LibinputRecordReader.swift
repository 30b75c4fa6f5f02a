import Foundation
import ScrollEngine
import Yams

/// Reads `libinput record` YAML (version 1) one event at a time.
///
/// The header (version, the chosen device's `evdev` name/id/codes/absinfo/properties, unknown keys
/// ignored) is parsed with Yams. The device's `events:` list is read line by line by hand instead:
/// Yams (libyaml's document API) builds the whole document before returning it, and recordings
/// can be hundreds of MB. `libinput record` writes that list in one fixed block style —
/// `- evdev:` starting a frame, then one `- [sec, usec, type, code, value]` line per event — so the
/// hand-written part only reads those lines, skips other entries (e.g. `- libinput:` events) by
/// indentation, and reports anything else with its line. Earlier devices' events are skipped
/// the same way without being kept.
public struct LibinputRecordReader: EvdevEventReader {
    public let device: EvdevDevice
    public let name: String
    public let deviceIndex: Int
    /// How many devices the file has, as far as it was read (all before and including the chosen one).
    public let version: Int
    public private(set) var warnings: [RecordingWarning] = []
    public private(set) var currentLine: Int?
    private var lines: LineReader
    private let eventsKeyIndent: Int
    private var inEvdevFrame = false
    private var frameIndent: Int?
    private var firstTime: Int64?
    private var lastTime: Int64 = .min
    private var finished = false

    public init(source: any ByteSource, deviceIndex: Int = 0) throws {
        name = source.name
        self.deviceIndex = deviceIndex
        lines = LineReader(source: source)
        var topLevel: [String] = []
        var deviceLines: [String] = []
        var sawDevicesKey = false
        var itemIndent: Int?
        var deviceCounter = -1
        var skippingEventsAt: Int? // indent of an earlier device's `events:` key being skipped
        var eventsIndent: Int?
        var sawAnything = false
        while let line = try lines.nextLine() {
            let text = line.text
            sawAnything = sawAnything || !text.allSatisfy(\.isWhitespace)
            let indent = text.prefix { $0 == " " }.count
            let body = text.dropFirst(indent)
            if body.isEmpty || body.hasPrefix("#") { continue }
            if body.first == "\t" {
                throw RecordingError(file: name, line: line.number, expected: "expected YAML indented with spaces, got a tab")
            }
            if let skipIndent = skippingEventsAt {
                if indent > skipIndent || (indent == skipIndent && body.hasPrefix("- ")) { continue }
                skippingEventsAt = nil
            }
            if !sawDevicesKey {
                if indent == 0 && body.hasPrefix("devices:") {
                    sawDevicesKey = true
                } else {
                    topLevel.append(text)
                }
                continue
            }
            if indent == 0 && !body.hasPrefix("- ") {
                topLevel.append(text) // a top-level key after the devices
                continue
            }
            if itemIndent == nil, body.hasPrefix("- ") { itemIndent = indent }
            if indent == itemIndent, body.hasPrefix("- ") { deviceCounter += 1 }
            let isEventsKey = body.hasPrefix("events:") && body.dropFirst("events:".count).trimmingCharacters(in: .whitespaces).isEmpty
            if isEventsKey {
                if deviceCounter == deviceIndex {
                    eventsIndent = indent
                    currentLine = line.number
                    break
                }
                skippingEventsAt = indent
                continue
            }
            if deviceCounter == deviceIndex { deviceLines.append(text) }
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
        let header = LibinputRecordHeader(file: name)
        let parsed = try header.parse(topLevel: topLevel, device: deviceLines)
        version = parsed.version
        device = parsed.device
        if let eventsIndent {
            eventsKeyIndent = eventsIndent
        } else {
            eventsKeyIndent = 0
            finished = true
            warnings.append(RecordingWarning(file: name, message: "device \(deviceIndex) has no events"))
        }
    }

    public mutating func nextEvent() throws -> EvdevEvent? {
        guard !finished else { return nil }
        while let line = try lines.nextLine() {
            let text = line.text
            let indent = text.prefix { $0 == " " }.count
            let body = text.dropFirst(indent)
            if body.isEmpty || body.hasPrefix("#") { continue }
            currentLine = line.number
            if indent < eventsKeyIndent || (indent == eventsKeyIndent && !body.hasPrefix("- ")) {
                finished = true
                return nil
            }
            guard body.hasPrefix("- ") else {
                if inEvdevFrame {
                    throw error(line.number, "an event line \"- [sec, usec, type, code, value]\", got \"\(text.prefix(60))\"")
                }
                continue // a key inside a non-evdev entry
            }
            let item = body.dropFirst(2).trimmingSpaces
            if frameIndent == nil || indent <= frameIndent! {
                if item.hasPrefix("[") && frameIndent == nil {
                    throw error(line.number, "a frame \"- evdev:\" before its events")
                }
                frameIndent = indent
                inEvdevFrame = item.hasPrefix("evdev:")
                if inEvdevFrame, item.dropFirst("evdev:".count).trimmingSpaces.hasPrefix("[") {
                    throw error(line.number, "the block style libinput record writes (\"- evdev:\" then one \"- [ … ]\" line per event)")
                }
                continue
            }
            guard inEvdevFrame else { continue }
            if let event = try parseEvent(item, line: line.number) { return event }
        }
        finished = true
        return nil
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
        guard numbers[0] >= 0, (0..<1_000_000).contains(numbers[1]) else {
            throw error(line, "sec ≥ 0 and usec in 0…999999, got \(numbers[0]), \(numbers[1])")
        }
        guard let value = Int32(exactly: numbers[4]) else {
            throw error(line, "value as a 32-bit integer, got \(numbers[4])")
        }
        let time = numbers[0] * 1_000_000 + numbers[1]
        guard time >= lastTime else {
            throw error(line, "a time ≥ the previous event's (time must not go backwards)")
        }
        lastTime = time
        let first = firstTime ?? time
        firstTime = first
        guard let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]),
              type <= EventType.max, code <= EventType.maximumCode(of: type) else {
            warnings.append(RecordingWarning(file: name, line: line, message: "unknown event type \(numbers[2]) code \(numbers[3]) skipped"))
            return nil
        }
        return EvdevEvent(time: Timestamp(microseconds: time - first), type: type, code: code, value: value)
    }

    private func error(_ line: Int, _ expected: String) -> RecordingError {
        RecordingError(file: name, line: line, expected: "expected " + expected)
    }
}
