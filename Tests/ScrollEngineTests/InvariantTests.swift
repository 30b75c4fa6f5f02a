import ScrollEngine
import XCTest

/// The engine's own invariants, each as the finger script that once broke it: the delegate stream's
/// flags agree with its messages, and at rest the offset is inside its range (on a page when paging)
/// and the zoom scale inside its limits. (The random sessions of EnginePropertyTests look for more.)
final class InvariantTests: XCTestCase {
    private func event(_ s: FingerScript, _ name: String) -> DelegateEvent? {
        s.events.first { $0.message.name == name }
    }

    // MARK: - Pinch and drag flags

    func testAPinchThatStartsDuringADragEndsTheDragWithDraggingFalse() {
        let s = FingerScript(photo())
        s.touch(down: Point(x: 640, y: 500))
        s.move(to: Point(x: 640, y: 400), over: 100)
        XCTAssertTrue(s.state.isDragging)
        s.touch(down: Point(x: 640, y: 600), slot: 1)
        s.move([0: Point(x: 640, y: 300), 1: Point(x: 640, y: 700)], over: 200)
        XCTAssertTrue(s.state.isZooming)
        XCTAssertTrue(s.state.isDragging, "UIKit keeps the drag going under the pinch")
        s.lift(slots: [0, 1])
        s.settle()
        let names = s.messages.filter { ["scrollViewWillBeginDragging", "scrollViewWillBeginZooming", "scrollViewWillEndDragging",
                                         "scrollViewDidEndDragging", "scrollViewDidEndZooming"].contains($0) }
        XCTAssertEqual(names, ["scrollViewWillBeginDragging", "scrollViewWillBeginZooming", "scrollViewWillEndDragging",
                               "scrollViewDidEndDragging", "scrollViewDidEndZooming"])
        XCTAssertEqual(event(s, "scrollViewWillEndDragging")?.state.isDragging, true)
        XCTAssertEqual(event(s, "scrollViewDidEndDragging")?.state.isDragging, false)
        XCTAssertEqual(event(s, "scrollViewDidEndZooming")?.state.isDragging, false)
    }

    func testAPinchFromRestThatLeavesOneFingerClosesTheZoomBeforeTheDragOpens() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 500, y: 400), 1: Point(x: 780, y: 400)], over: 200)
        XCTAssertTrue(s.state.isZooming)
        XCTAssertFalse(s.state.isDragging)
        s.lift(slot: 1)
        let end = s.events.firstIndex { $0.message.name == "scrollViewDidEndZooming" }
        let begin = s.events.firstIndex { $0.message.name == "scrollViewWillBeginDragging" }
        XCTAssertNotNil(end)
        XCTAssertNotNil(begin)
        if let end, let begin {
            XCTAssertLessThan(end, begin)
            XCTAssertFalse(s.events[end].state.isDragging, "the drag is not open yet when the zoom ends")
            XCTAssertFalse(s.events[end].state.isZooming)
            XCTAssertTrue(s.events[begin].state.isDragging)
        }
        s.lift()
        s.settle()
    }

    // MARK: - The zoom bounce-back

    /// Pinches out to ask for 8× (the maximum is 4) and lets go: the scale is past its limit and
    /// bouncing back.
    private func bouncingPastTheMaximum(_ c: ScrollViewConfiguration = photo()) -> FingerScript {
        let s = FingerScript(c)
        s.touch(down: [0: Point(x: 590, y: 400), 1: Point(x: 690, y: 400)])
        s.move([0: Point(x: 240, y: 400), 1: Point(x: 1040, y: 400)], over: 400)
        s.lift(slots: [0, 1])
        s.advance(ms: 50)
        XCTAssertTrue(s.state.isZoomBouncing)
        XCTAssertGreaterThan(s.state.zoomScale, 4)
        return s
    }

    func testATouchDuringTheZoomBounceBackWaitsForItAndTheScaleEndsOnTheLimit() {
        let s = bouncingPastTheMaximum()
        s.clearEvents()
        s.touch(down: Point(x: 640, y: 400))
        XCTAssertTrue(s.state.isZoomBouncing, "the bounce-back goes on under the finger")
        XCTAssertFalse(s.messages.contains("scrollViewDidEndZooming"))
        s.hold(ms: 1500)
        XCTAssertEqual(s.state.zoomScale, 4, "exactly on the maximum")
        XCTAssertEqual(s.messages.filter { $0 == "scrollViewDidEndZooming" }.count, 1)
        XCTAssertEqual(s.state.phase, .tracking, "the finger tracks once the bounce is over")
        s.move(to: Point(x: 640, y: 200), over: 100)
        XCTAssertTrue(s.state.isDragging)
        s.lift()
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertEqual(s.view.geometry.clamp(s.offset), s.offset)
    }

    func testATouchLiftedDuringTheZoomBounceBackLeavesTheScaleOnTheLimit() {
        let s = bouncingPastTheMaximum()
        s.touch(down: Point(x: 640, y: 400))
        s.hold(ms: 30)
        s.lift()
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertEqual(s.view.geometry.clamp(s.offset), s.offset)
    }

    func testScrollToTopDuringTheZoomBounceBackCompletesItFirst() {
        let s = bouncingPastTheMaximum()
        s.clearEvents()
        s.run { view, now in view.scrollToTop(at: now) }
        XCTAssertEqual(s.state.zoomScale, 4, "the bounce is completed at once")
        XCTAssertEqual(s.messages.prefix(2), ["scrollViewShouldScrollToTop", "scrollViewDidZoom"])
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertEqual(s.offset.y, 0, "at the top")
        XCTAssertEqual(s.messages.last, "scrollViewDidScrollToTop")
    }

    func testStopScrollingAndZoomingDuringTheZoomBounceBackLeavesTheScaleOnTheLimit() {
        let s = bouncingPastTheMaximum()
        s.run { view, now in view.stopScrollingAndZooming(at: now) }
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertTrue(s.view.isAtRest)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndZooming")
    }

    // MARK: - Paging

    private func pages(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
        tallPage {
            $0.isPagingEnabled = true
            tweak(&$0)
        }
    }

    func testAFingerThatCatchesAPagingMotionAndLiftsLeavesTheContentOnAPage() {
        let s = FingerScript(pages())
        s.touch(down: Point(x: 640, y: 600))
        s.move(to: Point(x: 640, y: 400), over: 50)
        s.lift()
        s.advance(ms: 60)
        XCTAssertTrue(s.state.isDecelerating)
        let caught = s.offset.y
        XCTAssertGreaterThan(caught, 0)
        XCTAssertLessThan(caught, 800)
        s.touch(down: Point(x: 640, y: 400))
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y, caught < 400 ? 0 : 800, accuracy: 1e-9, "the nearest page to \(caught)")
        XCTAssertEqual(s.offset.x, 0)
    }

    func testATapOnContentLeftBetweenPagesBringsItToTheNearestPage() {
        let s = FingerScript(pages())
        s.setContentOffset(Point(x: 0, y: 1300), animated: false)
        s.touch(down: Point(x: 640, y: 400))
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y, 1600, accuracy: 1e-9)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
    }

    // MARK: - Resting inside the range

    func testASlowReleaseLessThanHalfAPointPastAnEdgeRestsOnTheEdge() {
        let s = FingerScript(tallPage {
            $0.alwaysBounceHorizontal = true
            $0.contentOffset = Point(x: 0, y: 400)
        })
        s.touch(down: Point(x: 512, y: 291))
        s.move(to: Point(x: 512.8, y: 331), over: 300)
        XCTAssertTrue(s.state.isDragging)
        XCTAssertLessThan(s.offset.x, 0, "the finger's drift pulls the content past the left edge")
        XCTAssertGreaterThan(s.offset.x, -0.5)
        s.hold(ms: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.x, 0, "on the edge, not where it was let go")
        XCTAssertEqual(s.offset.y, 370, accuracy: 1)   // 40 pt of travel less the 10 pt of slop
        guard case .willEndDragging(_, let target)? = event(s, "scrollViewWillEndDragging")?.message else {
            return XCTFail("no willEndDragging")
        }
        XCTAssertEqual(target, s.offset, "the announced target is where it rests")
    }

    /// Content bouncing back past the left edge (alwaysBounceHorizontal on content as wide as the
    /// bounds), 3 000 pt down a tall page.
    private func bouncingPastTheLeftEdge() -> FingerScript {
        let s = FingerScript(tallPage {
            $0.alwaysBounceHorizontal = true
            $0.contentOffset = Point(x: 0, y: 3000)
        })
        s.touch(down: Point(x: 400, y: 400))
        s.move(to: Point(x: 700, y: 400), over: 100)
        s.lift()
        s.advance(ms: 30)
        XCTAssertLessThan(s.offset.x, -20)
        return s
    }

    func testScrollToTopDuringAHorizontalBounceEndsInsideTheRange() {
        let s = bouncingPastTheLeftEdge()
        s.run { view, now in view.scrollToTop(at: now) }
        s.settle()
        XCTAssertEqual(s.offset, Point(x: 0, y: 0))
        XCTAssertEqual(s.messages.last, "scrollViewDidScrollToTop")
    }

    func testScrollRectToVisibleDuringABounceEndsInsideTheRange() {
        let s = bouncingPastTheLeftEdge()
        // Below the bounds (a vertical scroll), and already visible across, on the axis that bounces.
        s.run { view, now in view.scrollRectToVisible(Rect(x: 100, y: 5000, width: 200, height: 100), animated: true, at: now) }
        XCTAssertTrue(s.state.isScrollAnimating)
        s.settle()
        XCTAssertEqual(s.offset, Point(x: 0, y: 4300))   // the rect's bottom on the bounds' bottom
    }

    /// A bounce's end instant is rounded to the microsecond; a frame that lands exactly on it must
    /// show the edge, not the spring half a point away. Each fling is played twice: once at 1 kHz to
    /// find the frame at which it comes to rest, then at 1 kHz until a millisecond before that and
    /// microsecond by microsecond after, so that one frame lands on the end itself.
    func testAFrameExactlyAtTheEndOfABounceShowsTheEdge() {
        for distance in stride(from: 150.0, through: 400, by: 25) {
            func fling(_ s: FingerScript) {
                s.touch(down: Point(x: 640, y: 600))
                s.move(to: Point(x: 640, y: 600 - distance), over: 60)
                s.lift()
            }
            let c = tallPage { $0.contentSize = Size(width: 1280, height: 1040) }
            let probe = FingerScript(c, frameRate: 1000)
            fling(probe)
            probe.settle()
            guard let restTime = probe.events.last(where: { $0.message.name == "scrollViewDidEndDecelerating" })?.time else {
                XCTFail("fling of \(distance) pt did not decelerate")
                continue
            }
            let s = FingerScript(c, frameRate: 1000)
            fling(s)
            s.advance(ms: Double(restTime.microseconds - s.now.microseconds) / 1000 - 1)
            s.frameInterval = 1e-6
            s.settle()
            XCTAssertEqual(s.offset.y, 240, "fling of \(distance) pt ends on the bottom edge")
        }
    }
}
