@testable import ScrollEngine
import XCTest

/// The finger tables look a slot up at its own position first (the finger in slot k is commonly the
/// k-th down). These are the cases where it is not: fingers lifted out of order, slots far apart,
/// slots past the table's length.
final class SlotLookupTests: XCTestCase {
    private func slots(_ values: Int...) -> [TouchSlot] { values.map { TouchSlot($0) } }

    func testFingerLocationsFindEveryFingerWhateverItsSlot() {
        var fingers = FingerLocations()
        // Three fingers land in slots 0, 1 and 2, each at its own position.
        for k in 0..<3 { fingers.set(TouchSlot(k), Point(x: Double(k), y: 0)) }
        // Slot 0 lifts: slot 1 is now at position 0, and position 1 holds slot 2.
        XCTAssertTrue(fingers.remove(TouchSlot(0)))
        XCTAssertFalse(fingers.contains(TouchSlot(0)))
        XCTAssertTrue(fingers.move(TouchSlot(1), to: Point(x: 10, y: 1)))
        XCTAssertTrue(fingers.move(TouchSlot(2), to: Point(x: 20, y: 2)))
        XCTAssertEqual(fingers.entries.map(\.slot), slots(1, 2))
        XCTAssertEqual(fingers.entries.map(\.location), [Point(x: 10, y: 1), Point(x: 20, y: 2)])
        // A finger in slot 9 with two down: past the table's end.
        fingers.set(TouchSlot(9), Point(x: 90, y: 9))
        XCTAssertTrue(fingers.move(TouchSlot(9), to: Point(x: 91, y: 9)))
        XCTAssertEqual(fingers.entries.map(\.slot), slots(1, 2, 9))
        XCTAssertEqual(fingers.entries.last?.location, Point(x: 91, y: 9))
        // Slots not down, in range and out of it, negative too: not found, nothing changes.
        for missing in [0, 3, 8, 10, -1] {
            XCTAssertFalse(fingers.move(TouchSlot(missing), to: .zero), "slot \(missing)")
            XCTAssertFalse(fingers.remove(TouchSlot(missing)), "slot \(missing)")
        }
        XCTAssertEqual(fingers.entries.map(\.slot), slots(1, 2, 9))
    }

    func testTouchSetFindsEveryTouchWhateverItsSlot() {
        var touches = TouchSet()
        for k in [4, 0, 2] {
            touches.insert(.init(slot: TouchSlot(k), location: Point(x: Double(k), y: 0), downTime: .zero,
                                 downLocation: Point(x: Double(k), y: 0)), landedIn: 1)
        }
        // In slot order: 0, 2, 4. Slot 2 is at position 1, and position 2 holds slot 4.
        XCTAssertEqual(touches.slots, slots(0, 2, 4))
        XCTAssertEqual(touches.location(of: TouchSlot(2)), Point(x: 2, y: 0))
        XCTAssertEqual(touches.location(of: TouchSlot(4)), Point(x: 4, y: 0))
        XCTAssertNil(touches.location(of: TouchSlot(1)))
        XCTAssertNil(touches.location(of: TouchSlot(3)))
        touches.move(TouchSlot(4), to: Point(x: 40, y: 4))
        XCTAssertEqual(touches[TouchSlot(4)]?.location, Point(x: 40, y: 4))
        XCTAssertEqual(touches.remove(TouchSlot(0))?.slot, TouchSlot(0))
        // Now 2 and 4: slot 2's own position is past the end, and position 0 holds it.
        XCTAssertEqual(touches.location(of: TouchSlot(2)), Point(x: 2, y: 0))
        XCTAssertEqual(touches.location(of: TouchSlot(4)), Point(x: 40, y: 4))
        XCTAssertNil(touches.remove(TouchSlot(0)))
        XCTAssertEqual(touches.slots, slots(2, 4))
    }
}
