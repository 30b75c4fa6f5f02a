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
}
