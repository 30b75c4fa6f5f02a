import ScrollEngine
import XCTest

final class FrameTicksTests: XCTestCase {
    func testSixtyHertzNeverDrifts() {
        let ticks = FrameTicks(origin: Timestamp(microseconds: 500), frameRate: 60)
        XCTAssertEqual(ticks.time(ofTick: 1).microseconds, 17_167)
        XCTAssertEqual(ticks.time(ofTick: 60).microseconds, 1_000_500)
        XCTAssertEqual(ticks.time(ofTick: 3600).microseconds, 60_000_500)
    }

    func testTheNextTickIsStrictlyLater() {
        let ticks = FrameTicks(origin: .zero, frameRate: 60)
        XCTAssertEqual(ticks.tick(after: .zero).microseconds, 16_667)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: 16_666)).microseconds, 16_667)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: 16_667)).microseconds, 33_333)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: -5)).microseconds, 0)
    }
}
