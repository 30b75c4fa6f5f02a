import ScrollEngine
import XCTest
@testable import Recordings

/// The bundled synthetic sessions show what the README says they show, when fed to the engine:
/// a virtual-clock driver (60 Hz animation ticks, timers at their deadlines) replays each one.
final class SyntheticSessionEngineTests: XCTestCase {
    struct Run {
        var messages: [String] = []
        var states: [ScrollViewState] = []
        var final: ScrollViewState { states.last! }
    }

    func replay(_ session: SyntheticSession, configure: (inout ScrollViewConfiguration) -> Void = { _ in }) throws -> Run {
        var configuration = ScrollViewConfiguration()
        configuration.boundsSize = SyntheticSession.screenSize
        configuration.contentSize = Size(width: 1280, height: 8000)
        configure(&configuration)
        let view = ScrollView(configuration: configuration)
        var run = Run()
        var now = Timestamp.zero
        func record() {
            run.messages += view.drainEvents().map(\.message.name)
            run.states.append(view.state)
        }
        func step(before limit: Timestamp) -> Bool {
            guard view.isAnimating || view.nextTimerDeadline != nil else { return false }
            var next = view.isAnimating ? now.adding(microseconds: 16_667) : Timestamp(microseconds: .max)
            if let deadline = view.nextTimerDeadline, deadline < next { next = max(deadline, now) }
            guard next < limit else { return false }
            view.advance(to: next)
            now = next
            record()
            return true
        }
        // Read through the evemu file, as a replay of the bundled recording would.
        let source = try RecordingSource.open(source: MemoryByteSource(text: session.evemu),
                                              mapping: ScreenMapping(screenSize: SyntheticSession.screenSize))
        while let frame = try source.nextFrame() {
            while step(before: frame.time) {}
            view.handle(frame)
            now = frame.time
            record()
        }
        let end = now.adding(seconds: 10)
        while !view.isAtRest, step(before: end) {}
        XCTAssertTrue(view.isAtRest, "\(session.rawValue) settles")
        return run
    }

    func testFlickScrollsAndDecelerates() throws {
        let run = try replay(.flick)
        XCTAssertTrue(run.messages.contains("scrollViewWillBeginDecelerating"))
        XCTAssertGreaterThan(run.final.contentOffset.y, 233, "moves further than the finger did")
    }

    func testDragAndHoldStopsWhereTheFingerLifted() throws {
        let run = try replay(.dragAndHold)
        XCTAssertFalse(run.messages.contains("scrollViewWillBeginDecelerating"))
        XCTAssertEqual(run.final.contentOffset.y, 300, accuracy: 20)
    }

    func testDragPastTheEdgeOverscrollsThenBouncesBack() throws {
        let run = try replay(.dragPastEdge)
        XCTAssertLessThan(run.states.map(\.contentOffset.y).min()!, -50)
        XCTAssertEqual(run.final.contentOffset.y, 0, accuracy: 0.5)
    }

    func testStatusBarTapScrollsBackToTheTop() throws {
        let run = try replay(.statusBarTap)
        XCTAssertGreaterThan(run.states.map(\.contentOffset.y).max()!, 300)
        XCTAssertTrue(run.messages.contains("scrollViewDidScrollToTop"), "\(Set(run.messages))")
        XCTAssertEqual(run.final.contentOffset.y, 0, accuracy: 0.5)
    }

    func testTwoFingerScrollScrolls() throws {
        XCTAssertGreaterThan(try replay(.twoFingerScroll).final.contentOffset.y, 200)
    }

    func testPinchesZoomInTheirDirection() throws {
        func zoomable(_ c: inout ScrollViewConfiguration) {
            c.minimumZoomScale = 0.25
            c.maximumZoomScale = 4
            c.contentViews = [ContentView(id: "content", frame: Rect(x: 0, y: 0, width: 1280, height: 8000))]
            c.zoomView = "content"
        }
        XCTAssertLessThan(try replay(.pinchIn, configure: zoomable).states.map(\.zoomScale).min()!, 1)
        XCTAssertGreaterThan(try replay(.pinchOut, configure: zoomable).states.map(\.zoomScale).max()!, 1)
    }

    func testTapsDoNotScroll() throws {
        for session in [SyntheticSession.taps, .doubleTap] {
            let run = try replay(session)
            XCTAssertFalse(run.messages.contains("scrollViewWillBeginDragging"), session.rawValue)
            XCTAssertEqual(run.final.contentOffset, .zero, session.rawValue)
        }
    }

    func testEdgeSwipeIsASwipeFromTheLeftStrip() throws {
        let run = try replay(.edgeSwipe) {
            $0.contentViews = [ContentView(id: "page", frame: Rect(x: 0, y: 0, width: 1280, height: 8000))]
            $0.edgeSwipe = .init(edge: .left, depth: 20)
        }
        XCTAssertTrue(run.messages.contains("swipe"), "\(Set(run.messages))")
        XCTAssertFalse(run.messages.contains("scrollViewWillBeginDragging"))
    }
}
