import ScrollEngine
import XCTest

/// The engine's one state machine, seen from outside: the phase in the state, and every change of
/// phase recorded as `old → input → new`.
final class StateMachineTests: XCTestCase {
    func testAFlickWalksThroughTheDocumentedPhases() {
        let s = FingerScript(tallPage { $0.contentOffset = Point(x: 0, y: 3000) })
        s.touch(down: Point(x: 600, y: 700))
        XCTAssertEqual(s.state.phase, .tracking)
        s.move(to: Point(x: 600, y: 500), over: 100)
        XCTAssertEqual(s.state.phase, .dragging)
        s.lift()
        XCTAssertEqual(s.state.phase, .decelerating)
        s.advance(ms: 200)
        s.touch(down: Point(x: 600, y: 400))        // stops the fling
        s.lift()
        s.settle()
        XCTAssertEqual(s.state.phase, .idle)
        XCTAssertEqual(s.view.drainTransitions().map(\.description), [
            "idle → touchDown → tracking",
            "tracking → touchesMoved → dragging",
            "dragging → touchesLifted → decelerating",
            "decelerating → touchDown → tracking",
            "tracking → touchesLifted → idle",
        ])
        XCTAssertEqual(s.view.drainTransitions(), [])
    }

    func testEveryMessageCarriesThePhaseItWasSentIn() {
        let s = FingerScript(tallPage { $0.contentOffset = Point(x: 0, y: 3000) })
        s.touch(down: Point(x: 600, y: 700))
        s.move(to: Point(x: 600, y: 500), over: 100)
        s.lift()
        s.settle()
        for e in s.events {
            switch e.message {
            case .willBeginDragging, .willEndDragging: XCTAssertEqual(e.state.phase, .dragging)
            case .didEndDragging, .willBeginDecelerating: XCTAssertEqual(e.state.phase, .decelerating)
            case .didEndDecelerating: XCTAssertEqual(e.state.phase, .idle)
            default: break
            }
            XCTAssertEqual(e.state.isDragging, e.state.phase == .dragging)
            XCTAssertEqual(e.state.isDecelerating, e.state.phase == .decelerating)
        }
    }
}

final class TransitionLogBoundTests: XCTestCase {
    /// A caller that never drains (a long-running kiosk) keeps only the newest entries.
    func testUndrainedTransitionsAreBounded() {
        let s = FingerScript(tallPage())
        for _ in 0..<200 {
            s.touch(down: Point(x: 600, y: 400))
            s.lift()
        }
        XCTAssertEqual(s.view.transitions.count, ScrollView.retainedLogEntries)
        XCTAssertEqual(s.view.transitions.last?.description, "tracking → touchesLifted → idle")
    }
}
