import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// The reader's full path (the tree's JSON parser, `JSONValue.parse`, seen as scalars) reads a line
/// as Foundation's JSONDecoder read it as a dictionary of scalars (the decoder the reader used before
/// it parsed bytes itself): the same values for every JSON line. What is not JSON is refused, where
/// the decoder let some through as "an array or object", and so is a key given twice, where the
/// decoder kept one of the values.
final class TouchScriptObjectParserTests: XCTestCase {
    private func foundation(_ line: String) -> [String: JSONScalar]? {
        try? JSONDecoder().decode([String: DecodedScalar].self, from: Data(line.utf8)).mapValues(\.value)
    }

    private func parsed(_ line: String) -> [String: JSONScalar]? {
        try? TouchScriptObjectParser.parse(ArraySlice(line.utf8))
    }

    /// The reader's error for a one-line script.
    private func readerError(_ line: String) -> String? {
        var reader = TouchScriptReader(source: MemoryByteSource(name: "test.jsonl", text: line + "\n"))
        return recordingError { _ = try readAllFrames(&reader) }?.description
    }

    func testAgreesWithFoundationsDecoder() {
        let lines = [
            #"{"t": 0, "slot": 0, "phase": "down", "x": 640, "y": 600}"#,
            #"{"t": 0, "slot": 1, "phase": "down", "x": 30, "y": 40, "note": "an extra key"}"#,
            #"{"t": 0, "slot": 0, "phase": "do\u0077n", "x": 640, "y": 1}"#,
            #"{"t": 0, "slot": 0, "phase": "\ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t", "x": 640, "y": 1}"#,
            #"{"t": 0, "slot": 0, "phase": "down", "x": [640, {"a": [1, 2]}], "y": {}}"#,
            #"{"t": null, "slot": true, "phase": false, "x": -1.5e-3, "y": 1E+2}"#,
            #"{"t": 99999999999999999999, "slot": 0, "phase": "down", "x": 1, "y": 1}"#,
            #"{"t": 9223372036854775807, "slot": -9223372036854775808, "phase": "up", "x": 0, "y": -0}"#,
            #"{}"#,
            " \t{ \"t\" : 7 , \"slot\" : 2 }\r ",
            #"{"t": 1.0, "slot": -0.0, "x": -0e3, "y": 2.5e1}"#, // whole numbers are integers
            #"{"x": 1,}"#, // one trailing comma, as the control channel takes it
            #"{"x": [1,]}"#,
            // refused by both
            #"{"x": .5}"#,
            #"{"x": +1}"#,
            #"{"x": 1} x"#,
            #"{"x": "\u12"}"#,
            #"{x: 1}"#,
            #"{"x" 1}"#,
            #"{"x": tru}"#,
            #"{"x": NaN}"#,
            #"{"x": 1,,}"#,
            #"[1, 2]"#,
            #""text""#,
            "",
            "{",
        ]
        for line in lines {
            XCTAssertEqual(parsed(line).map(describe), foundation(line).map(describe), line)
        }
        // Not JSON, yet the decoder gave a value it could not read as a scalar.
        let lenient = [
            #"{"t": 01, "slot": 0}"#, #"{"x": 5.}"#, #"{"x": 1e}"#, #"{"x": "\ud83d"}"#, #"{"x": "\q"}"#,
            "{\"x\": \"a\u{01}b\"}",
        ]
        for line in lenient {
            XCTAssertNotNil(foundation(line), line)
            XCTAssertNil(parsed(line), line)
        }
    }

    func testAKeyGivenTwiceRefusesTheLine() {
        let line = #"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2, "t": 5}"#
        XCTAssertEqual(foundation(line).map(describe), "phase=\"down\", slot=integer 0, t=integer 0, x=integer 1, y=integer 2")
        XCTAssertThrowsError(try TouchScriptObjectParser.parse(ArraySlice(line.utf8))) { error in
            XCTAssertEqual(error as? TouchScriptObjectParser.Refusal, TouchScriptObjectParser.Refusal(expected: #"each key once, got "t" twice"#))
        }
        XCTAssertEqual(readerError(line), #"test.jsonl:1: expected each key once, got "t" twice"#)
        XCTAssertEqual(readerError(#"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2, "note": {"a": 1, "a": 1}}"#),
                       #"test.jsonl:1: expected each key once, got "note.a" twice"#)
    }

    func testANumberBeyondADoubleIsNamed() {
        XCTAssertEqual(readerError(#"{"t": 0, "slot": 0, "phase": "down", "x": 1e999, "y": 2}"#),
                       #"test.jsonl:1: expected "x" a number a double can hold, got one beyond it"#)
        XCTAssertEqual(readerError(#"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": -1e-400}"#),
                       #"test.jsonl:1: expected "y" a number a double can hold, got one beyond it"#)
        // A whole number past Int64 is a Double, and not an integer: named as such.
        XCTAssertEqual(readerError(#"{"t": 99999999999999999999, "slot": 0, "phase": "down", "x": 1, "y": 2}"#),
                       #"test.jsonl:1: expected "t" an integer, got 1e+20"#)
        // An integer a Double would round is read exactly.
        XCTAssertEqual(readerError(#"{"t": 9223372036854775807, "slot": 0, "phase": "down", "x": 1, "y": 2}"#),
                       "test.jsonl:1: expected \"t\" in microseconds between -1099511627776000000 and 1099511627776000000 (2^40 s), got 9223372036854775807")
        XCTAssertEqual(readerError("1e999"), "test.jsonl:1: expected a JSON object of numbers and strings like "
                       + #"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2}, got invalid JSON"#)
    }

    func testDeepNestingIsRefusedNotRecursedInto() {
        let deep = "{\"x\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        XCTAssertNil(parsed(deep))
        // 64 levels inside the line's object, and no more.
        let deepest = "{\"x\": " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
        XCTAssertEqual(parsed(deepest).map(describe), "x=an array or object")
        let tooDeep = "{\"x\": " + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "}"
        XCTAssertNil(parsed(tooDeep))
    }

    private func describe(_ fields: [String: JSONScalar]) -> String {
        fields.sorted { $0.key < $1.key }.map { key, value -> String in
            switch value {
            case .real(let r): "\(key)=real \(r)"
            case .integer(let i): "\(key)=integer \(i)"
            default: "\(key)=\(value)"
            }
        }.joined(separator: ", ")
    }
}

/// Foundation's reading of a scalar, as the reader decoded lines before it parsed bytes itself.
private struct DecodedScalar: Decodable {
    var value: JSONScalar

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { value = .null }
        else if let integer = try? container.decode(Int64.self) { value = .integer(integer) }
        else if let real = try? container.decode(Double.self) { value = .real(real) }
        else if let string = try? container.decode(String.self) { value = .string(string) }
        else if let boolean = try? container.decode(Bool.self) { value = .boolean(boolean) }
        else { value = .other }
    }
}
