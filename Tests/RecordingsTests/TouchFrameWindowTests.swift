import ScrollEngine
import XCTest
@testable import Recordings

final class TouchFrameWindowTests: XCTestCase {
    /// Finger 0 from 0 to 300 ms, moving every 100 ms; finger 1 taps at 400–450 ms.
    let script = """
    {"t": 0, "slot": 0, "phase": "down", "x": 0, "y": 0}
    {"t": 100000, "slot": 0, "phase": "move", "x": 10, "y": 0}
    {"t": 200000, "slot": 0, "phase": "move", "x": 20, "y": 0}
    {"t": 300000, "slot": 0, "phase": "up", "x": 30, "y": 0}
    {"t": 400000, "slot": 1, "phase": "down", "x": 5, "y": 5}
    {"t": 450000, "slot": 1, "phase": "up", "x": 5, "y": 5}
    """

    func frames(from: Timestamp?, to: Timestamp?) throws -> [String] {
        var window = TouchFrameWindow(TouchScriptReader(source: MemoryByteSource(text: script)), from: from, to: to)
        var lines: [String] = []
        while let frame = try window.nextFrame() {
            for sample in frame.samples { lines.append("\(frame.time.microseconds / 1000) \(sample.phase.rawValue)\(sample.slot.rawValue) \(Int(sample.location.x))") }
        }
        return lines
    }

    func testNoWindowPassesEverything() throws {
        XCTAssertEqual(try frames(from: nil, to: nil).count, 6)
    }

    func testFingersAlreadyDownAtTheStartGoDownThereWhereTheyAre() throws {
        XCTAssertEqual(try frames(from: .milliseconds(150), to: nil),
                       ["150 down0 10", "200 move0 20", "300 up0 30", "400 down1 5", "450 up1 5"])
    }

    func testFingersStillDownAtTheEndAreCancelledThere() throws {
        XCTAssertEqual(try frames(from: nil, to: .milliseconds(250)),
                       ["0 down0 0", "100 move0 10", "200 move0 20", "250 cancel0 20"])
    }

    func testAWindowInsideOneTouch() throws {
        XCTAssertEqual(try frames(from: .milliseconds(50), to: .milliseconds(150)),
                       ["50 down0 0", "100 move0 10", "150 cancel0 10"])
    }

    func testAWindowWithNothingInIt() throws {
        XCTAssertEqual(try frames(from: .milliseconds(310), to: .milliseconds(390)), [])
        XCTAssertEqual(try frames(from: .milliseconds(500), to: nil), [])
    }
}
