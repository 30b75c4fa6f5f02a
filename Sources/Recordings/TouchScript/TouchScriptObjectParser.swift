import JSONDocument

/// A touch-script line that `TouchScriptLineScanner` did not take — another key, an escape, a
/// nested value, a value of the wrong type — read by the tree's one JSON parser (`JSONValue.parse`)
/// as one object, its values seen as `JSONScalar`s, so the reader can say which key is missing or
/// wrong. It runs only for lines off the common path, so it may allocate (the keys, the dictionary).
///
/// Nested arrays and objects are accepted as values and kept only as `.other` (the format has none,
/// and the error message names them). A key given twice, a number beyond a Double and anything that
/// is not one JSON object refuse the line.
enum TouchScriptObjectParser {
    /// How deep arrays and objects inside a value may nest before the line is refused.
    static let maximumDepth = 64

    /// Why a line is refused, as the text after `expected` in the reader's error.
    struct Refusal: Error, Equatable {
        var expected: String

        static let invalidJSON = Refusal(
            expected: "a JSON object of numbers and strings like {\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}, got invalid JSON")
    }

    /// The object's keys and values, when `line` (whitespace around it allowed) is one JSON object.
    static func parse(_ line: ArraySlice<UInt8>) throws(Refusal) -> [String: JSONScalar] {
        let value: JSONValue
        do {
            // The line's own object is one level more.
            value = try JSONValue.parse(line, maximumDepth: 1 + maximumDepth)
        } catch {
            if let path = error.duplicateKeyAt { throw Refusal(expected: "each key once, got \"\(path)\" twice") }
            if let path = error.numberOutOfRangeAt, path != "top level" {
                throw Refusal(expected: "\"\(path)\" a number a double can hold, got one beyond it")
            }
            throw .invalidJSON
        }
        guard case .object(let fields) = value else { throw .invalidJSON }
        return fields.mapValues(JSONScalar.init)
    }
}

extension JSONScalar {
    /// A whole number within Int64 is `.integer` (also written `1.0` or `1e3`, as Foundation's
    /// JSONDecoder reads an integer; `-0.0` is 0), every other number `.real`.
    init(_ value: JSONValue) {
        switch value {
        case .number(let number): self = number.integer.map(JSONScalar.integer) ?? .real(number.double)
        case .string(let string): self = .string(string)
        case .bool(let boolean): self = .boolean(boolean)
        case .null: self = .null
        case .array, .object: self = .other
        }
    }
}
