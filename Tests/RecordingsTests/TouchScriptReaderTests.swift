import ScrollEngine
import XCTest
@testable import Recordings

final class TouchScriptReaderTests: XCTestCase {
    private func frames(_ text: String, chunkSize: Int = 1 << 16) throws -> [TouchFrame] {
        var reader = TouchScriptReader(source: MemoryByteSource(name: "test.jsonl", text: text, chunkSize: chunkSize))
        return try readAllFrames(&reader)
    }

    private func failure(_ text: String) -> RecordingError? {
        recordingError { _ = try frames(text) }
    }

    func testEqualTimesFormOneFrameAndCommentsAndBlankLinesAreSkipped() throws {
        let script = """
        # a two-finger touch
        {"t": 0, "slot": 0, "phase": "down", "x": 10, "y": 20}

        {"t": 0, "slot": 1, "phase": "down", "x": 30.5, "y": 40}
        {"t": 16000, "slot": 0, "phase": "move", "x": 11, "y": 21}
          # indented comment
        {"t": 32000, "slot": 0, "phase": "up", "x": 11, "y": 21}
        {"t": 32000, "slot": 1, "phase": "cancel", "x": 30.5, "y": 40}
        """
        for chunkSize in chunkSizes {
            let frames = try frames(script, chunkSize: chunkSize)
            XCTAssertEqual(frames.map(\.time.microseconds), [0, 16000, 32000])
            XCTAssertEqual(frames[0].samples, [
                TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 10, y: 20)),
                TouchSample(slot: TouchSlot(1), phase: .down, location: Point(x: 30.5, y: 40)),
            ])
            XCTAssertEqual(frames[2].samples.map(\.phase), [.up, .cancel])
        }
    }

    func testEmptyInputHasNoFrames() throws {
        XCTAssertEqual(try frames(""), [])
        XCTAssertEqual(try frames("# only a comment\n\n"), [])
    }

    func testBadJSONNamesFileAndLine() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\n{\"t\": 5, \"slot\"\n")
        XCTAssertEqual(error?.file, "test.jsonl")
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("invalid JSON") ?? false, "\(String(describing: error))")
    }

    func testMissingKeyIsNamed() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1}\n")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.expected, "expected key \"y\"")
    }

    func testUnknownPhase() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"hover\", \"x\": 1, \"y\": 2}\n")
        XCTAssertTrue(error?.expected.contains("\"phase\" one of") ?? false)
    }

    func testNonIntegerTimeAndNonNumericCoordinate() {
        XCTAssertTrue(failure("{\"t\": 0.5, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}")?.expected
            .contains("\"t\" an integer") ?? false)
        XCTAssertTrue(failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": \"one\", \"y\": 2}")?.expected
            .contains("\"x\" a number") ?? false)
    }

    func testTimeGoingBackwards() {
        let error = failure("""
        {"t": 100, "slot": 0, "phase": "down", "x": 1, "y": 2}
        {"t": 99, "slot": 0, "phase": "up", "x": 1, "y": 2}
        """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("must not go backwards") ?? false)
    }

    func testMoveForASlotThatIsNotDown() {
        let error = failure("{\"t\": 0, \"slot\": 3, \"phase\": \"move\", \"x\": 1, \"y\": 2}")
        XCTAssertTrue(error?.expected.contains("slot 3 is not down") ?? false, "\(String(describing: error))")
    }

    func testDownForASlotAlreadyDown() {
        let error = failure("""
        {"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2}
        {"t": 1, "slot": 0, "phase": "down", "x": 1, "y": 2}
        """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("already down") ?? false)
    }

    func testMissingFileIsAnErrorNotACrash() {
        let error = recordingError { _ = try TouchScriptReader(path: "/nonexistent/x.touches.jsonl") }
        XCTAssertEqual(error?.file, "/nonexistent/x.touches.jsonl")
    }
}
