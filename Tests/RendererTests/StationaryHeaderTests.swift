import XCTest
import ScrollEngine
@testable import Renderer

/// Seed 002's stationary header: pinned horizontally, not zoomed, hidden while the user drags down
/// into the content, back on any other interaction; contentSize includes it.
final class StationaryHeaderTests: XCTestCase {
    let headerColor = Color(rgb: 0xFFCC00)
    let contentSize = Size(width: 300, height: 640)

    func makePresenter(offset: Point = .zero, zoom: Double = 1) throws -> (FramePresenter, MemoryOutput) {
        var config = Fixtures.configuration(bounds: Size(width: 100, height: 100))
        config.header = StationaryHeader(height: 40, fill: .color(headerColor))
        config.indicators.showsVerticalScrollIndicator = false
        config.indicators.showsHorizontalScrollIndicator = false
        let output = MemoryOutput(PixelSize(width: 100, height: 100))
        let presenter = try FramePresenter(configuration: config, content: ContentImage(source: Fixtures.coordinatePattern(width: 300, height: 600)),
                                           output: output, initialState: Fixtures.state(offset: offset, zoom: zoom, contentSize: contentSize))
        return (presenter, output)
    }

    func testContentSizeAddsTheHeaderWhichDoesNotZoom() {
        var config = RendererConfiguration()
        config.header = StationaryHeader(height: 40)
        XCTAssertEqual(config.contentSize(contentPointSize: Size(width: 300, height: 600), zoomScale: 2), Size(width: 600, height: 1240))
    }

    func testTheContentStartsBelowTheHeaderAndScrollsSidewaysUnderIt() throws {
        let (presenter, output) = try makePresenter(offset: Point(x: 30, y: 0))
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        for x in [0, 50, 99] { XCTAssertEqual(frame[x, 0], headerColor.xrgb8888, "header pinned across the width") }
        XCTAssertEqual(frame[0, 39], headerColor.xrgb8888)
        XCTAssertEqual(frame[0, 40], Fixtures.coordinateColor(30, 0))
    }

    func testAContentInsetUnderTheHeaderShowsTheLightBackgroundNotABlackBand() throws {
        var sv = ScrollViewConfiguration()
        sv.boundsSize = Size(width: 100, height: 100)
        sv.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        var config = RendererConfiguration(scrollView: sv)  // the default background, as `render` uses it
        config.header = StationaryHeader(height: 40, fill: .color(headerColor))
        config.indicators.showsVerticalScrollIndicator = false
        config.indicators.showsHorizontalScrollIndicator = false
        let output = MemoryOutput(PixelSize(width: 100, height: 100))
        // At rest at the top, contentOffset.y = -contentInset.top.
        let presenter = try FramePresenter(configuration: config, content: ContentImage(source: Fixtures.coordinatePattern(width: 300, height: 600)),
                                           output: output, initialState: Fixtures.state(offset: Point(x: 0, y: -20), contentSize: contentSize))
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[50, 39], headerColor.xrgb8888)
        for y in [40, 50, 59] { XCTAssertEqual(frame[50, y], Color(rgb: 0xFFFFFF).xrgb8888, "the inset strip at y = \(y) is the page's white background") }
        XCTAssertEqual(frame[50, 60], Fixtures.coordinateColor(50, 0), "the content starts below the 20 pt inset")
    }

    func testTheHeaderDoesNotZoom() throws {
        let (presenter, output) = try makePresenter(offset: .zero, zoom: 2)
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[0, 39], headerColor.xrgb8888)
        XCTAssertNotEqual(frame[0, 40], headerColor.xrgb8888)
    }

    func testDraggingDownIntoTheContentHidesItAndATapBringsItBack() throws {
        let (presenter, output) = try makePresenter()
        func drag(_ ms: Double, _ y: Double) -> DelegateEvent {
            Fixtures.event(ms, .didScroll, Fixtures.state(offset: Point(x: 0, y: y), contentSize: contentSize, dragging: true))
        }
        presenter.handle([drag(0, 20), drag(16, 60), drag(32, 100)])
        XCTAssertEqual(presenter.session.header, .hidden(since: .milliseconds(16)), "hidden once the header's own height has scrolled by")
        try presenter.update(at: .milliseconds(300))
        var frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[0, 0], Fixtures.coordinateColor(0, 60), "slid away: content from the top")

        presenter.handle([drag(400, 90)])
        XCTAssertEqual(presenter.session.header, .shown(since: .milliseconds(400)), "dragging back up is another interaction")
        presenter.handle([drag(450, 200)])
        XCTAssertEqual(presenter.session.header, .hidden(since: .milliseconds(450)))

        let rest = Fixtures.state(offset: Point(x: 0, y: 200), contentSize: contentSize)
        presenter.handle([Fixtures.event(600, .tap(ContentGesture(view: nil, contentPoint: Point(x: 5, y: 5), screenPoint: Point(x: 5, y: 5))), rest)])
        XCTAssertEqual(presenter.session.header, .shown(since: .milliseconds(600)))
        try presenter.update(at: .milliseconds(700))
        frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[0, 19], headerColor.xrgb8888, "half-way back at 100 ms of 200: 20 of 40 rows out")
        XCTAssertNotEqual(frame[0, 20], headerColor.xrgb8888)
        try presenter.update(at: .milliseconds(800))
        XCTAssertEqual(output.frames.last?[0, 0], headerColor.xrgb8888)
    }

    // MARK: With the real engine

    /// A 300 × 600 pt page zooming 1…4× under a 40 pt header, on a 100 × 100 screen.
    /// The page is white with its last 10 rows red, so where it ends shows on screen.
    func zoomingPage(zoomScale: Double = 1) -> (RendererConfiguration, ContentImage) {
        var scrollView = ScrollViewConfiguration()
        scrollView.boundsSize = Size(width: 100, height: 100)
        scrollView.statusBarHeight = 0
        scrollView.contentViews = [ContentView(id: "page", frame: Rect(x: 0, y: 0, width: 300, height: 600))]
        scrollView.zoomView = "page"
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 4
        scrollView.zoomScale = zoomScale
        let page = PixelBuffer(size: PixelSize(width: 300, height: 600), format: .argb8888)
        for y in 0..<600 { for x in 0..<300 { page[x, y] = y >= 590 ? 0xFFFF_0000 : 0xFFFF_FFFF } }
        let content = ContentImage(source: page)
        var display = DisplaySettings(header: StationaryHeader(height: 40, fill: .color(headerColor)))
        display.indicators.showsVerticalScrollIndicator = false
        display.indicators.showsHorizontalScrollIndicator = false
        return (display.rendererConfiguration(scrollView: scrollView, content: content), content)
    }

    /// One finger from `from` to `to` in `steps` steps of 8 ms from `start` ms, lifted while moving,
    /// then frames at 60 Hz until rest; every event goes to `presenter` and `each`.
    func drag(_ engine: ScrollView, from: Point, to: Point, steps: Int = 8, start: Double = 0, presenter: FramePresenter,
              each: (DelegateEvent) -> Void = { _ in }) {
        func deliver() {
            let events = engine.drainEvents()
            presenter.handle(events)
            events.forEach(each)
        }
        for i in 0...steps {
            let p = from + (to - from) * (Double(i) / Double(steps))
            let phase: TouchPhase = i == 0 ? .down : i == steps ? .up : .move
            engine.handle(TouchFrame(time: .milliseconds(start + Double(i) * 8), samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: p)]))
            deliver()
        }
        var t = start + Double(steps) * 8
        while !engine.isAtRest, t < start + 10_000 {
            t += 1000.0 / 60
            engine.advance(to: .milliseconds(t))
            deliver()
        }
    }

    /// Zoomed 2×, the page is 600 × 1200 pt under the 40 pt header that does not zoom: contentSize is
    /// 600 × 1240, and a flick to the end rests with the page's last row on the screen's last row.
    func testZoomedContentIsReachableToItsLastRowBelowTheHeader() throws {
        let (config, content) = zoomingPage(zoomScale: 2)
        let engine = ScrollView(configuration: config.scrollView)
        XCTAssertEqual(engine.contentSize, Size(width: 600, height: 1240))
        let output = MemoryOutput(PixelSize(width: 100, height: 100))
        let presenter = try FramePresenter(configuration: config, content: content, output: output, initialState: engine.state)
        // A long drag past the bottom-right corner, released there: the content returns to the edge.
        drag(engine, from: Point(x: 90, y: 90), to: Point(x: -1500, y: -1500), steps: 200, presenter: presenter)
        XCTAssertEqual(engine.contentOffset.x, 500, accuracy: 1e-9)
        XCTAssertEqual(engine.contentOffset.y, 1140, accuracy: 1e-9, "1240 − 100")
        try presenter.update(at: .seconds(60))
        let frame = try XCTUnwrap(output.frames.last)
        // Screen row r shows page row (1140 + r − 40) / 2: the red rows 590…599 fill screen rows
        // 80…99, the last on the screen's last row (filtered there with the white background past
        // the page's edge, so mostly red: at most a third white); above them the page is white.
        for row in [81, 90, 98] { XCTAssertEqual(frame[50, row], 0xFFFF_0000, "row \(row)") }
        XCTAssertGreaterThanOrEqual(frame[50, 99] >> 16 & 0xFF, 0xC0, "the page's last row is on the screen's last one")
        XCTAssertLessThan(frame[50, 99] >> 8 & 0xFF, 0x55)
        XCTAssertEqual(frame[50, 78], 0xFFFF_FFFF)
    }

    /// A fling into the page that ends in a bounce at the bottom edge (the content moving back up)
    /// leaves the header hidden; the next finger brings it back.
    func testABounceDoesNotBringTheHeaderBackATouchDoes() throws {
        let (config, content) = zoomingPage()
        var scrollView = config.scrollView
        scrollView.contentOffset = Point(x: 0, y: 400)
        let engine = ScrollView(configuration: scrollView)
        let output = MemoryOutput(PixelSize(width: 100, height: 100))
        let presenter = try FramePresenter(configuration: config, content: content, output: output, initialState: engine.state)
        let bottom = engine.contentSize.height - 100   // 540
        var deepest = 0.0, hiddenThroughout = true, sawBounceBack = false, previousY = engine.contentOffset.y
        drag(engine, from: Point(x: 50, y: 90), to: Point(x: 50, y: 30), presenter: presenter) { event in
            let y = event.state.contentOffset.y
            deepest = max(deepest, y)
            if event.state.isDecelerating {
                if y < previousY, y > bottom { sawBounceBack = true }
                if !presenter.session.header.isHidden { hiddenThroughout = false }
            }
            previousY = y
        }
        XCTAssertGreaterThan(deepest, bottom + 5, "the fling overshoots the bottom edge")
        XCTAssertTrue(sawBounceBack, "and comes back to it")
        XCTAssertTrue(hiddenThroughout, "the header stayed hidden through the fling and the bounce")
        XCTAssertEqual(engine.contentOffset.y, bottom, accuracy: 1e-9)
        XCTAssertTrue(presenter.session.header.isHidden)

        engine.handle(TouchFrame(time: .seconds(20), samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 50, y: 50))]))
        engine.handle(TouchFrame(time: .seconds(20.05), samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: Point(x: 50, y: 50))]))
        engine.advance(to: .seconds(21))
        presenter.handle(engine.drainEvents())
        XCTAssertFalse(presenter.session.header.isHidden, "a tap is a user interaction")
    }
}
