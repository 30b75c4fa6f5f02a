import ScrollEngine
import XCTest

/// Infinite scrolling: positions are checked absolutely (a position modulo the period would hide
/// a jump by a whole period).
final class RecenteringTests: XCTestCase {
    /// A street 6000 pt wide whose picture repeats every 1000 pt; the offset range is 0…4720 with
    /// its centre at 2360, so the offset is recentred when it drifts more than 1500 pt from 2360.
    func street(offset: Double = 2360, _ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.boundsSize = Size(width: 1280, height: 800)
        c.statusBarHeight = 0
        c.contentSize = Size(width: 6000, height: 800)
        c.contentOffset = Point(x: offset, y: 0)
        c.infiniteScrolling = .init(axis: .horizontal, period: 1000)
        tweak(&c)
        return c
    }

    func shifts(_ s: FingerScript) -> [Point] {
        s.events.compactMap { e -> Point? in if case .recentered(let shift) = e.message { shift } else { nil } }
    }

    /// One drag across the recentring point (offset 3860): one `recentered` (by two periods, which
    /// brings the offset nearest the centre), and the content tracks the finger 1:1 across it.
    func testOneDragAcrossTheRecentringPointRecentresOnceAndTracksTheFinger() {
        let s = FingerScript(street(offset: 3500))
        s.touch(down: Point(x: 1000, y: 400))
        var finger = 1000.0
        var expected = 3500.0
        while finger > 400 {
            finger -= 10
            s.move(to: Point(x: finger, y: 400))
            let travel = 1000 - finger
            if travel >= 10 { expected = 3500 + travel - 10 - (3500 + travel - 10 > 3860 ? 2000 : 0) }
            XCTAssertEqual(s.offset.x, expected, accuracy: 1e-9, "finger at \(finger)")
        }
        XCTAssertEqual(s.offset.x, 2090, accuracy: 1e-9)           // 3500 + 600 − 10 − 2000
        XCTAssertEqual(shifts(s), [Point(x: -2000, y: 0)])
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 2090, accuracy: 1e-9)
        XCTAssertEqual(shifts(s).count, 1)
    }

    /// Content views move with the recentre: a tap where the sign is seen still hits it.
    func testContentViewsMoveWithTheRecentre() {
        let s = FingerScript(street(offset: 3500) {
            $0.contentViews = [ContentView(id: "sign", frame: Rect(x: 4300, y: 300, width: 200, height: 200))]
        })
        s.touch(down: Point(x: 1000, y: 400))
        s.move(to: Point(x: 600, y: 400), over: 400)
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 1890, accuracy: 1e-9)           // 3500 + 400 − 10 − 2000
        XCTAssertEqual(shifts(s), [Point(x: -2000, y: 0)])
        XCTAssertEqual(s.view.configuration.contentViews[0].frame.origin.x, 2300)
        s.clearEvents()
        s.touch(down: Point(x: 500, y: 400))                       // the sign is at 410…610 on screen
        s.lift()
        s.settle()
        guard case .tap(let gesture) = s.events.last?.message else { return XCTFail("\(s.messages)") }
        XCTAssertEqual(gesture.view, "sign")
    }

    /// A fling passes through recentres and never bounces: the repeating content has no edge.
    func testAFlingPassesThroughRecentresWithoutBouncing() {
        let s = FingerScript(street())
        s.touch(down: Point(x: 1200, y: 400))
        s.move(to: Point(x: 700, y: 400), over: 100)               // 5 pt/ms to the left
        s.lift()
        guard case .willEndDragging(_, let target) = s.events.first(where: { $0.message.name == "scrollViewWillEndDragging" })?.message else {
            return XCTFail("\(s.messages)")
        }
        XCTAssertGreaterThan(target.x, 4720)                       // past where the content's edge would be
        s.settle()
        let recentres = shifts(s)
        XCTAssertEqual(recentres.count, 1)
        let total = recentres.reduce(0) { $0 + $1.x }
        XCTAssertEqual(s.offset.x, target.x + total, accuracy: 1e-6)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
        // Monotonic once the recentres are taken out: it never came back.
        var unshifted: [Double] = []
        var shift = 0.0
        for e in s.events {
            if case .recentered(let d) = e.message { shift += d.x }
            if e.message == .didScroll { unshifted.append(e.state.contentOffset.x - shift) }
        }
        for (a, b) in zip(unshifted, unshifted.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a) }
        XCTAssertTrue(s.events.allSatisfy { $0.state.contentOffset.x >= 0 && $0.state.contentOffset.x <= 4720 })
    }

    /// scroll(to:) while a finger is down lands where asked (then recentred once), and the drag
    /// goes on from there.
    func testSetContentOffsetDuringADragIsRecentredOnce() {
        let s = FingerScript(street())
        s.touch(down: Point(x: 1000, y: 400))
        s.move(to: Point(x: 900, y: 400), over: 100)
        XCTAssertEqual(s.offset.x, 2450, accuracy: 1e-9)           // 2360 + 100 − 10
        s.setContentOffset(Point(x: 4000, y: 0), animated: false)  // drift 1640: back by 2 periods
        XCTAssertEqual(s.offset.x, 2000, accuracy: 1e-9)
        s.move(to: Point(x: 880, y: 400), over: 20)
        XCTAssertEqual(s.offset.x, 2020, accuracy: 1e-9)
        s.move(to: Point(x: 700, y: 400), over: 100)
        XCTAssertEqual(s.offset.x, 2200, accuracy: 1e-9)
        XCTAssertEqual(shifts(s), [Point(x: -2000, y: 0)])
    }

    /// Content not more than twice the bounds never recentres before an edge: the edges stay, and a
    /// fling bounces on them as on any content.
    func testShortRepeatingContentKeepsItsEdges() {
        let s = FingerScript(street(offset: 360) { $0.contentSize = Size(width: 2000, height: 800) })
        s.touch(down: Point(x: 1200, y: 400))
        s.move(to: Point(x: 700, y: 400), over: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 720)                             // 2000 − 1280
        XCTAssertGreaterThan(s.events.map(\.state.contentOffset.x).max()!, 720)   // it bounced
        XCTAssertEqual(shifts(s), [])
    }
}
