import RealModule
import ScrollEngine
import XCTest

/// The feel measured on iOS 26.1 (simulator, 120 Hz finger input), one finger script per figure.
/// Tolerances: 1 pt for positions, 10 % for times, unless a test says otherwise.
final class MeasuredFeelTests: XCTestCase {
    // MARK: Slop

    /// iOS: on the event that recognises the drag (travel ≥ 10 pt), the content moves travel − 10;
    /// 1:1 after that. A finger that moves 250 pt in 8 pt steps leaves the content 240 pt away.
    func testTheDragStartsWithTheTravelBeyondTheSlop() {
        let s = FingerScript(tallPage { $0.contentOffset = Point(x: 0, y: 5000) })
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 692))
        XCTAssertEqual(s.offset.y, 5000)                      // 8 pt: not recognised yet
        s.move(to: Point(x: 600, y: 684))
        XCTAssertTrue(s.state.isDragging)
        XCTAssertClose(s.offset.y, 5006, 1)                   // 16 pt of travel: 16 − 10
        var y = 684.0
        while y - 8 > 450 {
            y -= 8
            s.move(to: Point(x: 600, y: y))
        }
        s.move(to: Point(x: 600, y: 450))                     // 250 pt from touch-down
        XCTAssertClose(s.offset.y, 5240, 1)
    }

    // MARK: End of a fling

    func flick(rate: Double, frameRate: Double = 60) -> (s: FingerScript, release: Double, velocity: Double, target: Double) {
        let s = FingerScript(tallPage { $0.decelerationRate = DecelerationRate(rawValue: rate); $0.contentOffset = Point(x: 0, y: 3000) },
                             frameRate: frameRate)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 500), over: 100)          // 2 pt/ms upward
        let release = s.offset.y
        s.lift()
        guard case .willEndDragging(let v, let target) = s.events.first(where: { $0.message.name == "scrollViewWillEndDragging" })?.message else {
            XCTFail("no willEndDragging: \(s.messages)")
            return (s, release, 0, 0)
        }
        return (s, release, v.y, target.y)
    }

    /// iOS stops dead the instant the speed falls under 10 pt/s, on the curve: it rests at
    /// x0 + (v − 0.01)·r/(1 − r) (v in pt/ms), and targetContentOffset is that point.
    func testAFlingStopsDeadOnTheCurveWhereTheTargetSays() {
        for rate in [0.998, 0.99, 0.999] {
            let f = flick(rate: rate)
            f.s.clearEvents()
            f.s.settle()
            let resting = f.release + (f.velocity - 0.01) * rate / (1 - rate)
            XCTAssertClose(f.target, resting, 1, "rate \(rate)")
            XCTAssertEqual(f.s.offset.y, f.target, "rate \(rate): rests on targetContentOffset")
            // No jump on the last frame: the step is what 10 pt/s covers in a 60 Hz frame.
            let scrolls = f.s.events.filter { $0.message == .didScroll }.map(\.state.contentOffset.y)
            let lastStep = abs(scrolls[scrolls.count - 1] - scrolls[scrolls.count - 2])
            XCTAssertLessThan(lastStep, 10.0 / 60 + 0.05, "rate \(rate)")
            XCTAssertEqual(f.s.messages.last, "scrollViewDidEndDecelerating")
        }
    }

    /// A rewritten targetContentOffset is landed on exactly, and also without a jump.
    func testARewrittenTargetIsLandedOnWithoutAJump() {
        let s = FingerScript(tallPage { $0.contentOffset = Point(x: 0, y: 3000) })
        s.view.targetContentOffsetAdjuster = { _, proposed in Point(x: proposed.x, y: (proposed.y / 500).rounded(.up) * 500) }
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 500), over: 100)
        s.lift()
        s.clearEvents()
        s.settle()
        XCTAssertEqual(s.offset.y.truncatingRemainder(dividingBy: 500), 0)
        let scrolls = s.events.filter { $0.message == .didScroll }.map(\.state.contentOffset.y)
        XCTAssertLessThan(abs(scrolls[scrolls.count - 1] - scrolls[scrolls.count - 2]), 10.0 / 60 + 0.05)
    }

    // MARK: Release from a held overscroll

    /// Hold the content 235 pt past the top, still, then lift.
    func releaseHeldOverscroll(frameRate: Double = 120) -> FingerScript {
        let s = FingerScript(tallPage(), frameRate: frameRate)
        let travel = 10 + RubberBand.excess(forOverscroll: 235, dimension: 800)
        s.touch(down: Point(x: 600, y: 50))
        s.move(to: Point(x: 600, y: 50 + travel), over: 300)
        s.hold(ms: 200)
        XCTAssertClose(s.offset.y, -235, 1e-6)
        s.lift()
        return s
    }

    /// iOS: a 235 pt hold past the top is halved in about 91 ms and is within 2 pt of the edge after
    /// 0.55 s.
    func testAHeldOverscrollReturnsAsFastAsIOS() {
        let s = releaseHeldOverscroll()
        let lift = s.now
        var halvedAfter: Double?
        var ms = 0.0
        while ms < 550 {
            s.advance(ms: 1)
            ms += 1
            if halvedAfter == nil && s.offset.y > -117.5 { halvedAfter = ms }
        }
        XCTAssertEqual(s.now.seconds(since: lift), 0.55, accuracy: 1e-9)
        let halved = try! XCTUnwrap(halvedAfter)
        XCTAssertEqual(halved, 91, accuracy: 9.1)              // iOS: ≈ 91 ms, 10 %
        XCTAssertLessThanOrEqual(-s.offset.y, 2)               // iOS: within 2 pt after 0.55 s
        XCTAssertGreaterThan(-s.offset.y, 0)                   // still on its way, never past the edge
        s.settle()
        XCTAssertEqual(s.offset.y, 0)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
    }

    /// The bounce after a fling hits an edge stays the critically damped spring with ω = 11 s⁻¹.
    func testTheBounceAfterAFlingIsStillCriticallyDamped() {
        let t = AxisTrajectory.release(position: 1000, velocityPerSecond: 3000, range: 0...1200, bounces: true, rate: 0.998)
        guard let handoff = t.handoffTime, case .spring(let spring) = t.second else { return XCTFail("no bounce") }
        XCTAssertEqual(spring.slowRate, 11)
        XCTAssertEqual(spring.fastRate, 11)
        XCTAssertClose(t.value(at: handoff), 1200, 1e-6)
        XCTAssertClose(spring.velocityPerSecond, t.velocityPerSecond(at: handoff - 1e-9), 1e-3)
    }

    // MARK: Release while overscrolled and moving

    /// The content's speed is continuous at the lift: the return starts from the rubber-banded
    /// velocity the content had, not the finger's.
    func testReleasingAMovingOverscrollKeepsTheContentsSpeed() {
        for speed in [0.5, 1.0, 2.0] {                                    // finger, pt/ms, pulling down
            let s = FingerScript(tallPage(), frameRate: 120)
            s.touch(down: Point(x: 600, y: 50))
            s.move(to: Point(x: 600, y: 250), over: 200 / speed)
            let beforeLift = s.offset.y
            // The last millisecond at the same speed, sampled finely, and the lift at its end.
            s.sampleInterval = 0.0002
            s.move(to: Point(x: 600, y: 250 + speed), over: 1)
            let atLift = s.offset.y
            let contentSpeedBefore = (atLift - beforeLift) / 0.001        // pt/s, negative: outward
            s.lift()
            s.advance(ms: 0.2)
            let contentSpeedAfter = (s.offset.y - atLift) / 0.0002
            XCTAssertEqual(contentSpeedAfter, contentSpeedBefore, accuracy: abs(contentSpeedBefore) * 0.1, "finger \(speed) pt/ms")
            // The finger was 3.3–6.7× faster than the content: the content does not take its speed.
            XCTAssertLessThan(abs(contentSpeedAfter), speed * 1000 * 0.5)
        }
    }

    // MARK: Content that cannot scroll

    func buttonPage(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
        tallPage {
            $0.contentViews = [ContentView(id: "button", frame: Rect(x: 500, y: 300, width: 300, height: 200))]
            tweak(&$0)
        }
    }

    /// Content as wide as the bounds does not scroll horizontally: a horizontal wobble never begins
    /// a drag, and the button under the finger keeps its touch.
    func testAWobbleAcrossAnAxisThatCannotScrollKeepsTheButtonsTouch() {
        let s = FingerScript(buttonPage())
        s.touch(down: Point(x: 600, y: 400))
        s.hold(ms: 200)                                         // delivered to the button
        s.move(to: Point(x: 625, y: 400), over: 50)             // 25 pt sideways
        s.move(to: Point(x: 600, y: 402), over: 50)
        s.lift()
        XCTAssertFalse(s.messages.contains("scrollViewWillBeginDragging"))
        XCTAssertFalse(s.messages.contains("touchesCancelled"))
        XCTAssertEqual(s.messages.filter { $0 == "touchesBegan" }.count, 1)
        XCTAssertEqual(s.messages.last, "touchesEnded")
        XCTAssertEqual(s.offset, .zero)
    }

    /// Content that fits in the bounds (alwaysBounceVertical off), or scrolling turned off: no drag
    /// on any axis, whatever the finger does.
    func testContentThatCannotScrollNeverBeginsADrag() {
        let fits = buttonPage { $0.contentSize = Size(width: 1280, height: 700) }
        let disabled = buttonPage { $0.isScrollEnabled = false }
        for config in [fits, disabled] {
            let s = FingerScript(config)
            s.touch(down: Point(x: 600, y: 400))
            s.move(to: Point(x: 700, y: 150), over: 100)
            s.lift()
            s.settle()
            XCTAssertFalse(s.messages.contains { $0.hasPrefix("scrollView") }, "\(s.messages)")
            XCTAssertEqual(s.offset, .zero)
        }
        // alwaysBounceVertical lets the same fitting content be dragged (and bounce back).
        let s = FingerScript(buttonPage { $0.contentSize = Size(width: 1280, height: 700); $0.alwaysBounceVertical = true })
        s.touch(down: Point(x: 600, y: 400))
        s.move(to: Point(x: 600, y: 500), over: 100)
        XCTAssertTrue(s.state.isDragging)
        XCTAssertEqual(s.offset.x, 0)
    }

    // MARK: A stream never ends stale

    /// A finger stopping a fling: touchscrollMotionStopped, saying where, with decelerating false.
    func testAFingerStoppingAFlingSaysSo() {
        let f = flick(rate: 0.998)
        f.s.advance(ms: 300)
        let y = f.s.offset.y
        f.s.clearEvents()
        f.s.touch(down: Point(x: 600, y: 400))
        let stop = try! XCTUnwrap(f.s.events.first)
        XCTAssertEqual(stop.message, .motionStopped(reason: .touch))
        XCTAssertEqual(stop.message.name, "touchscrollMotionStopped")
        XCTAssertEqual(stop.state.contentOffset.y, y)
        XCTAssertFalse(stop.state.isDecelerating)
        XCTAssertTrue(stop.state.isTracking)
        XCTAssertEqual(stop.state.phase, .tracking)
        f.s.lift()
        f.s.settle()
        XCTAssertEqual(f.s.events.filter { $0.message.name == "touchscrollMotionStopped" }.count, 1)
        XCTAssertEqual(f.s.offset.y, y)
    }

    /// stopScrollingAndZooming and a finger on an animated scroll: one message each, exactly then.
    func testStoppingAnAnimationSaysSo() {
        let s = FingerScript(tallPage())
        s.setContentOffset(Point(x: 0, y: 5000), animated: true)
        s.advance(ms: 100)
        s.clearEvents()
        s.run { v, t in v.stopScrollingAndZooming(at: t) }
        XCTAssertEqual(s.events.map(\.message), [.motionStopped(reason: .stopScrollingAndZooming)])
        XCTAssertFalse(s.events[0].state.isScrollAnimating)
        s.run { v, t in v.stopScrollingAndZooming(at: t) }     // nothing moves: nothing to say
        XCTAssertEqual(s.events.count, 1)

        s.setContentOffset(Point(x: 0, y: 100), animated: true)
        s.advance(ms: 100)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 400))
        XCTAssertEqual(s.events.first?.message, .motionStopped(reason: .touch))
        XCTAssertFalse(s.messages.contains("scrollViewDidEndScrollingAnimation"))
    }

    // MARK: Pinch end

    /// Zooming ends when fewer than two fingers remain; the remaining finger pans 1:1, no jump.
    func testLiftingOneFingerOfAPinchEndsZoomingAndTheOtherPans() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 440, y: 400), 1: Point(x: 840, y: 400)], over: 200)
        XCTAssertTrue(s.state.isZooming)
        let scale = s.state.zoomScale
        let offset = s.offset
        s.clearEvents()
        s.lift(slot: 0)
        XCTAssertEqual(s.messages, ["scrollViewDidEndZooming", "scrollViewWillBeginDragging"])
        XCTAssertFalse(s.state.isZooming)
        XCTAssertTrue(s.state.isDragging)
        XCTAssertEqual(s.state.zoomScale, scale)
        XCTAssertEqual(s.offset, offset)                         // no jump at the lift
        s.move(to: Point(x: 790, y: 330), over: 100, slot: 1)     // 50 left, 70 up
        XCTAssertClose(s.offset.x, offset.x + 50, 1e-9)
        XCTAssertClose(s.offset.y, offset.y + 70, 1e-9)
        XCTAssertEqual(s.state.zoomScale, scale)
        XCTAssertEqual(s.messages.filter { $0 == "scrollViewDidEndZooming" }.count, 1)
        XCTAssertFalse(s.messages.contains("scrollViewDidZoom"))
    }

    // MARK: scrollsToTop

    /// scrollsToTop off: the scroll view is not a candidate, so its delegate is not asked.
    func testScrollsToTopOffAsksNothing() {
        let s = FingerScript(tallPage { $0.statusBarHeight = 20; $0.scrollsToTop = false; $0.contentOffset = Point(x: 0, y: 3000) })
        s.touch(down: Point(x: 600, y: 10))
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages, [])
        XCTAssertEqual(s.offset.y, 3000)
    }

    // MARK: Frame-rate independence of the new curves

    func testTheNewCurvesAreTheSameAt30_60_120_144Hz() {
        func run(_ hz: Double) -> [Double] {
            let s = releaseHeldOverscroll(frameRate: hz)
            var samples: [Double] = []
            for _ in 0..<14 {
                s.advance(ms: 50)
                samples.append(s.offset.y)
            }
            let f = flick(rate: 0.998, frameRate: hz)
            for _ in 0..<60 {
                f.s.advance(ms: 50)
                samples.append(f.s.offset.y)
            }
            samples.append(f.target)
            return samples
        }
        let reference = run(60)
        for hz in [30.0, 120, 144] {
            let other = run(hz)
            XCTAssertEqual(other.count, reference.count)
            for (i, (a, b)) in zip(reference, other).enumerated() { XCTAssertClose(a, b, 1e-6, "\(hz) Hz, sample \(i)") }
        }
    }
}
