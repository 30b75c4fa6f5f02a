import XCTest
import YAMLDocument

/// The YAML layer on its own: libyaml's events into a tree with marks and styles, the refusals,
/// and the emitter writing a tree that parses back to the same values.
final class YAMLDocumentTests: XCTestCase {
    func testAMappingKeepsKeyOrderMarksAndScalarStyles() throws {
        let root = try XCTUnwrap(YAMLDocument.parse("a: 1\nb: \"1\"\nc:\n  - x\n  - ~\n"))
        let mapping = try XCTUnwrap(root.mapping)
        XCTAssertEqual(mapping.keys.map(\.string), ["a", "b", "c"])
        XCTAssertEqual(mapping["a"]?.int, 1)
        XCTAssertEqual(mapping["a"]?.scalar?.double, 1)
        // Quoted: a string, never a number.
        XCTAssertNil(mapping["b"]?.int)
        XCTAssertNil(mapping["b"]?.scalar?.double)
        XCTAssertEqual(mapping["b"]?.scalar?.style, .doubleQuoted)
        XCTAssertEqual(mapping["b"]?.mark, YAMLMark(line: 2, column: 4))
        let items = try XCTUnwrap(mapping["c"]?.sequence)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[0].string, "x")
        XCTAssertTrue(items[1].isNull)
        XCTAssertEqual(items[1].mark, YAMLMark(line: 5, column: 5))
    }

    func testNumbersFollowYAML11() throws {
        let root = try XCTUnwrap(YAMLDocument.parse("[0x1f, 0o17, 017, 1_000, -.inf, 1:30, 2.5, 'x']"))
        let items = try XCTUnwrap(root.sequence)
        XCTAssertEqual(items.prefix(4).map(\.int), [31, 15, 15, 1000])
        XCTAssertEqual(items[4].scalar?.double, -.infinity)
        XCTAssertEqual(items[5].int, 90)
        XCTAssertEqual(items[6].scalar?.double, 2.5)
        XCTAssertNil(items[6].int)
        XCTAssertNil(items[7].scalar?.double)
    }

    func testAnEmptyTextHasNoDocument() throws {
        XCTAssertNil(try YAMLDocument.parse(""))
        XCTAssertNil(try YAMLDocument.parse("# only a comment\n"))
    }

    func testSyntaxErrorsCarryLibyamlsProblemAndPosition() {
        XCTAssertThrowsError(try YAMLDocument.parse("a: 1\nb: [1, 2\n")) { error in
            guard case .syntax(_, let problem, let mark) = error as? YAMLDocument.ParseError else { return XCTFail("\(error)") }
            XCTAssertFalse(problem.isEmpty)
            XCTAssertEqual(mark.line, 3)
        }
        // A control character is libyaml's reader's error, placed by line and column too.
        XCTAssertThrowsError(try YAMLDocument.parse("a: 1\nb: x\u{7}y\n")) { error in
            XCTAssertEqual("\(error)", "2:5: control characters are not allowed")
        }
        XCTAssertThrowsError(try YAMLDocument.parse("a: 1\n---\nb: 2\n")) { error in
            XCTAssertEqual("\(error)", "2:1: expected a single document in the stream but found another document")
        }
    }

    func testDuplicateKeysAreReportedAtTheirFirstOccurrence() {
        XCTAssertThrowsError(try YAMLDocument.parse("b: 1\na: 2\nb: 3\na: 4\n")) { error in
            XCTAssertEqual("\(error)", #"2:1: duplicate keys "a", "b""#)
        }
        // The number 1 and the string "1" are different keys.
        XCTAssertNoThrow(try YAMLDocument.parse("1: a\n\"1\": b\n"))
        // A key three times is named once, where it first is; `a` and "a" are the same key.
        XCTAssertThrowsError(try YAMLDocument.parse("c: 0\na: 1\n\"a\": 3\nc2: 5\na: 4\n")) { error in
            XCTAssertEqual("\(error)", #"2:1: duplicate key "a""#)
        }
    }

    func testAnchorsAliasesTagsAndDeepNestingAreRefusedFromTheEvents() {
        let cases: [(String, String)] = [
            ("a: &x 1\n", "a YAML anchor (&); anchors and aliases are not accepted"),
            ("- *x\n", "found undefined alias"),
            ("a: !!str 1\n", "a YAML tag (!); tags are not accepted"),
            // An alias to an anchor: the anchor comes first, and nothing is ever expanded.
            ("a: &x [1]\nb: *x\n", "a YAML anchor (&); anchors and aliases are not accepted"),
            ("a: [1]\nb: [2, 3]\nc: d\ne: *x\n", "found undefined alias"),
            (String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "nesting deeper than 128 levels"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try YAMLDocument.parse(text), text) { error in
                switch error as? YAMLDocument.ParseError {
                case .refused(let problem): XCTAssertEqual(problem.message, message, text)
                case .syntax(_, let problem, _): XCTAssertEqual(problem, message, text)
                default: XCTFail("\(text): \(error)")
                }
            }
        }
    }

    func testARefusalComesAfterASyntaxErrorFurtherOn() {
        XCTAssertThrowsError(try YAMLDocument.parse("a: !!str 1\nb: [1, 2\n")) { error in
            guard case .syntax = error as? YAMLDocument.ParseError else { return XCTFail("\(error)") }
        }
    }

    func testACollectionAsAKeyStaysInTheTree() throws {
        let mapping = try XCTUnwrap(YAMLDocument.parse("? [a]\n: 1\nb: 2\n")?.mapping)
        XCTAssertEqual(mapping.pairs.count, 2)
        XCTAssertNil(mapping.keys[0].string)
        XCTAssertEqual(mapping["b"]?.int, 2)
    }

    func testTheEmitterWritesStylesAndReadsBack() throws {
        let tree: YAMLNode = .mapping(YAMLNode.Mapping([
            (key: "size", value: .mapping(YAMLNode.Mapping([(key: "width", value: "320"), (key: "height", value: "480")], style: .flow))),
            (key: "id", value: .scalar(YAMLNode.Scalar("1", style: .doubleQuoted))),
            (key: "list", value: .sequence(YAMLNode.Sequence(["1", "2"], style: .flow))),
            (key: "empty", value: .sequence(YAMLNode.Sequence([], style: .flow))),
            (key: "none", value: "null"),
            (key: "blank", value: .scalar(YAMLNode.Scalar("", style: .doubleQuoted))),
        ], style: .block))
        let text = try YAMLEmitter.serialize(tree)
        XCTAssertEqual(text, """
            size: {width: 320, height: 480}
            id: "1"
            list: [1, 2]
            empty: []
            none: null
            blank: ""

            """)
        let back = try XCTUnwrap(YAMLDocument.parse(text)?.mapping)
        XCTAssertEqual(back["size"]?.mapping?["height"]?.int, 480)
        XCTAssertEqual(back["id"]?.string, "1")
        XCTAssertNil(back["id"]?.int)
        XCTAssertTrue(back["none"]?.isNull ?? false)
        XCTAssertEqual(back["blank"]?.string, "")
        XCTAssertFalse(back["blank"]?.isNull ?? true)
    }
}
