import Foundation
import ScrollEngine
import XCTest

/// A 2000x1500 photo in a 1280x800 scroll view, zoomable from 0.5 to 4.
func photo(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
    var c = ScrollViewConfiguration()
    c.boundsSize = Size(width: 1280, height: 800)
    c.statusBarHeight = 0
    c.contentViews = [ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 2000, height: 1500))]
    c.zoomView = "photo"
    c.minimumZoomScale = 0.5
    c.maximumZoomScale = 4
    tweak(&c)
    return c
}

final class PinchTests: XCTestCase {
    func testSpreadDoublingDoublesTheScale() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 440, y: 400), 1: Point(x: 840, y: 400)], over: 300)
        XCTAssertClose(s.state.zoomScale, 2, 1e-9)
        XCTAssertTrue(s.state.isZooming)
        XCTAssertClose(s.state.contentSize.width, 4000, 1e-6)
        XCTAssertClose(s.state.contentSize.height, 3000, 1e-6)
        s.lift(slot: 0)
        s.lift(slot: 1)
        s.settle()
        XCTAssertClose(s.state.zoomScale, 2, 1e-9)
    }

    func testTheContentPointUnderTheCentroidStaysUnderItAtEveryFrame() {
        let s = FingerScript(photo { $0.contentOffset = Point(x: 300, y: 200) })
        let a0 = Point(x: 500, y: 300), b0 = Point(x: 700, y: 500)
        s.touch(down: [0: a0, 1: b0])
        let centroid0 = (a0 + b0) / 2
        // Measured from the frame the pinch is recognised: before it, the fingers' slop moves nothing.
        var contentUnder: Point?
        var zoomingFrames = 0
        // Pinch out while the pair moves 120 pt right and 60 pt down.
        let steps = 30
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let shift = Point(x: 120 * f, y: 60 * f)
            let spread = 1 + 1.2 * f
            let a = centroid0 + (a0 - centroid0) * spread + shift
            let b = centroid0 + (b0 - centroid0) * spread + shift
            s.move([0: a, 1: b], over: 10)
            let centroid = (a + b) / 2
            let under = s.view.contentPoint(forScreen: centroid)
            guard s.state.isZooming else { continue }
            zoomingFrames += 1
            if let pinned = contentUnder {
                XCTAssertLessThan(under.distance(to: pinned) * s.state.zoomScale, 0.5, "frame \(i)")
            } else {
                contentUnder = under
            }
        }
        XCTAssertGreaterThan(zoomingFrames, 25)
        XCTAssertGreaterThan(s.state.zoomScale, 1.5)
    }

    func testPinchMessageOrder() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 440, y: 400), 1: Point(x: 840, y: 400)], over: 200)
        s.lift(slots: [0, 1])
        s.settle()
        let zoomMessages = s.messages.filter { $0.contains("Zoom") }
        XCTAssertEqual(zoomMessages.first, "scrollViewWillBeginZooming")
        XCTAssertEqual(zoomMessages.last, "scrollViewDidEndZooming")
        XCTAssertTrue(zoomMessages.dropFirst().dropLast().allSatisfy { $0 == "scrollViewDidZoom" })
        XCTAssertGreaterThan(zoomMessages.count, 3)
        XCTAssertEqual(zoomMessages.filter { $0 == "scrollViewDidEndZooming" }.count, 1)
        guard case .didEndZooming(let atScale) = s.events.last(where: { $0.message.name == "scrollViewDidEndZooming" })!.message else { return XCTFail() }
        XCTAssertEqual(atScale, s.state.zoomScale)
        XCTAssertFalse(s.messages.contains("scrollViewWillBeginDragging"))
    }

    func testAThirdFingerOrLiftingOneOfThreeDoesNotJump() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 500, y: 400), 1: Point(x: 780, y: 400)], over: 100)
        let before = s.state
        s.touch(down: Point(x: 640, y: 700), slot: 2)
        XCTAssertEqual(s.state.zoomScale, before.zoomScale)
        XCTAssertEqual(s.state.contentOffset, before.contentOffset)
        s.move([0: Point(x: 480, y: 400), 1: Point(x: 800, y: 400), 2: Point(x: 640, y: 720)], over: 50)
        let middle = s.state
        s.lift(slot: 2)
        XCTAssertEqual(s.state.zoomScale, middle.zoomScale)
        XCTAssertEqual(s.state.contentOffset, middle.contentOffset)
    }

    func testNoZoomWithoutAZoomViewOrWithEqualLimits() {
        for c in [photo { $0.zoomView = nil }, photo { $0.maximumZoomScale = 0.5; $0.minimumZoomScale = 0.5 }] {
            let s = FingerScript(c)
            s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
            s.move([0: Point(x: 440, y: 400), 1: Point(x: 840, y: 400)], over: 200)
            XCTAssertFalse(s.messages.contains("scrollViewWillBeginZooming"))
            XCTAssertFalse(s.messages.contains("scrollViewDidZoom"))
        }
    }
}

final class ZoomLimitTests: XCTestCase {
    func pinchOut(_ s: FingerScript, factor: Double) {
        s.touch(down: [0: Point(x: 590, y: 400), 1: Point(x: 690, y: 400)])
        s.move([0: Point(x: 640 - 50 * factor, y: 400), 1: Point(x: 640 + 50 * factor, y: 400)], over: 400)
    }

    func testBouncesZoomRubberBandsThenBouncesBackExactlyOntoTheLimit() {
        let s = FingerScript(photo())
        pinchOut(s, factor: 8)    // asks for 8x, max is 4
        let stretched = s.state.zoomScale
        XCTAssertGreaterThan(stretched, 4)
        XCTAssertLessThan(stretched, 8)      // resisted, and never beyond 2x the limit
        XCTAssertLessThan(stretched, 4 * ZoomRubberBand.maximumFactor)
        s.lift(slot: 0)
        s.lift(slot: 1)
        XCTAssertTrue(s.state.isZoomBouncing)
        var minSeen = Double.infinity
        while !s.view.isAtRest {
            s.advance(ms: 8)
            minSeen = min(minSeen, s.state.zoomScale)
        }
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertGreaterThanOrEqual(minSeen, 4)   // no overshoot below the limit
        XCTAssertFalse(s.state.isZoomBouncing)
        XCTAssertEqual(s.view.geometry.clamp(s.offset), s.offset)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndZooming")
    }

    func testRubberBandIsContinuousAndSlowsProgressively() {
        // Equal steps in log scale give ever smaller steps of the displayed scale.
        var last = 4.0
        var lastStep = Double.infinity
        for k in 1...16 {
            let d = ZoomRubberBand.displayedScale(raw: 4 * pow(1.25, Double(k)), minimum: 0.5, maximum: 4, bounces: true)
            XCTAssertGreaterThan(d, last)
            XCTAssertLessThan(d - last, lastStep)
            lastStep = d - last
            last = d
        }
        XCTAssertLessThan(last, 8)
        // Continuous at the limit.
        XCTAssertClose(ZoomRubberBand.displayedScale(raw: 4.000001, minimum: 0.5, maximum: 4, bounces: true), 4, 1e-5)
        XCTAssertEqual(ZoomRubberBand.displayedScale(raw: 4, minimum: 0.5, maximum: 4, bounces: true), 4)
    }

    func testWithoutBouncesZoomTheScaleIsClamped() {
        let s = FingerScript(photo { $0.bouncesZoom = false })
        pinchOut(s, factor: 8)
        XCTAssertEqual(s.state.zoomScale, 4)
        s.lift(slot: 0)
        s.lift(slot: 1)
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 4)
    }

    func testZoomingOutBelowTheMinimumBouncesBackUp() {
        let s = FingerScript(photo())
        s.touch(down: [0: Point(x: 340, y: 400), 1: Point(x: 940, y: 400)])
        s.move([0: Point(x: 600, y: 400), 1: Point(x: 680, y: 400)], over: 400)
        XCTAssertLessThan(s.state.zoomScale, 0.5)
        s.lift(slot: 0)
        s.lift(slot: 1)
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 0.5)
        XCTAssertEqual(s.view.geometry.clamp(s.offset), s.offset)
    }
}

final class ProgrammaticZoomTests: XCTestCase {
    func testSetZoomScaleNotAnimated() {
        let s = FingerScript(photo())
        s.run { v, t in v.setZoomScale(2, animated: false, at: t) }
        XCTAssertEqual(s.state.zoomScale, 2)
        XCTAssertEqual(s.messages.filter { $0 == "scrollViewDidZoom" }.count, 1)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndZooming")
    }

    func testSetZoomScaleAnimatedIsClampedAndEnds() {
        let s = FingerScript(photo())
        s.run { v, t in v.setZoomScale(10, animated: true, at: t) }
        XCTAssertTrue(s.state.isZoomAnimating)
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 4)
        XCTAssertEqual(s.messages.last, "scrollViewDidEndZooming")
        XCTAssertGreaterThan(s.messages.filter { $0 == "scrollViewDidZoom" }.count, 10)
    }

    func testZoomToRectFillsTheBoundsCentred() {
        let s = FingerScript(photo())
        s.run { v, t in v.zoom(to: Rect(x: 400, y: 300, width: 640, height: 400), animated: false, at: t) }
        XCTAssertEqual(s.state.zoomScale, 2)
        // The rect's centre (720, 500) × 2 is at the centre of the bounds.
        XCTAssertEqual(s.offset, Point(x: 1440 - 640, y: 1000 - 400))
    }

    func testZoomToRectAspectKeptAndClamped() {
        let s = FingerScript(photo())
        s.run { v, t in v.zoom(to: Rect(x: 0, y: 0, width: 100, height: 800), animated: true, at: t) }
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 1)   // min(1280/100, 800/800) = 1
        let t = FingerScript(photo())
        t.run { v, time in v.zoom(to: Rect(x: 0, y: 0, width: 10, height: 10), animated: true, at: time) }
        t.settle()
        XCTAssertEqual(t.state.zoomScale, 4)
    }

    func testZoomAnimationIsFrameRateIndependent() {
        func run(_ hz: Double) -> [Double] {
            let s = FingerScript(photo(), frameRate: hz)
            s.run { v, t in v.setZoomScale(3, animated: true, at: t) }
            var out: [Double] = []
            for _ in 0..<8 {
                s.advance(ms: 40)
                out.append(s.state.zoomScale)
                out.append(s.offset.x)
            }
            return out
        }
        let a = run(60)
        for hz in [30.0, 120, 144] {
            for (x, y) in zip(a, run(hz)) { XCTAssertClose(x, y, 1e-9, "\(hz) Hz") }
        }
    }

    func testBounceBackIsFrameRateIndependent() {
        func run(_ hz: Double) -> [Double] {
            let s = FingerScript(photo(), frameRate: hz)
            s.touch(down: [0: Point(x: 590, y: 400), 1: Point(x: 690, y: 400)])
            s.move([0: Point(x: 240, y: 400), 1: Point(x: 1040, y: 400)], over: 100)
            s.lift(slot: 0)
            s.lift(slot: 1)
            var out: [Double] = []
            for _ in 0..<10 {
                s.advance(ms: 35)
                out.append(s.state.zoomScale)
            }
            return out
        }
        let a = run(60)
        for hz in [30.0, 144] {
            for (x, y) in zip(a, run(hz)) { XCTAssertClose(x, y, 1e-9, "\(hz) Hz") }
        }
    }

    func testContentAlignmentPointPlacesSmallContent() {
        let topLeft = FingerScript(photo())
        topLeft.run { v, t in v.setZoomScale(0.5, animated: false, at: t) }   // 1000x750 in 1280x800
        XCTAssertEqual(topLeft.view.geometry.range(.horizontal), 0...0)
        let centred = FingerScript(photo { $0.contentAlignmentPoint = Point(x: 0.5, y: 0.5) })
        centred.run { v, t in v.setZoomScale(0.5, animated: false, at: t) }
        XCTAssertEqual(centred.offset, Point(x: -140, y: -25))
    }
}

final class DoubleTapZoomTests: XCTestCase {
    func tap(_ s: FingerScript, _ p: Point) {
        s.touch(down: p)
        s.advance(ms: 60)
        s.lift()
    }

    func testDoubleTapZoomsInThenBackOut() {
        let s = FingerScript(photo { $0.doubleTapZoom = .init(enabled: true, scale: 2); $0.zoomScale = 0.5 })
        tap(s, Point(x: 400, y: 300))
        s.advance(ms: 100)
        tap(s, Point(x: 405, y: 302))
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 2)
        XCTAssertFalse(s.messages.contains("tap"), "a double tap is not also a single tap")
        XCTAssertEqual(s.messages.last, "scrollViewDidEndZooming")
        s.advance(ms: 500)
        tap(s, Point(x: 400, y: 300))
        s.advance(ms: 100)
        tap(s, Point(x: 400, y: 300))
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 0.5)
    }

    func testDoubleTapZoomIsAnimated() {
        let s = FingerScript(photo { $0.doubleTapZoom = .init(enabled: true, scale: 2); $0.zoomScale = 0.5 })
        let tapped = Point(x: 400, y: 300)
        let under = s.view.contentPoint(forScreen: tapped)
        tap(s, tapped)
        s.advance(ms: 100)
        tap(s, tapped)
        XCTAssertTrue(s.state.isZoomAnimating)
        XCTAssertEqual(s.state.zoomScale, 0.5)
        s.advance(ms: 150)
        XCTAssert(s.state.zoomScale > 0.5 && s.state.zoomScale < 2)
        s.settle()
        XCTAssertEqual(s.state.zoomScale, 2)
        // Zoomed around the tapped point: the content under it is still under it.
        XCTAssertEqual(s.view.contentPoint(forScreen: tapped).x, under.x, accuracy: 1e-9)
        XCTAssertEqual(s.view.contentPoint(forScreen: tapped).y, under.y, accuracy: 1e-9)
    }

    func testSingleTapWaitsForTheDoubleTapToFail() {
        let s = FingerScript(photo { $0.doubleTapZoom = .init(enabled: true, scale: 2) })
        tap(s, Point(x: 400, y: 300))
        XCTAssertFalse(s.messages.contains("tap"))
        s.advance(ms: 400)
        XCTAssertEqual(s.messages.filter { $0 == "tap" }.count, 1)
        XCTAssertEqual(s.state.zoomScale, 1)
    }

    func testWithoutDoubleTapZoomTapsAreNotDelayed() {
        let s = FingerScript(photo())
        tap(s, Point(x: 400, y: 300))
        XCTAssertEqual(s.messages.filter { $0 == "tap" }.count, 1)
    }
}

final class PinchEndTests: XCTestCase {
    /// The choice documented in docs/engine.md: a pinch lifted while the fingers still move
    /// fast keeps neither zoom nor pan momentum.
    func testAFastPinchReleaseKeepsNoMomentum() {
        let s = FingerScript(photo { $0.contentOffset = Point(x: 400, y: 300) })
        s.touch(down: [0: Point(x: 500, y: 400), 1: Point(x: 700, y: 400)])
        // Spread and drag together fast (≈ 3 pt/ms) right up to the lift.
        s.move([0: Point(x: 380, y: 250), 1: Point(x: 880, y: 250)], over: 50)
        let atLift = s.state
        XCTAssertTrue(atLift.isZooming)
        s.lift(slot: 0)
        s.lift(slot: 1)
        s.settle()
        XCTAssertEqual(s.state.zoomScale, atLift.zoomScale)          // within the limits: unchanged
        XCTAssertEqual(s.offset, atLift.contentOffset)               // inside bounds: no pan momentum
        XCTAssertFalse(s.messages.contains("scrollViewWillBeginDecelerating"))
        // The pinch ends as the first finger lifts; the other one's pan, lifted at once, has no
        // velocity of its own.
        XCTAssertEqual(s.messages.filter { $0 == "scrollViewDidEndZooming" }.count, 1)
        guard case .didEndDragging(let willDecelerate) = s.events.last(where: { $0.message.name == "scrollViewDidEndDragging" })?.message else {
            return XCTFail("\(s.messages)")
        }
        XCTAssertFalse(willDecelerate)
    }
}
