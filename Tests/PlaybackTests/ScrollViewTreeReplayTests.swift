import Playback
import ScrollEngine
import XCTest

/// The driver over a screen of nested scroll views: a vertical flick that lands on a horizontal
/// carousel scrolls the list around it, at every frame rate to the same rest.
final class ScrollViewTreeReplayTests: XCTestCase {
    var views: [ScrollViewTree.Node] {
        var list = ScrollViewConfiguration()
        list.contentSize = Size(width: 1280, height: 20000)
        var carousel = ScrollViewConfiguration()
        carousel.contentSize = Size(width: 6400, height: 300)
        carousel.isPagingEnabled = true
        return [ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: list, children: [
            ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 400, width: 1280, height: 300), configuration: carousel),
        ])]
    }

    /// One finger on the carousel moving up at 2 pt/ms for 100 ms, sampled at 60 Hz, lifting while moving.
    var flick: [TouchFrame] {
        (0...7).map { i in
            let t = Int64((Double(i) * 1_000_000 / 60).rounded(.down))
            let phase: TouchPhase = i == 0 ? .down : i == 7 ? .up : .move
            return TouchFrame(time: Timestamp(microseconds: t), samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 640, y: 600 - Double(t) / 500))])
        }
    }

    func replay(frameRate: Double) throws -> [DelegateEvent] {
        var events: [DelegateEvent] = []
        // The flick's first frame is at 0, the time the driver starts the engine at.
        let tree = try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: views, startTime: .zero)
        let summary = try PlaybackDriver<ScrollViewTree>(options: PlaybackOptions(frameRate: frameRate)).run(
            frames: flick,
            makeEngine: { _ in tree },
            emit: { events.append(contentsOf: $0) }
        )
        XCTAssertTrue(summary.isAtRest)
        return events
    }

    func testAVerticalFlickOnTheCarouselFlingsTheListToTheSameRestAtEveryFrameRate() throws {
        let runs = try [30.0, 60, 120, 144].map { try replay(frameRate: $0) }
        for events in runs {
            XCTAssertTrue(events.allSatisfy { $0.view == "list" }, "the carousel sends nothing")
            XCTAssertEqual(events.last?.message, .didEndDecelerating)
            guard case .willEndDragging(_, let target)? = events.first(where: { $0.message.name == "scrollViewWillEndDragging" })?.message else {
                return XCTFail("no scrollViewWillEndDragging")
            }
            XCTAssertEqual(events.last!.state.contentOffset.y, target.y, accuracy: 0.5)
            XCTAssertEqual(events.last!.state.contentOffset.y, runs[0].last!.state.contentOffset.y, accuracy: 1e-6)
        }
    }
}
