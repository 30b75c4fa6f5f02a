import ScrollEngine
import StreamOutput
import XCTest

final class JSONObjectWriterTests: XCTestCase {
    func testKeysStayInTheOrderWritten() {
        var json = JSONObjectWriter()
        json.field("z", 1)
        json.field("a", true)
        json.field("m", "text")
        json.field("p", Point(x: 1.5, y: -2))
        json.field("none", nil as String?)
        XCTAssertEqual(String(decoding: json.line(), as: UTF8.self), #"{"z":1,"a":true,"m":"text","p":{"x":1.5,"y":-2},"none":null}"# + "\n")
    }

    func testStringsAreEscaped() {
        var json = JSONObjectWriter()
        json.field("view", "a \"quoted\" \\ name\n\u{1}é")
        XCTAssertEqual(String(decoding: json.line(), as: UTF8.self), #"{"view":"a \"quoted\" \\ name\n\u0001é"}"# + "\n")
    }

    func testTheLineIsValidJSON() throws {
        var json = JSONObjectWriter()
        json.object("outer") { outer in
            outer.field("size", Size(width: 3, height: 4))
            outer.object("inner") { $0.field("n", integer: 7) }
        }
        json.field("after", false)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.line())) as? [String: Any]
        XCTAssertEqual((parsed?["outer"] as? [String: Any])?["inner"] as? [String: Int], ["n": 7])
        XCTAssertEqual(parsed?["after"] as? Bool, false)
    }
}
