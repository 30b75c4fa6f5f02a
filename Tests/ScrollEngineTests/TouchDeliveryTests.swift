import ScrollEngine
import XCTest

/// A kiosk page: a "buy" button (control) and a "tile" (plain view) on a tall page.
func kiosk(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
    tallPage {
        $0.contentViews = [
            ContentView(id: "tile", frame: Rect(x: 0, y: 300, width: 1280, height: 400)),
            ContentView(id: "buy", frame: Rect(x: 40, y: 400, width: 200, height: 80), role: .control),
        ]
        tweak(&$0)
    }
}

extension FingerScript {
    var touchMessages: [String] {
        events.compactMap { e in
            switch e.message {
            case .touchesBegan(let t): "began \(t.view ?? "content")"
            case .touchesMoved(let t): "moved \(t.view ?? "content")"
            case .touchesEnded(let t): "ended \(t.view ?? "content")"
            case .touchesCancelled(let t): "cancelled \(t.view ?? "content")"
            case .tap(let g): "tap \(g.view ?? "content")"
            case .swipe(let g, let d): "swipe \(d.rawValue) \(g.view ?? "content")"
            case .longPress(let g): "longPress \(g.view ?? "content")"
            default: nil
            }
        }
    }
}

final class TouchDelayTests: XCTestCase {
    func testHeld150msThenDeliveredWithTheOriginalTimeAndPosition() {
        let s = FingerScript(kiosk())
        s.advance(ms: 1000)
        s.touch(down: Point(x: 100, y: 440))
        XCTAssertTrue(s.state.isTracking)
        XCTAssertFalse(s.state.isDragging)
        s.advance(ms: 149)
        XCTAssertEqual(s.touchMessages, [])
        s.advance(ms: 2)
        XCTAssertEqual(s.touchMessages, ["began buy"])
        let began = s.events.first { $0.message.name == "touchesBegan" }!
        XCTAssertEqual(began.time, .milliseconds(1150))
        guard case .touchesBegan(let t) = began.message else { return XCTFail() }
        XCTAssertEqual(t.touchTime, .milliseconds(1000))
        XCTAssertEqual(t.screenPoint, Point(x: 100, y: 440))
        XCTAssertEqual(t.contentPoint, Point(x: 100, y: 440))
        s.lift()
        XCTAssertEqual(s.touchMessages, ["began buy", "ended buy", "tap buy"])
    }

    func testMovedPastThresholdAt100msIsNeverDelivered() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 600, y: 500))
        s.move(to: Point(x: 600, y: 400), over: 100)
        s.advance(ms: 300)
        s.move(to: Point(x: 600, y: 300), over: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.touchMessages, [])
        XCTAssertTrue(s.messages.contains("scrollViewWillBeginDragging"))
    }

    func testLiftedAt80msDeliversBeganAndEndedAtOnce() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 600, y: 500))
        s.advance(ms: 80)
        s.lift()
        XCTAssertEqual(s.touchMessages, ["began tile", "ended tile", "tap tile"])
        XCTAssertTrue(s.events.filter { $0.message.name.hasPrefix("touches") || $0.message.name == "tap" }
            .allSatisfy { $0.time == .milliseconds(80) })
    }

    func testDelayOffDeliversImmediately() {
        let s = FingerScript(kiosk { $0.delaysContentTouches = false })
        s.touch(down: Point(x: 600, y: 500))
        XCTAssertEqual(s.touchMessages, ["began tile"])
    }
}

final class ContentTouchCancellationTests: XCTestCase {
    func testPlainViewIsCancelledAndTheScrollStarts() {
        let s = FingerScript(kiosk())
        s.setContentOffset(Point(x: 0, y: 0), animated: false)
        s.touch(down: Point(x: 600, y: 600))
        s.advance(ms: 200)
        s.move(to: Point(x: 600, y: 500), over: 100)
        // Moves under the threshold reach the view, then the pan wins and cancels it.
        let m = s.touchMessages
        XCTAssertEqual(m.first, "began tile")
        XCTAssertEqual(m.last, "cancelled tile")
        XCTAssertTrue(m.dropFirst().dropLast().allSatisfy { $0 == "moved tile" })
        XCTAssertTrue(s.state.isDragging)
        XCTAssertGreaterThan(s.offset.y, 50)
        s.lift()
        XCTAssertFalse(s.touchMessages.contains("ended tile"))
        XCTAssertFalse(s.touchMessages.contains("tap tile"))
    }

    func testControlKeepsTheTouchAndNothingScrolls() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 100, y: 440))
        s.advance(ms: 200)
        s.move(to: Point(x: 100, y: 300), over: 100)
        XCTAssertEqual(s.offset.y, 0)
        XCTAssertFalse(s.state.isDragging)
        s.lift()
        XCTAssertEqual(s.touchMessages.first, "began buy")
        XCTAssertTrue(s.touchMessages.contains("moved buy"))
        XCTAssertEqual(s.touchMessages.last, "ended buy")      // moved too far for a tap
        XCTAssertFalse(s.messages.contains("scrollViewWillBeginDragging"))
    }

    func testCanCancelContentTouchesOffKeepsItForAnyView() {
        let s = FingerScript(kiosk { $0.canCancelContentTouches = false })
        s.touch(down: Point(x: 600, y: 600))
        s.advance(ms: 200)
        s.move(to: Point(x: 600, y: 400), over: 100)
        XCTAssertEqual(s.offset.y, 0)
        s.lift()
        XCTAssertEqual(s.touchMessages.last, "ended tile")
    }

    func testTouchesShouldCancelOverrideOnAControl() {
        let s = FingerScript(kiosk {
            $0.contentViews[1].touchesShouldCancel = true
        })
        s.touch(down: Point(x: 100, y: 440))
        s.advance(ms: 200)
        s.move(to: Point(x: 100, y: 300), over: 100)
        XCTAssertTrue(s.touchMessages.contains("cancelled buy"))
        XCTAssertTrue(s.state.isDragging)
    }

    func testTouchesShouldBeginFalseGivesTheViewNothing() {
        let s = FingerScript(kiosk { $0.contentViews[1].touchesShouldBegin = false })
        s.touch(down: Point(x: 100, y: 440))
        s.advance(ms: 300)
        s.lift()
        XCTAssertEqual(s.touchMessages, [])
    }

    func testAFingerOnADeceleratingViewOnlyStopsIt() {
        let s = FingerScript(kiosk())
        s.setContentOffset(Point(x: 0, y: 5000), animated: false)
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 300), over: 100)
        s.lift()
        s.advance(ms: 100)
        XCTAssertTrue(s.state.isDecelerating)
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 500))
        s.advance(ms: 300)
        s.lift()
        XCTAssertEqual(s.touchMessages, [])
        XCTAssertTrue(s.view.isAtRest)
    }

    func testASecondFingerStartingAPinchCancelsDeliveredTouches() {
        var c = photo()
        c.contentViews.append(ContentView(id: "pin", frame: Rect(x: 400, y: 300, width: 200, height: 200)))
        let s = FingerScript(c)
        s.touch(down: Point(x: 500, y: 400), slot: 0)
        s.advance(ms: 200)
        XCTAssertEqual(s.touchMessages, ["began pin"])
        s.touch(down: Point(x: 800, y: 400), slot: 1)
        s.advance(ms: 200)
        XCTAssertEqual(s.touchMessages, ["began pin", "began photo"])
        s.move([0: Point(x: 400, y: 400), 1: Point(x: 900, y: 400)], over: 100)
        XCTAssertTrue(s.state.isZooming)
        XCTAssertEqual(Set(s.touchMessages.suffix(2)), ["cancelled pin", "cancelled photo"])
    }

    func testTwoFingersTappingGetATapEach() {
        let s = FingerScript(kiosk())
        s.touch(down: [0: Point(x: 100, y: 440), 1: Point(x: 900, y: 500)])
        s.advance(ms: 50)
        s.lift(slot: 0)
        s.lift(slot: 1)
        XCTAssertEqual(s.touchMessages.filter { $0.hasPrefix("tap") }, ["tap buy", "tap tile"])
    }

    func testTouchesOutsideEveryViewBelongToTheContent() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 600, y: 100))
        s.lift()
        XCTAssertEqual(s.touchMessages, ["began content", "ended content", "tap content"])
    }

    func testHitTestingPicksTheTopMostViewAndFollowsScrolling() {
        let s = FingerScript(kiosk())
        s.setContentOffset(Point(x: 0, y: 300), animated: false)
        // Screen y 140 is content y 440: the button, which lies on top of the tile.
        s.touch(down: Point(x: 100, y: 140))
        s.lift()
        XCTAssertEqual(s.touchMessages.last, "tap buy")
        guard case .tap(let g) = s.events.last!.message else { return XCTFail() }
        XCTAssertEqual(g.contentPoint, Point(x: 100, y: 440))
        XCTAssertEqual(g.screenPoint, Point(x: 100, y: 140))
    }
}

final class CustomGestureTests: XCTestCase {
    func edge() -> ScrollViewConfiguration {
        kiosk { $0.edgeSwipe = .init(edge: .bottom, depth: 75) }
    }

    func testASwipeFromTheBottomStripIsASwipeAndDoesNotScroll() {
        let s = FingerScript(edge())
        s.setContentOffset(Point(x: 0, y: 1000), animated: false)
        s.touch(down: Point(x: 600, y: 780))
        s.move(to: Point(x: 600, y: 500), over: 150)
        s.lift()
        s.settle()
        XCTAssertEqual(s.touchMessages.filter { $0.hasPrefix("swipe up") }.count, 1)
        XCTAssertEqual(s.offset.y, 1000)
        XCTAssertFalse(s.messages.contains("scrollViewWillBeginDragging"))
    }

    func testAFailedSwipeInTheStripBecomesAPan() {
        let s = FingerScript(edge())
        s.setContentOffset(Point(x: 0, y: 1000), animated: false)
        s.touch(down: Point(x: 300, y: 780))
        s.move(to: Point(x: 700, y: 770), over: 150)   // sideways: not a swipe away from the edge
        XCTAssertTrue(s.state.isDragging)
        XCTAssertFalse(s.touchMessages.contains { $0.hasPrefix("swipe") })
    }

    func testElsewhereThePanIsNotDelayed() {
        let plain = FingerScript(kiosk())
        let strip = FingerScript(edge())
        for s in [plain, strip] {
            s.setContentOffset(Point(x: 0, y: 1000), animated: false)
            s.clearEvents()
            s.touch(down: Point(x: 600, y: 500))
            s.move(to: Point(x: 600, y: 300), over: 100)
        }
        XCTAssertEqual(plain.events, strip.events)
    }

    func testLongPress() {
        let s = FingerScript(kiosk { $0.longPress = .init(enabled: true, minimumPressDuration: 0.5) })
        s.touch(down: Point(x: 600, y: 500))
        s.advance(ms: 499)
        XCTAssertFalse(s.touchMessages.contains("longPress tile"))
        s.advance(ms: 2)
        XCTAssertEqual(s.touchMessages, ["began tile", "longPress tile"])
        s.lift()
        XCTAssertEqual(s.touchMessages, ["began tile", "longPress tile", "ended tile"])  // no tap after a long press
    }

    func testLongPressIsOffByDefault() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 600, y: 500))
        s.advance(ms: 1000)
        s.lift()
        XCTAssertFalse(s.touchMessages.contains("longPress tile"))
    }

    func testWakeTouchIsSwallowed() {
        let s = FingerScript(kiosk { $0.wakeTouch = .init(enabled: true, idleSeconds: 60) })
        s.advance(ms: 61_000)
        s.touch(down: Point(x: 100, y: 440))
        s.advance(ms: 300)
        s.move(to: Point(x: 100, y: 200), over: 100)
        s.lift()
        XCTAssertEqual(s.touchMessages, [])
        XCTAssertEqual(s.messages, [])
        // The next touch is ordinary.
        s.touch(down: Point(x: 100, y: 440))
        s.lift()
        XCTAssertEqual(s.touchMessages, ["began buy", "ended buy", "tap buy"])
    }

    func testWakeTouchDoesNotStopMotion() {
        let s = FingerScript(kiosk { $0.wakeTouch = .init(enabled: true, idleSeconds: 0.05) })
        s.setContentOffset(Point(x: 0, y: 5000), animated: true)
        s.advance(ms: 100)
        XCTAssertTrue(s.state.isScrollAnimating)
        s.touch(down: Point(x: 600, y: 500))
        XCTAssertTrue(s.state.isScrollAnimating)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset.y, 5000)
    }

    func testStatusBarTouchesNeverReachContent() {
        let s = FingerScript(kiosk { $0.statusBarHeight = 20 })
        s.touch(down: Point(x: 100, y: 10))
        s.lift()
        XCTAssertEqual(s.touchMessages, [])
    }
}

final class DeliveryStateTests: XCTestCase {
    func testTheLastFingersEndAndTapAreNotTracking() {
        let s = FingerScript(kiosk())
        s.touch(down: Point(x: 100, y: 440))
        s.lift()
        let ended = s.events.filter { $0.message.name == "touchesEnded" || $0.message.name == "tap" }
        XCTAssertEqual(ended.count, 2)
        XCTAssertTrue(ended.allSatisfy { !$0.state.isTracking })
    }

    func testAnotherFingerStillDownKeepsTracking() {
        let s = FingerScript(kiosk())
        s.touch(down: [0: Point(x: 100, y: 440), 1: Point(x: 900, y: 500)])
        s.lift(slot: 0)
        let ended = s.events.first { $0.message.name == "touchesEnded" }!
        XCTAssertTrue(ended.state.isTracking)
    }
}
