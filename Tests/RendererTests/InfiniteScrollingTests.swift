import XCTest
import ScrollEngine
@testable import Renderer

/// Seed 002's infinite scrolling: the content repeats along one axis; a recentre moves the offset
/// and the content by the same amount, so the picture does not change.
final class InfiniteScrollingTests: XCTestCase {
    let infinite = InfiniteScrolling(axis: .horizontal, periods: 5)
    let bounds = Size(width: 200, height: 100)
    let contentSize = Size(width: 1280, height: 100)  // 256-point content, five periods

    func testRecentringStartsBeyondAQuarterOfTheContentFromTheCentre() {
        // Centre offset (1280 − 200) / 2 = 540; a quarter of the content is 320.
        XCTAssertNil(infinite.recenterDelta(offset: Point(x: 860, y: 0), contentSize: contentSize, boundsSize: bounds))
        XCTAssertEqual(infinite.recenterDelta(offset: Point(x: 861, y: 7), contentSize: contentSize, boundsSize: bounds), Point(x: 321, y: 0))
        XCTAssertEqual(infinite.recenterDelta(offset: Point(x: 100, y: 0), contentSize: contentSize, boundsSize: bounds), Point(x: -440, y: 0))
    }

    func makePresenter(offset: Point) throws -> (FramePresenter, MemoryOutput) {
        var config = Fixtures.configuration(bounds: bounds)
        config.infiniteScrolling = infinite
        config.scrollView.contentViews = [ContentView(id: "tile", frame: Rect(x: 10, y: 10, width: 30, height: 30))]
        config.showsDebugViews = true
        XCTAssertEqual(config.contentSize(contentPointSize: Size(width: 256, height: 100), zoomScale: 1), contentSize)
        let output = MemoryOutput(PixelSize(width: 200, height: 100))
        let presenter = try FramePresenter(configuration: config, content: ContentImage(source: Fixtures.coordinatePattern(width: 256, height: 100)),
                                           output: output, initialState: Fixtures.state(offset: offset, contentSize: contentSize))
        return (presenter, output)
    }

    func testTheContentRepeatsWithItsOwnWidth() throws {
        let (presenter, output) = try makePresenter(offset: Point(x: 700, y: 0))
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        for x in [0, 67, 68, 199] { XCTAssertEqual(frame[x, 60], Fixtures.coordinateColor((x + 700) % 256, 60), "x = \(x)") }
    }

    func testARecentreDrawsExactlyTheSameFrame() throws {
        let (presenter, output) = try makePresenter(offset: Point(x: 540, y: 0))
        let drifted = Fixtures.state(offset: Point(x: 901, y: 0), contentSize: contentSize, dragging: true)
        presenter.handle([Fixtures.event(0, .didScroll, drifted)])
        try presenter.update(at: .zero)
        let delta = try XCTUnwrap(infinite.recenterDelta(offset: drifted.contentOffset, contentSize: contentSize, boundsSize: bounds))
        XCTAssertEqual(delta, Point(x: 361, y: 0))

        var recentred = drifted
        recentred.contentOffset = drifted.contentOffset - delta
        presenter.handle(.recentred(by: delta, event: Fixtures.event(1, .didScroll, recentred)))
        XCTAssertEqual(presenter.session.frame(at: .milliseconds(1)).content.origin.x.truncatingRemainder(dividingBy: 256),
                       presenter.session.frame(at: .zero).content.origin.x.truncatingRemainder(dividingBy: 256))
        try presenter.update(at: .milliseconds(1))
        // The frame may or may not be redrawn (the origin moved by whole periods); either way it is the same.
        let before = output.frames[0]
        let after = try XCTUnwrap(output.frames.last)
        for y in 0..<100 { for x in 0..<200 where before[x, y] != after[x, y] {
            return XCTFail("pixel (\(x), \(y)) changed across the recentre")
        } }
        // The debug outline repeats with the content: the view at 10 points, seen at (10 − 901) mod 256 = 133.
        XCTAssertEqual(after[133, 20], DebugViewDrawing.palette[0].xrgb8888)
    }
}

/// The engine's recentring (ScrollView with `infiniteScrolling`) drawn by the presenter: a drag across
/// a recentre never changes the picture except by the finger's own motion.
final class EngineRecenteringDrawingTests: XCTestCase {
    func testTheEnginesRecentredEventKeepsThePictureContinuous() throws {
        let bounds = Size(width: 200, height: 100)
        var config = Fixtures.configuration(bounds: bounds)
        config.infiniteScrolling = InfiniteScrolling(axis: .horizontal, periods: 5)
        let contentSize = config.contentSize(contentPointSize: Size(width: 256, height: 100), zoomScale: 1)
        config.scrollView.contentSize = contentSize
        config.scrollView.statusBarHeight = 0
        config.scrollView.contentOffset = Point(x: 540, y: 0)
        config.scrollView.infiniteScrolling = .init(axis: .horizontal, period: 256)
        let output = MemoryOutput(PixelSize(width: 200, height: 100))
        let presenter = try FramePresenter(configuration: config, content: ContentImage(source: Fixtures.coordinatePattern(width: 256, height: 100)),
                                           output: output, initialState: Fixtures.state(offset: config.scrollView.contentOffset, contentSize: contentSize))
        let engine = ScrollView(configuration: config.scrollView)
        var t = Timestamp.zero
        engine.handle(TouchFrame(time: t, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 190, y: 50))]))
        var x = 190.0
        var sawRecentre = false
        // Drag left 20 points a frame, lifting and landing again, until well past a recentre.
        for step in 0..<60 {
            t = t.adding(microseconds: 16_667)
            if x < 20 {
                engine.handle(TouchFrame(time: t, samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: Point(x: x, y: 50))]))
                x = 190
                t = t.adding(microseconds: 200_000)
                engine.handle(TouchFrame(time: t, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: x, y: 50))]))
                presenter.handle(engine.drainEvents())
                continue
            }
            x -= 20
            engine.handle(TouchFrame(time: t, samples: [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: x, y: 50))]))
            let events = engine.drainEvents()
            sawRecentre = sawRecentre || events.contains { if case .recentered = $0.message { true } else { false } }
            presenter.handle(events)
            try presenter.update(at: t)
            // The picture is the coordinate pattern at the engine's offset modulo the period.
            let frame = try XCTUnwrap(output.frames.last)
            let offset = Int(engine.contentOffset.x.rounded())
            for px in [0, 99, 199] {
                XCTAssertEqual(frame[px, 60], Fixtures.coordinateColor(((px + offset) % 256 + 256) % 256, 60), "step \(step), x \(px)")
            }
        }
        XCTAssertTrue(sawRecentre, "the drag went far enough to be recentred")
    }
}
