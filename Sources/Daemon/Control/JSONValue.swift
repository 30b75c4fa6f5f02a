import Foundation

/// A JSON document as a value. Requests are decoded into this first (Foundation's JSONDecoder
/// does the parsing) so the command parser can tell a missing field from a field of the wrong
/// type and name both precisely; replies are built from it and written with sorted keys.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else {
            do {
                self = .object(try c.decode([String: JSONValue].self))
            } catch DecodingError.typeMismatch {
                // Not null, bool, number, string, array or object: the only valid JSON that gets
                // here is a number a Double cannot hold (errors inside an object pass through).
                let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "number out of range at \(path.isEmpty ? "top level" : path)"))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

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

    /// The value as one line of JSON with sorted keys (no trailing newline).
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue fails only for non-finite numbers, which replies never contain
        // (the parser rejects them and engine states are finite).
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
