import Playback
import ScrollEngine
import XCTest

/// The driver over the real engine: a scripted flick through `ScrollView`.
final class ScrollViewReplayTests: XCTestCase {
    var configuration: ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.contentSize = Size(width: 1280, height: 20000)
        return c
    }

    /// One finger moving up at 2 pt/ms for 100 ms, sampled at 60 Hz, lifting while moving.
    var flick: [TouchFrame] {
        (0...7).map { i in
            let t = Int64((Double(i) * 1_000_000 / 60).rounded(.down))
            let phase: TouchPhase = i == 0 ? .down : i == 7 ? .up : .move
            return TouchFrame(time: Timestamp(microseconds: t), samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 640, y: 600 - Double(t) / 500))])
        }
    }

    func replay(frameRate: Double) throws -> [DelegateEvent] {
        var events: [DelegateEvent] = []
        let c = configuration
        let summary = try PlaybackDriver<ScrollView>(options: PlaybackOptions(frameRate: frameRate)).run(
            frames: flick,
            makeEngine: { ScrollView(configuration: c, startTime: $0) },
            emit: { events.append(contentsOf: $0) }
        )
        XCTAssertTrue(summary.isAtRest)
        return events
    }

    func testAFlickDeceleratesToRestOnTheProjectedTarget() throws {
        let events = try replay(frameRate: 60)
        let names = events.map(\.message.name)
        XCTAssertEqual(names.first, "scrollViewWillBeginDragging")
        XCTAssertEqual(names.last, "scrollViewDidEndDecelerating")
        guard case .willEndDragging(_, let target)? = events.first(where: { $0.message.name == "scrollViewWillEndDragging" })?.message else {
            return XCTFail("no scrollViewWillEndDragging")
        }
        XCTAssertEqual(events.last!.state.contentOffset.y, target.y, accuracy: 0.5)
        XCTAssertFalse(events.last!.state.isDecelerating)
    }

    func testTheSameInputGivesTheSameEventsEveryTime() throws {
        XCTAssertEqual(try replay(frameRate: 60), try replay(frameRate: 60))
    }

    func testTheRestingOffsetDoesNotDependOnTheFrameRate() throws {
        let rests = try [30.0, 60, 120, 144].map { try replay(frameRate: $0).last!.state.contentOffset.y }
        for rest in rests { XCTAssertEqual(rest, rests[0], accuracy: 0.5) }
    }
}

/// The replay hands the engine's changes of phase to its caller, in order, as they happen.
final class ReplayTransitionTests: XCTestCase {
    func testAFlickReportsEachChangeOfPhaseOnce() throws {
        var c = ScrollViewConfiguration()
        c.contentSize = Size(width: 1280, height: 20000)
        c.contentOffset = Point(x: 0, y: 3000)
        let frames: [TouchFrame] = (0...7).map { i in
            let t = Int64((Double(i) * 1_000_000 / 60).rounded(.down))
            let phase: TouchPhase = i == 0 ? .down : i == 7 ? .up : .move
            return TouchFrame(time: Timestamp(microseconds: t), samples: [
                TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 640, y: 600 - Double(t) / 500))])
        }
        var transitions: [PhaseTransition] = []
        try PlaybackDriver<ScrollView>(options: PlaybackOptions(frameRate: 60)).run(
            frames: frames, makeEngine: { ScrollView(configuration: c, startTime: $0) },
            transitions: { transitions += $0 }, emit: { _ in })
        XCTAssertEqual(transitions.map(\.description), [
            "idle → touchDown → tracking",
            "tracking → touchesMoved → dragging",
            "dragging → touchesLifted → decelerating",
            "decelerating → tick → idle",
        ])
        XCTAssertEqual(transitions.first?.time, .zero)
        XCTAssertEqual(transitions.map(\.time), transitions.map(\.time).sorted())
    }
}
