import XCTest
@testable import Recordings

/// The protocol-B slot state machine, transition by transition.
final class SlotLifeTests: XCTestCase {
    let fingerDown = SlotInput.frame(SlotFrame(started: true, touching: true))
    let palmDown = SlotInput.frame(SlotFrame(started: true, touching: true, palm: true))
    let move = SlotInput.frame(SlotFrame(moved: true, touching: true))
    let still = SlotInput.frame(SlotFrame(touching: true))
    let lift = SlotInput.frame(SlotFrame(ended: true))
    let replace = SlotInput.frame(SlotFrame(started: true, ended: true, touching: true))
    let becomesPalm = SlotInput.frame(SlotFrame(touching: true, palm: true))

    func testFingerLife() {
        XCTAssertTrue(SlotLife.idle.next(fingerDown) == (.down, [.down]))
        XCTAssertTrue(SlotLife.down.next(move) == (.down, [.move]))
        XCTAssertTrue(SlotLife.down.next(still) == (.down, []))
        XCTAssertTrue(SlotLife.down.next(lift) == (.idle, [.up]))
        XCTAssertTrue(SlotLife.idle.next(move) == (.idle, []))
    }

    func testNewTrackingIDOnADownSlotIsUpThenDown() {
        XCTAssertTrue(SlotLife.down.next(replace) == (.down, [.up, .down]))
    }

    func testPalms() {
        XCTAssertTrue(SlotLife.idle.next(palmDown) == (.palm, []))
        XCTAssertTrue(SlotLife.down.next(becomesPalm) == (.palm, [.cancel]))
        XCTAssertTrue(SlotLife.palm.next(move) == (.palm, []))
        XCTAssertTrue(SlotLife.palm.next(lift) == (.idle, []))
        XCTAssertTrue(SlotLife.palm.next(replace) == (.down, [.down]))
    }

    func testDroppedEventsCancelAndWaitForANewTouch() {
        XCTAssertTrue(SlotLife.down.next(.dropped) == (.unknown, [.cancel]))
        XCTAssertTrue(SlotLife.idle.next(.dropped) == (.unknown, []))
        XCTAssertTrue(SlotLife.unknown.next(move) == (.unknown, []))
        XCTAssertTrue(SlotLife.unknown.next(lift) == (.unknown, []))
        XCTAssertTrue(SlotLife.unknown.next(fingerDown) == (.down, [.down]))
    }
}
