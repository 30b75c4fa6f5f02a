@testable import ArgumentParser
import XCTest

/// The copy of swift-argument-parser in Vendor/ converts an ASCII property name to its option name
/// byte by byte (its README says why: start-up time). It must give what upstream's conversion, one
/// Character at a time, gives.
final class SnakeCaseTests: XCTestCase {
    func testNamesAsUpstreamConvertsThem() {
        XCTAssertEqual("frameRate".convertedToSnakeCase(separator: "-"), "frame-rate")
        XCTAssertEqual("myURLProperty".convertedToSnakeCase(separator: "-"), "my-url-property")
        XCTAssertEqual("myURLProperty".convertedToSnakeCase(), "my_url_property")
        XCTAssertEqual("URL".convertedToSnakeCase(), "url")
        XCTAssertEqual("already_snake".convertedToSnakeCase(), "already_snake")
        XCTAssertEqual("".convertedToSnakeCase(), "")
    }

    func testEveryShortASCIINameConvertsAsCharacterByCharacter() {
        // Every string of up to four of these, with each separator: capitals and small letters in
        // every order, digits, both separators and a "\r\n" (one Character of two bytes).
        let pieces = ["a", "B", "c", "D", "1", "_", "-", "\r\n", " "]
        var strings = [""]
        for _ in 1...4 { strings = strings + strings.flatMap { s in pieces.map { s + $0 } } }
        strings = Array(Set(strings))
        for separator: Character in ["_", "-"] {
            for string in strings {
                XCTAssertEqual(string.convertedToSnakeCaseIfASCII(separator: separator),
                               string.convertedToSnakeCaseByCharacter(separator: separator),
                               "\(string.debugDescription) with \(separator)")
            }
        }
        XCTAssertGreaterThan(strings.count, 6000)
    }

    func testOtherStringsGoCharacterByCharacter() {
        XCTAssertNil("überName".convertedToSnakeCaseIfASCII(separator: "-"))
        XCTAssertNil("name".convertedToSnakeCaseIfASCII(separator: "→"))
        XCTAssertNil("name".convertedToSnakeCaseIfASCII(separator: "\r\n"))
        XCTAssertEqual("aB\nC".convertedToSnakeCase(separator: "\r\n"), "aB\nC".convertedToSnakeCaseByCharacter(separator: "\r\n"))
        XCTAssertEqual("überNameÄb".convertedToSnakeCase(separator: "-"), "über-name-äb")
    }
}
