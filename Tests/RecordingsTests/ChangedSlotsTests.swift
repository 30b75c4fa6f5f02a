import XCTest
@testable import Recordings

final class ChangedSlotsTests: XCTestCase {
    /// Slots marked in any order, some twice, in every one of the four words and at their edges,
    /// come out once each, in increasing order; draining empties the set.
    func testMarkedSlotsComeOutOnceInOrder() {
        var changed = ChangedSlots()
        XCTAssertTrue(changed.isEmpty)
        let marked = [255, 0, 64, 63, 130, 5, 192, 191, 64, 0, 128, 127]
        for slot in marked { changed.insert(slot) }
        XCTAssertFalse(changed.isEmpty)
        var visited: [Int] = []
        changed.drain { visited.append($0) }
        XCTAssertEqual(visited, [0, 5, 63, 64, 127, 128, 130, 191, 192, 255])
        XCTAssertTrue(changed.isEmpty)
        changed.drain { XCTFail("slot \($0) visited after the set was drained") }
    }

    func testRemoveAllForgetsEverySlot() {
        var changed = ChangedSlots()
        for slot in stride(from: 0, to: ChangedSlots.capacity, by: 17) { changed.insert(slot) }
        changed.removeAll()
        XCTAssertTrue(changed.isEmpty)
        changed.drain { XCTFail("slot \($0) visited after removeAll") }
    }

    /// The decoder tracks no more slots than the set holds.
    func testTheDecodersSlotLimitIsTheSetsCapacity() {
        XCTAssertEqual(EvdevDecoder.maximumSlots, ChangedSlots.capacity)
    }
}
