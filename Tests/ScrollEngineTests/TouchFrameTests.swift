import ScrollEngine
import XCTest

/// The fingers on the glass as frames come in: the one rule the calibration session, the display's
/// wake-up and the session plot all follow.
final class TouchFrameTests: XCTestCase {
    private func frame(_ samples: (Int, TouchPhase)...) -> TouchFrame {
        TouchFrame(time: .zero,
                   samples: samples.map { TouchSample(slot: TouchSlot($0.0), phase: $0.1, location: Point(x: 10, y: 20)) })
    }

    func testFingersLandMoveAndLift() {
        // Two fingers land, one moves, the other lifts, then the last one is cancelled.
        let landed = frame((0, .down), (1, .down)).slotsDown(after: [])
        XCTAssertEqual(landed, [TouchSlot(0), TouchSlot(1)])
        let moved = frame((1, .move)).slotsDown(after: landed)
        XCTAssertEqual(moved, [TouchSlot(0), TouchSlot(1)])
        let lifted = frame((0, .up)).slotsDown(after: moved)
        XCTAssertEqual(lifted, [TouchSlot(1)])
        XCTAssertEqual(frame((1, .cancel)).slotsDown(after: lifted), [])
    }

    func testALandAndLiftInOneFrameLeavesNothingAndUnlistedFingersStay() {
        XCTAssertEqual(frame((3, .down), (3, .up)).slotsDown(after: [TouchSlot(7)]), [TouchSlot(7)])
        // A move of a finger not seen landing (the input began mid-touch) counts it as down.
        XCTAssertEqual(frame((5, .move)).slotsDown(after: []), [TouchSlot(5)])
        // A lift of a finger that is not down changes nothing.
        XCTAssertEqual(frame((9, .up)).slotsDown(after: [TouchSlot(2)]), [TouchSlot(2)])
    }
}
