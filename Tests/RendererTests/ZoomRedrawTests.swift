import XCTest
import ScrollEngine
@testable import Renderer

/// Redraw after zooming: while the pinch is in flight each frame is a nearest-neighbour copy of the
/// level nearest the scale (cheap, sharp, aliased where it scales down); didEndZooming redraws from
/// the level matching the final scale with the high-quality filter.
final class ZoomRedrawTests: XCTestCase {
    func testRedrawAfterZoomFiltersWhatTheInFlightFrameAliased() throws {
        // 1024² source of 1-pixel squares at 4 pixels per point: 256² points.
        let content = ContentImage(source: Fixtures.checkerboard(width: 1024, height: 1024, square: 1), pixelsPerPoint: 4)
        let contentSize = Size(width: 256, height: 256)
        let output = MemoryOutput(PixelSize(width: 200, height: 200))
        var config = Fixtures.configuration(bounds: Size(width: 200, height: 200))
        config.indicators.showsVerticalScrollIndicator = false
        config.indicators.showsHorizontalScrollIndicator = false
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, contentSize: contentSize))
        try presenter.update(at: .zero)

        // Zoom 3: level 0 has 4/3 pixels per screen pixel (the nearest level in octaves).
        let zoomed = Fixtures.state(offset: Point(x: 301, y: 299), zoom: 3, contentSize: contentSize * 3, zooming: true)
        presenter.handle([Fixtures.event(0, .willBeginZooming, Fixtures.state(offset: .zero, contentSize: contentSize, zooming: true)),
                          Fixtures.event(100, .didZoom, zoomed)])
        try presenter.update(at: .milliseconds(100))
        let inFlight = presenter.session.frame(at: .milliseconds(100)).content
        XCTAssertEqual(inFlight.level, 0, "in flight: the level nearest the scale")
        XCTAssertEqual(inFlight.filter, .nearest)

        var settled = zoomed
        settled.isZooming = false
        presenter.handle([Fixtures.event(120, .didEndZooming(atScale: 3), settled)])
        XCTAssertTrue(try presenter.update(at: .milliseconds(120)), "didEndZooming alone must trigger a redraw")
        let final = presenter.session.frame(at: .milliseconds(120)).content
        XCTAssertEqual(final.level, 0)
        XCTAssertEqual(final.filter, .convolution)

        let aliased = laplacianVariance(output.frames[1])
        let filtered = laplacianVariance(output.frames[2])
        print("aliasing energy (Laplacian variance): in flight \(aliased), after redraw \(filtered)")
        XCTAssertLessThan(filtered * 3, aliased)
    }

    func testConvolutionDownscaleAvoidsTheAliasingOfNearest() throws {
        // 1-pixel checkerboard at zoom 0.75 (level 0, 1.33 source pixels per screen pixel): nearest
        // aliases into a high-contrast pattern, the settled convolution filter into near-flat grey.
        let source = Fixtures.checkerboard(width: 258, height: 258, square: 1)
        let content = ContentImage(source: source)
        func draw(_ filter: ContentFilter) -> PixelBuffer {
            let frame = PixelBuffer(size: PixelSize(width: 150, height: 150))
            ContentDrawing.draw(content, at: ContentPlacement(origin: .zero, scale: 0.75, level: 0, filter: filter), background: .black, into: frame)
            return frame
        }
        let nearest = laplacianVariance(draw(.nearest)), good = laplacianVariance(draw(.convolution))
        print("aliasing energy at 0.75: nearest \(nearest), convolution \(good)")
        XCTAssertLessThan(good * 10, nearest)
    }

    func testTheStateMachineKeepsTheRenderedScaleUntilTheZoomEnds() {
        var z = ZoomRedraw.settled(scale: 1)
        z = z.after(.zoomBegan)
        XCTAssertEqual(z, .zooming(renderedScale: 1))
        z = z.after(.scaleSet(3))
        XCTAssertEqual(z, .zooming(renderedScale: 1))
        z = z.after(.zoomEnded(atScale: 2.5))
        XCTAssertEqual(z, .settled(scale: 2.5))
        XCTAssertEqual(z.after(.scaleSet(1.5)), .settled(scale: 1.5))
    }

    func testAPanAtAScaledZoomUsesTheFastFilterAndRedrawsWellWhenItStops() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 512, height: 512))
        let size = Size(width: 384, height: 384)
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 100, height: 100)), content: content,
                                           output: MemoryOutput(PixelSize(width: 100, height: 100)),
                                           initialState: Fixtures.state(offset: .zero, zoom: 0.75, contentSize: size))
        XCTAssertEqual(presenter.session.frame(at: .zero).content.filter, .convolution, "settled and scaled down")
        try presenter.update(at: .zero)

        let moving = Fixtures.state(offset: Point(x: 0, y: 30), zoom: 0.75, contentSize: size, dragging: true)
        presenter.handle([Fixtures.event(16, .didScroll, moving)])
        XCTAssertEqual(presenter.session.frame(at: .milliseconds(16)).content.filter, .bilinear, "moving: the fast filter")
        XCTAssertTrue(try presenter.update(at: .milliseconds(16)))

        var stopped = moving
        stopped.isDragging = false
        stopped.isTracking = false
        presenter.handle([Fixtures.event(40, .didEndDragging(willDecelerate: false), stopped)])
        XCTAssertEqual(presenter.session.frame(at: .milliseconds(40)).content.filter, .convolution)
        XCTAssertTrue(try presenter.update(at: .milliseconds(40)), "the end of the motion alone redraws at full quality")
    }
}
