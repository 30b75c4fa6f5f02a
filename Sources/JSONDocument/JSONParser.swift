/// JSON text (RFC 8259) into a `JSONValue`: the one JSON parser of the tree, for control requests,
/// the state file and touch-script lines. Byte-level, no Foundation. It accepts what Foundation's
/// `JSONDecoder` accepted when it read control requests and state files (`JSONCorpusDifferentialTests`
/// compares the two on the fuzz corpora): no comments, no unescaped control characters, no lone
/// surrogates, no invalid UTF-8, nothing after the value but whitespace; a UTF-8 byte order mark
/// before the value and one trailing comma in an array or object are accepted. Stricter than
/// JSONDecoder in one rule: a key given twice in one object is an error (RFC 8259 leaves the meaning
/// open, and readers disagree on which value wins), as a duplicate key is in the YAML configuration.
/// Bounded: nesting deeper than the caller's `maximumDepth` and numbers a Double cannot hold (too
/// large, or so small they would read as 0) are errors.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, as a short phrase.
    public var reason: String
    /// Where: a byte offset into the text.
    public var offset: Int
    /// For a number beyond a Double, the key path to it (`scale`, `rect.Index 0`, `top level`):
    /// the text is valid JSON that no field can hold.
    public var numberOutOfRangeAt: String?
    /// For a key given twice in one object, its key path (`command`, `offset.x`).
    public var duplicateKeyAt: String?

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// Deepest nesting of arrays and objects accepted by default (as Foundation's JSONDecoder).
    public static let defaultMaximumDepth = 512

    /// The single JSON value in `bytes` (whitespace around it allowed), with at most `maximumDepth`
    /// arrays and objects nested (the outermost counts: `[[1]]` is 2 deep).
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try parse(bytes[...], maximumDepth: maximumDepth)
    }

    /// The single JSON value in `bytes`; error offsets count from the slice's start.
    public static func parse(_ bytes: ArraySlice<UInt8>, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
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
    /// One step of the way from the top to the value being parsed.
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    /// The keys and array positions down to the value being parsed (only spelled out for an error).
    var path: [PathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

    /// The path as error messages name it: keys and `Index N` joined by dots, or `top level`.
    var pathText: String {
        guard !path.isEmpty else { return "top level" }
        return path.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): "Index \(index)"
            }
        }.joined(separator: ".")
    }

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
            guard depth < maximumDepth else { throw error("nested too deeply") }
            index += 1
            var fields: [String: JSONValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
                let keyStart = index
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected a colon") }
                index += 1
                skipWhitespace()
                path.append(.key(key))
                let item = try value(depth: depth + 1)
                guard fields.updateValue(item, forKey: key) == nil else {
                    var failure = JSONParseError(reason: "duplicate key", offset: keyStart)
                    failure.duplicateKeyAt = pathText
                    throw failure
                }
                path.removeLast()
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
            guard depth < maximumDepth else { throw error("nested too deeply") }
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                path.append(.index(items.count))
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
    mutating func number() throws(JSONParseError) -> JSONNumber {
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
        var isIntegerLiteral = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected a digit after the decimal point") }
            while isDigit(current) { index += 1 }
            isIntegerLiteral = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("expected a digit in the exponent") }
            while isDigit(current) { index += 1 }
            isIntegerLiteral = false
        }
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // Underflow: a mantissa with a non-zero digit that reads as 0 (1e-999) is out of range too.
        let mantissa = digits.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let underflows = { mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) } }
        guard let number = JSONNumber(literal: String(decoding: digits, as: UTF8.self), isIntegerLiteral: isIntegerLiteral),
              number.double.isFinite, number.double != 0 || !underflows() else {
            index = start
            var failure = error("number out of range")
            failure.numberOutOfRangeAt = pathText
            throw failure
        }
        return number
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

    /// A string at `index` (on its opening quote), escapes decoded (`\uXXXX` with surrogate pairs);
    /// must be valid UTF-8.
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
