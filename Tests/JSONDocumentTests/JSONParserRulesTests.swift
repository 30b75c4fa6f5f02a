import JSONDocument
import XCTest

/// The parser's rules, one script each, with the values and errors it must give: a key given twice,
/// the depth limit, numbers (exact integers, ranges), escapes and invalid UTF-8.
final class JSONParserRulesTests: XCTestCase {
    private func parse(_ text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// The error `text` gives (nil: it parses).
    private func failure(_ bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(bytes, maximumDepth: maximumDepth)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth) -> JSONParseError? {
        failure(Array(text.utf8), maximumDepth: maximumDepth)
    }

    private func number(_ text: String) throws -> JSONNumber {
        guard case .number(let number) = try parse(text) else {
            XCTFail("\(text) is not a number")
            return JSONNumber(.nan)
        }
        return number
    }

    // MARK: A key given twice

    func testAKeyGivenTwiceIsAnErrorNamingItsPath() {
        let cases: [(text: String, path: String, offset: Int)] = [
            (#"{"a":1,"a":2}"#, "a", 7),
            (#"{"a":1,"a":1}"#, "a", 7), // the same value too
            (#"{"command":"state","id":1,"command":"state"}"#, "command", 26),
            (#"{"offset":{"x":0,"y":640,"x":1}}"#, "offset.x", 25),
            (#"[0,{"k":null,"k":[]}]"#, "Index 1.k", 13),
            (#"{"a":1,"\u0061":2}"#, "a", 7), // spelled differently, the same key once decoded
        ]
        for (text, path, offset) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.duplicateKeyAt, path, text)
            XCTAssertEqual(error?.reason, "duplicate key", text)
            XCTAssertEqual(error?.offset, offset, text)
            XCTAssertNil(error?.numberOutOfRangeAt, text)
        }
    }

    func testTheSameKeyInDifferentObjectsIsFine() throws {
        XCTAssertEqual(try parse(#"[{"a":1},{"a":2}]"#), .array([.object(["a": .number(1)]), .object(["a": .number(2)])]))
        XCTAssertEqual(try parse(#"{"a":{"a":{"a":3}}}"#), .object(["a": .object(["a": .object(["a": .number(3)])])]))
        XCTAssertEqual(try parse(#"{"a":1,"A":2,"a ":3}"#), .object(["a": .number(1), "A": .number(2), "a ": .number(3)]))
    }

    // MARK: Depth

    func testTheDepthLimitCountsEveryArrayAndObjectTheOutermostIncluded() throws {
        XCTAssertEqual(try parse("[[[1]]]", maximumDepth: 3), .array([.array([.array([.number(1)])])]))
        XCTAssertEqual(try parse(#"{"a":{"b":{}}}"#, maximumDepth: 3), .object(["a": .object(["b": .object([:])])]))
        XCTAssertEqual(try parse(#"{"a":[1,{"b":2}]}"#, maximumDepth: 3),
                       .object(["a": .array([.number(1), .object(["b": .number(2)])])]))
        let arrays = failure("[[[[1]]]]", maximumDepth: 3)
        XCTAssertEqual(arrays?.reason, "nested too deeply")
        XCTAssertEqual(arrays?.offset, 3)
        XCTAssertEqual(failure(#"{"a":{"b":{"c":{}}}}"#, maximumDepth: 3)?.description, "nested too deeply at byte 15")
        // Scalars add no depth; a limit of 0 takes only them.
        XCTAssertEqual(try parse("1", maximumDepth: 0), .number(1))
        XCTAssertEqual(failure("[]", maximumDepth: 0)?.description, "nested too deeply at byte 0")
    }

    func testTheDefaultDepthIs512() {
        XCTAssertEqual(JSONValue.defaultMaximumDepth, 512)
        XCTAssertNil(failure(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
        XCTAssertEqual(failure(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))?.description,
                       "nested too deeply at byte 512")
        // 100 000 levels are refused at the limit, not recursed into.
        XCTAssertEqual(failure(String(repeating: #"{"a":"#, count: 100_000))?.offset, 512 * 5)
    }

    // MARK: Numbers

    func testWholeNumbersKeepTheirExactInteger() throws {
        let cases: [(text: String, integer: Int64?, double: Double)] = [
            ("0", 0, 0),
            ("640", 640, 640),
            ("-12", -12, -12),
            ("9007199254740993", 9_007_199_254_740_993, 9_007_199_254_740_992), // 2^53 + 1: a Double rounds it
            ("1099511627775999999", 1_099_511_627_775_999_999, 1_099_511_627_776_000_000),
            ("9223372036854775807", Int64.max, 9_223_372_036_854_775_808),
            ("-9223372036854775808", Int64.min, -9_223_372_036_854_775_808),
            ("1.0", 1, 1), // whole, written with a fraction or an exponent
            ("1e3", 1000, 1000),
            ("2.5E1", 25, 25),
            ("-0.0", 0, 0),
            ("0.5", nil, 0.5),
            ("-2.5e-3", nil, -0.0025),
            ("9223372036854775808", nil, 9_223_372_036_854_775_808), // beyond Int64: a Double only
            ("1e20", nil, 1e20),
            ("1.7976931348623157e308", nil, 1.7976931348623157e308),
            ("4.9e-324", nil, 4.9e-324), // the smallest subnormal still reads
            ("0e-999", 0, 0), // zero written small is zero, not an underflow
        ]
        for (text, integer, double) in cases {
            let parsed = try number(text)
            XCTAssertEqual(parsed.integer, integer, text)
            XCTAssertEqual(parsed.double, double, text)
        }
        XCTAssertEqual(try number("-0").double.sign, .minus)
        XCTAssertEqual(try number("9007199254740993").description, "9007199254740993")
        XCTAssertEqual(try number("1e20").description, "1e+20")
        XCTAssertEqual(try number("0.1").description, "0.1")
    }

    func testANumberADoubleCannotHoldIsOutOfRange() {
        let cases: [(text: String, path: String)] = [
            ("1e999", "top level"), ("-1e309", "top level"), ("1e-400", "top level"), ("-0.000001e-330", "top level"),
            (#"{"x":1e999}"#, "x"), (#"{"a":[0,{"b":-1e-400}]}"#, "a.Index 1.b"),
        ]
        for (text, path) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.numberOutOfRangeAt, path, text)
            XCTAssertEqual(error?.reason, "number out of range", text)
        }
        XCTAssertEqual(failure(#"{"x": 1e999}"#)?.offset, 6) // at the number's first byte
    }

    func testNumbersOutsideJSONsGrammarAreRefused() {
        let cases: [(text: String, reason: String, offset: Int)] = [
            ("01", "a number with a leading zero", 1),
            ("-01", "a number with a leading zero", 2),
            ("1.", "expected a digit after the decimal point", 2),
            ("1.e3", "expected a digit after the decimal point", 2),
            ("1e", "expected a digit in the exponent", 2),
            ("1e+", "expected a digit in the exponent", 3),
            ("-", "expected a digit", 1),
            ("-a", "expected a digit", 1),
            (".5", "unexpected character", 0),
            ("+1", "unexpected character", 0),
            ("0x10", "unexpected text after the value", 1),
            ("NaN", "unexpected character", 0),
            ("Infinity", "unexpected character", 0),
            ("1 2", "unexpected text after the value", 2),
        ]
        for (text, reason, offset) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.reason, reason, text)
            XCTAssertEqual(error?.offset, offset, text)
        }
    }

    func testIntegersAreWrittenAsTheirDigits() throws {
        XCTAssertEqual(try parse(#"{"id":9007199254740993}"#).jsonText, #"{"id":9007199254740993}"#)
        XCTAssertEqual(JSONValue.number(1e16).jsonText, "10000000000000000")
        XCTAssertEqual(JSONValue.number(-0.0).jsonText, "0")
        XCTAssertEqual(JSONValue.number(1e20).jsonText, "1e+20")
        XCTAssertEqual(JSONValue.number(0.1).jsonText, "0.1")
        XCTAssertEqual(JSONValue.number(.infinity).jsonText, "null")
    }

    // MARK: Escapes

    func testEscapesDecode() throws {
        let cases: [(text: String, string: String)] = [
            (#""\"\\\/""#, "\"\\/"),
            (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
            (#""\u0041\u00e9\u20AC""#, "Aé€"),
            (#""\ud83d\ude00""#, "😀"), // a surrogate pair is one scalar
            (#""\uD834\uDD1E""#, "𝄞"),
            (#""a\u0000b""#, "a\u{0}b"), // an escaped NUL is a character like any other
            (#""é€😀""#, "é€😀"), // UTF-8 as it is
        ]
        for (text, string) in cases {
            XCTAssertEqual(try parse(text), .string(string), text)
        }
    }

    func testBadEscapesAreRefused() {
        let cases: [(text: String, reason: String, offset: Int)] = [
            (#""\x""#, "invalid escape", 3),
            (#""\'""#, "invalid escape", 3),
            (#""\u12""#, #"invalid \u escape"#, 5),
            (#""\u12G4""#, #"invalid \u escape"#, 5),
            (#""\ud800""#, "a lone surrogate", 7), // a high surrogate alone
            (#""\ud800x""#, "a lone surrogate", 7),
            (#""\ud800\u0041""#, "a lone surrogate", 13), // followed by no low surrogate
            (#""\ud800\n""#, "a lone surrogate", 8),
            (#""\udc00""#, "a lone surrogate", 7), // a low surrogate first
            ("\"a\tb\"", "a control character in a string", 2),
            ("\"a\nb\"", "a control character in a string", 2),
            (#""abc"#, "unterminated string", 4),
            (#""abc\"#, "unterminated string", 5),
        ]
        for (text, reason, offset) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.reason, reason, text)
            XCTAssertEqual(error?.offset, offset, text)
        }
    }

    // MARK: UTF-8

    func testInvalidUTF8InAStringIsRefused() {
        let quote: UInt8 = 0x22
        let invalid: [[UInt8]] = [
            [0xFF], // never in UTF-8
            [0xC0, 0x80], // an overlong NUL
            [0xE0, 0x80, 0xAF], // an overlong "/"
            [0xED, 0xA0, 0x80], // a surrogate encoded directly
            [0xE2, 0x82], // cut short
            [0x80], // a continuation byte alone
            [0xF4, 0x90, 0x80, 0x80], // past U+10FFFF
        ]
        for bytes in invalid {
            let error = failure([quote] + bytes + [quote])
            XCTAssertEqual(error?.reason, "a string that is not UTF-8", "\(bytes)")
            XCTAssertEqual(error?.offset, bytes.count + 2, "\(bytes)")
            // In a key too.
            XCTAssertEqual(failure([0x7B, quote] + bytes + [quote, 0x3A, 0x31, 0x7D])?.reason, "a string that is not UTF-8", "\(bytes)")
        }
        XCTAssertEqual(try JSONValue.parse([quote, 0xF0, 0x9F, 0x98, 0x80, quote]), .string("😀"))
        // Outside strings any byte that is not JSON is an unexpected character.
        XCTAssertEqual(failure([0xFF])?.description, "unexpected character at byte 0")
    }

    // MARK: The rest of the grammar

    func testSlicesCountOffsetsFromTheirStart() throws {
        let line = Array(#"xx{"a":1,"a":2}"#.utf8)
        XCTAssertEqual(failure(Array(line[2...]))?.offset, 7)
        do {
            _ = try JSONValue.parse(line[2...])
            XCTFail("a key given twice parsed")
        } catch {
            XCTAssertEqual(error.offset, 7)
        }
        XCTAssertEqual(try JSONValue.parse(line[2..<8] + Array("}".utf8)), .object(["a": .number(1)]))
    }

    func testTrailingCommaAndByteOrderMarkAsJSONDecoderTookThem() throws {
        XCTAssertEqual(try parse("[1,]"), .array([.number(1)]))
        XCTAssertEqual(try parse(#"{"a":1,}"#), .object(["a": .number(1)]))
        XCTAssertEqual(try parse("\u{feff} {}"), .object([:]))
        XCTAssertEqual(failure("[1,,]")?.description, "unexpected character at byte 3")
        XCTAssertEqual(failure("[,]")?.description, "unexpected character at byte 1")
        XCTAssertEqual(failure("\u{feff}\u{feff}{}")?.description, "unexpected character at byte 3")
        XCTAssertEqual(failure(" \u{feff}{}")?.description, "unexpected character at byte 1")
    }
}
