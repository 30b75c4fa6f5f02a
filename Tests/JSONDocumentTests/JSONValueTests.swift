import JSONDocument
import XCTest

/// The tree's JSON (control requests and replies, the state file, touch-script lines): a strict
/// RFC 8259 parser and a writer with sorted keys whose numbers read back exactly.
final class JSONValueTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    func testEveryKindOfValueParses() throws {
        XCTAssertEqual(try parse(#" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d\"\\\/\n\u00e9\ud83d\ude00"}} "#),
                       .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
                                "b": .object(["c": .string("d\"\\/\né😀")])]))
        XCTAssertEqual(try parse("0"), .number(0))
        XCTAssertEqual(try parse(#""x""#), .string("x"))
        // As Foundation's JSONDecoder: one trailing comma and a byte order mark are accepted.
        XCTAssertEqual(try parse(#"{"a":[1,],}"#), .object(["a": .array([.number(1)])]))
        XCTAssertEqual(try parse("\u{feff}{}"), .object([:]))
    }

    func testWhatJSONDoesNotAllowIsRefused() {
        let refused = [
            "", " ", "not json", #"{"command":"state""#, "{,}", "[,]", "[1,,]", #"{"a":1,,}"#, "01", "1e-999", "\u{a0}1", "1.", ".5", "+1", "1e", "-",
            "0x10", "NaN", "Infinity", "tru", "nul", #"{"a" 1}"#, #"{a:1}"#, "'a'", #""\x""#, #""\u12""#,
            "\"a\tb\"", #""\ud800""#, #""\udc00x""#, "[1] 2", "// comment\n1", "{}{}",
        ]
        for text in refused {
            XCTAssertThrowsError(try parse(text), text)
        }
        XCTAssertThrowsError(try JSONValue.parse([0x22, 0xff, 0x22]), "a string that is not UTF-8")
    }

    func testNestingIsBounded() throws {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertThrowsError(try parse(deep))
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(fine))
    }

    func testANumberBeyondADoubleNamesItsKeyPath() {
        for (text, path) in [(#"{"scale":1e999}"#, "scale"), (#"{"rect":{"x":[0,-1e400]}}"#, "rect.x.Index 1"), ("1e999", "top level")] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.numberOutOfRangeAt, path, text)
            }
        }
    }

    func testWrittenWithSortedKeysAndExactNumbers() throws {
        let value = JSONValue.object(["ok": .bool(true), "id": .number(0.1), "b": .array([.number(640), .number(1e-5), .number(-0.5)]),
                                      "s": .string("a/b \"q\" \u{1}")])
        XCTAssertEqual(value.jsonText, #"{"b":[640,1e-05,-0.5],"id":0.1,"ok":true,"s":"a/b \"q\" \u0001"}"#)
        XCTAssertEqual(try parse(value.jsonText), value)
        for number in [0.1, 1.0 / 3, 123456789.125, -1e-300, 1.7976931348623157e308] {
            XCTAssertEqual(try parse(JSONValue.number(number).jsonText), .number(number), "\(number)")
        }
    }

    func testPrettyTextIndentsAsFoundationDid() {
        let value = JSONValue.array([.object(["kind": .string("touchscreen"), "x": .object(["maximum": .number(1279)]), "list": .array([])])])
        XCTAssertEqual(value.prettyText, """
            [
              {
                "kind" : "touchscreen",
                "list" : [],
                "x" : {
                  "maximum" : 1279
                }
              }
            ]
            """)
    }
}
