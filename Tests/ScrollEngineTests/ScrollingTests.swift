import ScrollEngine
import XCTest

final class DragSequenceTests: XCTestCase {
    func testDragStopLiftEndsWithoutDeceleration() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 600))
        s.move(to: Point(x: 600, y: 300), over: 200)
        s.hold(ms: 300)
        s.lift()
        s.advance(ms: 1000)
        let names = s.messages
        XCTAssertEqual(names.first, "scrollViewWillBeginDragging")
        XCTAssertEqual(Array(names.suffix(2)), ["scrollViewWillEndDragging", "scrollViewDidEndDragging"])
        guard case .didEndDragging(let willDecelerate) = s.events.last!.message else { return XCTFail() }
        XCTAssertFalse(willDecelerate)
        guard case .willEndDragging(let v, let target) = s.events[s.events.count - 2].message else { return XCTFail() }
        XCTAssertEqual(v, .zero)
        XCTAssertEqual(target, s.offset)
        XCTAssertTrue(s.view.isAtRest)
        // Slop subtracted: 300 pt of finger travel, minus the 10 pt before the pan was recognised
        // (within one sample's step).
        XCTAssertClose(s.offset.y - 5000, 290, 2.6)
    }

    func testFlickDeceleratesAndEnds() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 600))
        s.move(to: Point(x: 600, y: 400), over: 100)
        s.lift()
        s.settle()
        let names = s.messages
        guard let end = names.firstIndex(of: "scrollViewDidEndDragging") else { return XCTFail("\(names)") }
        guard case .didEndDragging(true) = s.events[end].message else { return XCTFail() }
        XCTAssertEqual(names[end + 1], "scrollViewWillBeginDecelerating")
        XCTAssertEqual(names.last, "scrollViewDidEndDecelerating")
        let between = names[(end + 2)..<(names.count - 1)]
        XCTAssertFalse(between.isEmpty)
        XCTAssertTrue(between.allSatisfy { $0 == "scrollViewDidScroll" })
        XCTAssertFalse(s.state.isDecelerating)
    }

    func testDragPastEdgeAndLiftWhileStillBouncesAsDeceleration() {
        let s = FingerScript(tallPage())
        s.touch(down: Point(x: 600, y: 100))
        s.move(to: Point(x: 600, y: 500), over: 300)
        s.hold(ms: 200)
        XCTAssertLessThan(s.offset.y, 0)
        s.lift()
        guard let end = s.events.lastIndex(where: { $0.message.name == "scrollViewDidEndDragging" }),
              case .didEndDragging(true) = s.events[end].message else { return XCTFail("\(s.messages)") }
        XCTAssertTrue(s.state.isDecelerating)
        s.settle()
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
        XCTAssertEqual(s.offset, Point(x: 0, y: 0))
    }

    func testFingerOnDeceleratingContentStopsIt() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 300), over: 100)
        s.lift()
        s.advance(ms: 200)
        XCTAssertTrue(s.state.isDecelerating)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 400))
        let caught = s.offset
        XCTAssertTrue(s.state.isTracking)
        XCTAssertFalse(s.state.isDecelerating)
        s.advance(ms: 500)
        XCTAssertEqual(s.offset, caught)
        s.lift()
        s.advance(ms: 500)
        XCTAssertEqual(s.offset, caught)
        XCTAssertFalse(s.messages.contains("scrollViewDidEndDecelerating"))
        XCTAssertTrue(s.view.isAtRest)
    }
}

final class FlickLandingTests: XCTestCase {
    /// A finger moving at a constant 2000 pt/s, lifted mid-move: the content lands on the closed form.
    func testFlickOfKnownVelocityLandsOnTheProjection() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 500), over: 100)   // 2000 pt/s upward
        let releaseOffset = s.offset.y
        s.lift()
        guard case .willEndDragging(let v, let target) = s.events.first(where: { $0.message.name == "scrollViewWillEndDragging" })!.message else { return XCTFail() }
        XCTAssertClose(v.y, 2.0, 1e-5)          // pt/ms; sample times are whole µs, hence not exact
        let r = 0.998
        // The target is where the fling of the reported velocity stops dead (under 0.01 pt/ms)…
        XCTAssertClose(target.y, releaseOffset + (v.y - 0.01) * r / (1 - r), 1e-6)
        // …and the content lands within 0.5 pt of the resting point of the nominal 2000 pt/s flick.
        let nominal = releaseOffset + (2000.0 / 1000 - 0.01) * r / (1 - r)
        s.settle()
        XCTAssertEqual(s.offset.y, target.y)
        XCTAssertClose(s.offset.y, nominal, 0.5)
    }

    func testPauseBeforeLiftMeansNoFling() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 300), over: 100)
        s.hold(ms: 120)
        s.lift()
        guard case .didEndDragging(false) = s.events.last!.message else { return XCTFail("\(s.messages)") }
    }

    func testRewrittenTargetIsWhereItLands() {
        let s = FingerScript(tallPage())
        s.view.targetContentOffsetAdjuster = { _, proposed in Point(x: proposed.x, y: (proposed.y / 100).rounded() * 100) }
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 500), over: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y.truncatingRemainder(dividingBy: 100), 0)
    }
}

final class FrameRateIndependenceTests: XCTestCase {
    func testSameOffsetAtTheSameInstantsAt30_60_120_144Hz() {
        func run(_ hz: Double) -> [Double] {
            let s = FingerScript(tallPage { $0.contentSize.height = 3000 }, frameRate: hz)
            s.setContentOffset(Point(x: 0, y: 1500), animated: false)
            s.touch(down: Point(x: 600, y: 700))
            s.move(to: Point(x: 600, y: 300), over: 100)   // a strong flick: reaches the edge, bounces
            s.lift()
            var samples: [Double] = []
            for _ in 0..<40 {
                s.advance(ms: 50)
                samples.append(s.offset.y)
            }
            return samples
        }
        let reference = run(60)
        for hz in [30.0, 120, 144] {
            let other = run(hz)
            for (a, b) in zip(reference, other) { XCTAssertClose(a, b, 1e-6, "\(hz) Hz") }
        }
        XCTAssertEqual(reference.last, 2200)    // 3000 − 800: settled on the bottom edge
        XCTAssertGreaterThan(reference.max()!, 2200) // it did bounce past the edge
    }
}

final class BoundsTests: XCTestCase {
    func testOverscrollNeverBeyondTheRubberBandBound() {
        let s = FingerScript(tallPage())
        s.touch(down: Point(x: 600, y: 50))
        s.move(to: Point(x: 600, y: 100))      // the pan is recognised here: content moves 50 − 10 (rubber-banded)
        XCTAssertClose(-s.offset.y, RubberBand.overscroll(forExcess: 40, dimension: 800), 1e-9)
        var maxOverscroll = 0.0
        for y in stride(from: 200.0, through: 5000, by: 100) {
            s.move(to: Point(x: 600, y: y), over: 10)
            maxOverscroll = max(maxOverscroll, -s.offset.y)
            let expected = RubberBand.overscroll(forExcess: y - 60, dimension: 800)
            XCTAssertClose(-s.offset.y, expected, 1e-6)
        }
        XCTAssertLessThan(maxOverscroll, 800)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y, 0)
    }

    func testRestsInsideBoundsAfterFlicksInEveryDirection() {
        for (dx, dy) in [(0.0, -600.0), (0, 600), (-600, 0), (600, 0), (500, -500)] {
            var c = tallPage()
            c.contentSize = Size(width: 3000, height: 3000)
            let s = FingerScript(c)
            s.setContentOffset(Point(x: 1000, y: 1000), animated: false)
            s.touch(down: Point(x: 640, y: 400))
            s.move(to: Point(x: 640 + dx, y: 400 + dy), over: 80)
            s.lift()
            s.settle()
            let g = s.view.geometry
            XCTAssertEqual(g.clamp(s.offset), s.offset, "flick \(dx),\(dy) rested at \(s.offset)")
            XCTAssertTrue(s.view.isAtRest)
        }
    }

    func testNoBounceStopsAtTheEdge() {
        let s = FingerScript(tallPage { $0.bounces = false; $0.contentSize.height = 2000 })
        s.touch(down: Point(x: 600, y: 100))
        s.move(to: Point(x: 600, y: 500), over: 100)
        XCTAssertEqual(s.offset.y, 0)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y, 0)
    }

    func testInsetsExtendTheRange() {
        let s = FingerScript(tallPage { $0.contentInset = EdgeInsets(top: 64, left: 0, bottom: 44, right: 0) })
        let r = s.view.geometry.range(.vertical)
        XCTAssertEqual(r, -64...(20000 + 44 - 800))
    }

    func testContentSmallerThanBoundsOnlyBouncesWithAlwaysBounce() {
        let small = tallPage { $0.contentSize = Size(width: 1280, height: 400) }
        let s = FingerScript(small)
        s.touch(down: Point(x: 600, y: 300))
        s.move(to: Point(x: 600, y: 600), over: 100)
        XCTAssertEqual(s.offset.y, 0)
        let b = FingerScript(tallPage { $0.contentSize = Size(width: 1280, height: 400); $0.alwaysBounceVertical = true })
        b.touch(down: Point(x: 600, y: 300))
        b.move(to: Point(x: 600, y: 600), over: 100)
        XCTAssertLessThan(b.offset.y, 0)
        b.lift()
        b.settle()
        XCTAssertEqual(b.offset.y, 0)
    }
}

final class MultiTouchPanTests: XCTestCase {
    func testAddingAndLiftingFingersDoesNotJump() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 500, y: 600), slot: 0)
        s.move(to: Point(x: 500, y: 500), over: 100)
        let before = s.offset
        s.touch(down: Point(x: 900, y: 200), slot: 1)   // far from the first: the centroid jumps
        XCTAssertEqual(s.offset, before)
        s.move([0: Point(x: 500, y: 450), 1: Point(x: 900, y: 150)], over: 50)
        XCTAssertClose(s.offset.y, before.y + 50, 1e-9)
        let beforeLift = s.offset
        s.lift(slot: 0)
        XCTAssertEqual(s.offset, beforeLift)
        s.move(to: Point(x: 900, y: 100), over: 50, slot: 1)
        XCTAssertClose(s.offset.y, beforeLift.y + 50, 1e-9)
    }
}

final class PagingTests: XCTestCase {
    func pager() -> ScrollViewConfiguration {
        tallPage {
            $0.contentSize = Size(width: 1280 * 5, height: 800)
            $0.isPagingEnabled = true
        }
    }

    func testSlowDragPastHalfTurnsThePage() {
        let s = FingerScript(pager())
        s.touch(down: Point(x: 1000, y: 400))
        s.move(to: Point(x: 300, y: 400), over: 700)
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 1280)
    }

    func testSlowShortDragReturns() {
        let s = FingerScript(pager())
        s.touch(down: Point(x: 1000, y: 400))
        s.move(to: Point(x: 700, y: 400), over: 500)
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 0)
    }

    func testFastFlickMovesAtMostOnePage() {
        let s = FingerScript(pager())
        s.setContentOffset(Point(x: 1280, y: 0), animated: false)
        s.touch(down: Point(x: 1200, y: 400))
        s.move(to: Point(x: 200, y: 400), over: 60)
        s.lift()
        guard case .willEndDragging(_, let target) = s.events.first(where: { $0.message.name == "scrollViewWillEndDragging" })!.message else { return XCTFail() }
        XCTAssertEqual(target.x, 2560)
        s.settle()
        XCTAssertEqual(s.offset.x, 2560)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
    }

    func testShortFlickBackwardsTurnsBack() {
        let s = FingerScript(pager())
        s.setContentOffset(Point(x: 2560, y: 0), animated: false)
        s.touch(down: Point(x: 300, y: 400))
        s.move(to: Point(x: 400, y: 400), over: 40)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 1280)
    }
}

final class DirectionalLockTests: XCTestCase {
    func grid(lock: Bool) -> ScrollViewConfiguration {
        tallPage {
            $0.contentSize = Size(width: 5000, height: 5000)
            $0.contentOffset = Point(x: 2000, y: 2000)
            $0.isDirectionalLockEnabled = lock
        }
    }

    func testMostlyVerticalDragStaysVertical() {
        let s = FingerScript(grid(lock: true))
        s.touch(down: Point(x: 600, y: 600))
        s.move(to: Point(x: 605, y: 580), over: 20)   // ~14° from vertical
        s.move(to: Point(x: 700, y: 300), over: 200)
        XCTAssertEqual(s.offset.x, 2000)
        XCTAssertGreaterThan(s.offset.y, 2200)
    }

    func testDiagonalDragIsFree() {
        let s = FingerScript(grid(lock: true))
        s.touch(down: Point(x: 600, y: 600))
        s.move(to: Point(x: 500, y: 500), over: 100)
        XCTAssertLessThan(s.offset.x - 2000, 100)
        XCTAssertGreaterThan(s.offset.x, 2050)
        XCTAssertGreaterThan(s.offset.y, 2050)
    }

    func testWithoutLockBothAxesMove() {
        let s = FingerScript(grid(lock: false))
        s.touch(down: Point(x: 600, y: 600))
        s.move(to: Point(x: 605, y: 580), over: 20)
        s.move(to: Point(x: 700, y: 300), over: 200)
        XCTAssertNotEqual(s.offset.x, 2000)
    }
}

final class ProgrammaticScrollingTests: XCTestCase {
    func testAnimatedSetContentOffset() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 1000), animated: true)
        XCTAssertTrue(s.state.isScrollAnimating)
        s.advance(ms: 150)
        XCTAssertClose(s.offset.y, 500, 1e-6)       // ease-in-out is symmetric: half way at half time
        s.advance(ms: 200)
        XCTAssertEqual(s.offset.y, 1000)
        let names = s.messages
        XCTAssertEqual(names.last, "scrollViewDidEndScrollingAnimation")
        XCTAssertTrue(names.dropLast().allSatisfy { $0 == "scrollViewDidScroll" })
        XCTAssertGreaterThanOrEqual(names.count, 18)  // ~0.3 s at 60 Hz
        XCTAssertFalse(s.state.isScrollAnimating)
    }

    func testNonAnimatedSetContentOffsetSendsExactlyOneDidScroll() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 1000), animated: false)
        s.advance(ms: 500)
        XCTAssertEqual(s.messages, ["scrollViewDidScroll"])
    }

    func testScrollRectToVisibleIsMinimal() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 1000), animated: false)
        s.clearEvents()
        // Already visible: nothing.
        s.run { v, t in v.scrollRectToVisible(Rect(x: 0, y: 1100, width: 100, height: 100), animated: false, at: t) }
        XCTAssertEqual(s.messages, [])
        // Below: the rect's bottom comes to the bottom edge.
        s.run { v, t in v.scrollRectToVisible(Rect(x: 0, y: 2000, width: 100, height: 100), animated: false, at: t) }
        XCTAssertEqual(s.offset.y, 2100 - 800)
        // Above: its top comes to the top edge.
        s.run { v, t in v.scrollRectToVisible(Rect(x: 0, y: 500, width: 100, height: 50), animated: false, at: t) }
        XCTAssertEqual(s.offset.y, 500)
        // Never past the end of the content.
        s.run { v, t in v.scrollRectToVisible(Rect(x: 0, y: 19990, width: 10, height: 10), animated: false, at: t) }
        XCTAssertEqual(s.offset.y, 19200)
    }

    func testStatusBarTapScrollsToTop() {
        let s = FingerScript(tallPage { $0.statusBarHeight = 20; $0.contentInset.top = 64 })
        s.setContentOffset(Point(x: 0, y: 3000), animated: false)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 10))
        s.advance(ms: 80)
        s.lift()
        XCTAssertEqual(s.messages.first, "scrollViewShouldScrollToTop")
        s.settle()
        XCTAssertEqual(s.messages.last, "scrollViewDidScrollToTop")
        XCTAssertEqual(s.offset.y, -64)
    }

    func testShouldScrollToTopFalseDoesNothing() {
        let s = FingerScript(tallPage { $0.statusBarHeight = 20 })
        s.view.shouldScrollToTopHandler = { false }
        s.setContentOffset(Point(x: 0, y: 3000), animated: false)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 10))
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages, ["scrollViewShouldScrollToTop"])
        XCTAssertEqual(s.offset.y, 3000)
    }

    func testStopScrollingAndZooming() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: true)
        s.advance(ms: 100)
        let here = s.offset
        s.run { v, t in v.stopScrollingAndZooming(at: t) }
        s.advance(ms: 500)
        XCTAssertEqual(s.offset, here)
        XCTAssertTrue(s.view.isAtRest)
    }

    func testKeyboardAndWheel() {
        let s = FingerScript(tallPage())
        s.run { v, t in v.handleKey(.down, at: t) }
        s.run { v, t in v.handleKey(.down, at: t) }   // accumulates on the animation's target
        s.settle()
        XCTAssertEqual(s.offset.y, 80)
        s.run { v, t in v.handleKey(.pageDown, at: t) }
        s.settle()
        XCTAssertEqual(s.offset.y, 80 + 800 - 44)
        s.run { v, t in v.handleKey(.end, at: t) }
        s.settle()
        XCTAssertEqual(s.offset.y, 19200)
        s.run { v, t in v.scrollWheel(delta: Point(x: 0, y: 500), at: t) }
        s.settle()
        XCTAssertEqual(s.offset.y, 19200)  // clamped at the end
        s.run { v, t in v.handleKey(.home, at: t) }
        s.settle()
        XCTAssertEqual(s.offset.y, 0)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndScrollingAnimation")
    }

    func testCancelledTouchesSettleInsideBounds() {
        let s = FingerScript(tallPage())
        s.touch(down: Point(x: 600, y: 100))
        s.move(to: Point(x: 600, y: 500), over: 100)
        s.run { v, t in v.cancelAllTouches(at: t) }
        s.settle()
        XCTAssertEqual(s.offset.y, 0)
        XCTAssertTrue(s.view.isAtRest)
    }
}
