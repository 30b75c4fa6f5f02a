/// JSON text (RFC 8259) into a `JSONValue`, accepting exactly what Foundation's `JSONDecoder` did
/// (which read control requests and state files before; `JSONCorpusDifferentialTests` compares
/// the two on the fuzz corpora): no comments, no unescaped control characters, no lone surrogates,
/// nothing after the value but whitespace; as JSONDecoder, a UTF-8 byte order mark before the value
/// and one trailing comma in an array or object are accepted, and a key given twice keeps its
/// first value. Bounded: nesting deeper than `maximumDepth` and numbers a Double cannot hold (too
/// large, or so small they would read as 0) are errors.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, as a short phrase.
    public var reason: String
    /// Where: a byte offset into the text.
    public var offset: Int
    /// For a number beyond a Double, the key path to it (`scale`, `rect.Index 0`, `top level`):
    /// the text is valid JSON that no field can hold.
    public var numberOutOfRangeAt: String?

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// Deepest nesting of arrays and objects accepted (as Foundation's JSONDecoder).
    public static let maximumDepth = 512

    /// The single JSON value in `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(bytes: buffer)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 } // a byte order mark
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("unexpected text after the value") }
            return value
        }
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The keys and array positions (`Index 2`) down to the value being parsed.
    var path: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
    }

    mutating func expect(_ word: String) throws(JSONParseError) {
        for byte in word.utf8 {
            guard current == byte else { throw error("unexpected character") }
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let b = current else { throw error("unexpected end of input") }
        switch b {
        case UInt8(ascii: "{"):
            guard depth < JSONValue.maximumDepth else { throw error("nested too deeply") }
            index += 1
            var fields: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected a colon") }
                index += 1
                skipWhitespace()
                path.append(key)
                let item = try value(depth: depth + 1)
                path.removeLast()
                if fields[key] == nil { fields[key] = item }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if current == UInt8(ascii: "}") { index += 1; return .object(fields) } // one trailing comma
                    continue
                }
                guard current == UInt8(ascii: "}") else { throw error("expected a comma or a closing brace") }
                index += 1
                return .object(fields)
            }
        case UInt8(ascii: "["):
            guard depth < JSONValue.maximumDepth else { throw error("nested too deeply") }
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                path.append("Index \(items.count)")
                items.append(try value(depth: depth + 1))
                path.removeLast()
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if current == UInt8(ascii: "]") { index += 1; return .array(items) } // one trailing comma
                    continue
                }
                guard current == UInt8(ascii: "]") else { throw error("expected a comma or a closing bracket") }
                index += 1
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(JSONParseError) -> Double {
        let start = index
        func isDigit(_ b: UInt8?) -> Bool { b.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        guard isDigit(current) else { throw error("expected a digit") }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("a number with a leading zero") }
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected a digit after the decimal point") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            while isDigit(current) { index += 1 }
        }
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text = String(decoding: digits, as: UTF8.self)
        // Underflow: a mantissa with a non-zero digit that reads as 0 (1e-999) is out of range too.
        let mantissa = digits.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let underflows = { mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) } }
        guard let value = Double(text), value.isFinite, value != 0 || !underflows() else {
            index = start
            var failure = error("number out of range")
            failure.numberOutOfRangeAt = path.isEmpty ? "top level" : path.joined(separator: ".")
            throw failure
        }
        return value
    }

    mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current else { throw error("unexpected end of input") }
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A string at `index` (on its opening quote); must be valid UTF-8.
    mutating func string() throws(JSONParseError) -> String {
        index += 1
        var result: [UInt8] = []
        while true {
            guard let b = current else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: result, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = current else { throw error("unterminated string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escape)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard current == UInt8(ascii: "\\") else { throw error("a lone surrogate") }
                        index += 1
                        guard current == UInt8(ascii: "u") else { throw error("a lone surrogate") }
                        index += 1
                        let low = try hexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("a lone surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    result.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw error("invalid escape")
                }
            case 0..<0x20:
                throw error("a control character in a string")
            default:
                result.append(b)
                index += 1
            }
        }
    }
}
