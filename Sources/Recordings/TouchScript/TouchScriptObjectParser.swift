/// Parses a touch-script line that `TouchScriptLineScanner` did not take — another key, an escape, a
/// nested value, a value of the wrong type — as a JSON object of scalars (RFC 8259's grammar), so the
/// reader can say which key is missing or wrong. Byte-level and self-contained (no Foundation); it runs
/// only for lines off the common path, so it may allocate (the keys, the dictionary).
///
/// Nested arrays and objects are accepted as values and kept only as `.other` (the format has none,
/// and the error message names them); a repeated key keeps its last value.
enum TouchScriptObjectParser {
    /// How deep arrays and objects inside a value may nest before the line is refused.
    static let maximumDepth = 64

    /// The object's keys and values, or nil when `line` (spaces and tabs around it allowed) is not
    /// one JSON object.
    static func parse(_ line: ArraySlice<UInt8>) -> [String: JSONScalar]? {
        var parser = Parser(bytes: line)
        guard let object = parser.object(), parser.atEnd else { return nil }
        return object
    }

    private struct Parser {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool {
            mutating get {
                skipWhitespace()
                return index == bytes.endIndex
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func peek() -> UInt8? {
            skipWhitespace()
            return index < bytes.endIndex ? bytes[index] : nil
        }

        /// `{ "key": scalar, … }` at the top level.
        mutating func object() -> [String: JSONScalar]? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var fields: [String: JSONScalar] = [:]
            if take(UInt8(ascii: "}")) { return fields }
            repeat {
                guard peek() == UInt8(ascii: "\""), let key = string(), take(UInt8(ascii: ":")),
                      let value = value(depth: 1) else { return nil }
                fields[key] = value
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? fields : nil
        }

        mutating func value(depth: Int) -> JSONScalar? {
            guard let first = peek() else { return nil }
            switch first {
            case UInt8(ascii: "\""): return string().map(JSONScalar.string)
            case UInt8(ascii: "{"), UInt8(ascii: "["): return skipContainer(depth: depth) ? .other : nil
            case UInt8(ascii: "t"): return literal("true") ? .boolean(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .boolean(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.endIndex - index >= count else { return false }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return false }
            index += count
            return true
        }

        /// An array or object inside a value: checked for well-formedness, not kept.
        mutating func skipContainer(depth: Int) -> Bool {
            guard depth <= maximumDepth, let open = peek() else { return false }
            index += 1
            let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if take(close) { return true }
            repeat {
                if open == UInt8(ascii: "{") {
                    guard peek() == UInt8(ascii: "\""), string() != nil, take(UInt8(ascii: ":")) else { return false }
                }
                guard value(depth: depth + 1) != nil else { return false }
            } while take(UInt8(ascii: ","))
            return take(close)
        }

        /// A string with its escapes decoded (`\uXXXX` with surrogate pairs); control characters and
        /// malformed escapes or UTF-8 refuse the line.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var utf8: [UInt8] = []
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    var iterator = utf8.makeIterator()
                    var decoder = UTF8()
                    var text = ""
                    while true {
                        switch decoder.decode(&iterator) {
                        case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                        case .emptyInput: return text
                        case .error: return nil
                        }
                    }
                case UInt8(ascii: "\\"):
                    guard index < bytes.endIndex else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        utf8.append(contentsOf: String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0x00..<0x20: return nil
                default: utf8.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        mutating func hex4() -> UInt32? {
            guard bytes.endIndex - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. A whole number
        /// that fits Int64 is `.integer`, also when written with a fraction or an exponent (`1.0`,
        /// `1e3`, `-0.0` is 0), as Foundation's JSONDecoder reads an integer; everything else is `.real`.
        mutating func number() -> JSONScalar? {
            skipWhitespace()
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
            var isInteger = true
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
                isInteger = false
            }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
                isInteger = false
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let integer = Int64(text) { return .integer(integer) }
            guard let real = Double(text) else { return nil }
            if real == real.rounded(), abs(real) < 0x1p63 { return .integer(Int64(real)) }
            return .real(real)
        }
    }
}
