/// A JSON document as a value: what `JSONValue.parse` reads (control requests, the state file, a
/// touch-script line off the scanner's path), so a reader can tell a missing field from a field of
/// the wrong type and name both precisely; control replies, the state file and `devices --json` are
/// built from it and written with sorted keys.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A number from its Double value.
    public static func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

    /// What a value is, for error messages ("expected a number, found a string").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as one line of JSON with sorted keys (no trailing newline). Numbers are written in
    /// their shortest exact form (`640`, `0.1`, `1e-05`; a whole number within Int64 as its digits,
    /// `9007199254740993` too), so a request's id is echoed unchanged; a non-finite number, which
    /// JSON cannot carry (parsed requests and engine states never hold one), is written `null`.
    public var jsonText: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value as compact JSON with sorted keys.
    public func append(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): Self.appendNumber(n, to: &bytes)
        case .string(let s): Self.appendString(s, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                fields[key]!.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The value as indented JSON with sorted keys, as Foundation's pretty printing writes it (two
    /// spaces per level, `"key" : value`): for people reading `touchscroll devices --json`.
    public var prettyText: String {
        var bytes: [UInt8] = []
        appendPretty(to: &bytes, level: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendPretty(to bytes: inout [UInt8], level: Int) {
        func newline(_ level: Int) {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
        }
        switch self {
        case .array(let items) where !items.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                item.appendPretty(to: &bytes, level: level + 1)
            }
            newline(level)
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields) where !fields.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level + 1)
                Self.appendString(key, to: &bytes)
                bytes.append(contentsOf: " : ".utf8)
                fields[key]!.appendPretty(to: &bytes, level: level + 1)
            }
            newline(level)
            bytes.append(UInt8(ascii: "}"))
        default:
            append(to: &bytes)
        }
    }

    private static func appendNumber(_ number: JSONNumber, to bytes: inout [UInt8]) {
        if let integer = number.integer {
            bytes.append(contentsOf: "\(integer)".utf8)
            return
        }
        let value = number.double
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        // Swift's description is the shortest text that reads back as the same Double.
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    private static func appendString(_ string: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                                     hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
