import XCTest
import CPixman
import ScrollEngine
@testable import Renderer

/// What keeps a frame cheap: the indicators' masks kept between frames, the table-driven
/// nearest-neighbour copy of a zoom in flight, overlays redrawn only where they changed, and the
/// sharp redraw after a zoom done in bands. Each gives exactly the pixels of the plain way.
final class FrameCostTests: XCTestCase {
    // MARK: Indicator masks

    /// The masks as computed before the cache: every pixel's coverage from the capsule geometry.
    private func referenceMask(_ rect: Rect, width: Int, height: Int, cover: (Double, Double) -> Double) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes.append(UInt8((cover(Double(x) + 0.5, Double(y) + 0.5).clamped(to: 0...1) * 255).rounded())) } }
        return bytes
    }

    private func bytes(of mask: OpaquePointer, width: Int, height: Int) -> [UInt8] {
        let stride = Int(pixman_image_get_stride(mask))
        let data = UnsafeRawPointer(pixman_image_get_data(mask)!).assumingMemoryBound(to: UInt8.self)
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes.append(data[y * stride + x]) } }
        return bytes
    }

    func testCachedMasksEqualThePerPixelCoverageForKnobsOfEveryShape() {
        let cache = IndicatorMaskCache()
        // Vertical and horizontal knobs at fractional positions, long and short, a dot when overscrolled.
        let rects = [Rect(x: 0, y: 0.37, width: 3, height: 120.5), Rect(x: 0.5, y: 0.9, width: 3, height: 36),
                     Rect(x: 0.25, y: 0, width: 200.75, height: 3), Rect(x: 0, y: 0.5, width: 3, height: 3),
                     Rect(x: 0.1, y: 0.2, width: 7, height: 40.3)]
        for rect in rects {
            let width = Int((rect.maxX).rounded(.up)), height = Int((rect.maxY).rounded(.up))
            for bordered in [false, true] {
                let masks = cache.masks(for: rect, width: width, height: height, bordered: bordered)
                let inner = Rect(x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
                let fillRect = bordered ? inner : rect
                XCTAssertEqual(bytes(of: masks.fill, width: width, height: height),
                               referenceMask(rect, width: width, height: height) { IndicatorDrawing.coverage(fillRect, $0, $1) },
                               "fill mask of \(rect) bordered \(bordered)")
                if bordered {
                    XCTAssertEqual(bytes(of: masks.border!, width: width, height: height),
                                   referenceMask(rect, width: width, height: height) {
                                       IndicatorDrawing.coverage(rect, $0, $1) - IndicatorDrawing.coverage(inner, $0, $1)
                                   }, "border mask of \(rect)")
                }
            }
        }
    }

    func testAFadingKnobReusesItsMasks() {
        let cache = IndicatorMaskCache()
        let frame = PixelBuffer(size: PixelSize(width: 50, height: 200))
        for alpha in stride(from: 255, through: 5, by: -25) {
            let knob = IndicatorKnob(axis: .vertical, rect: Rect(x: 44, y: 10.4, width: 3, height: 80), alpha: UInt8(alpha))
            IndicatorDrawing.draw(knob, style: .default, into: frame, masks: cache)
        }
        XCTAssertEqual(cache.misses, 1, "computed once")
        XCTAssertEqual(cache.hits, 10)
    }

    // MARK: A zoom in flight

    func testTheNearestScalerEqualsPixmansNearestFilterInsideTheContent() {
        let source = Fixtures.coordinatePattern(width: 300, height: 280)
        source.treatAsOpaque()
        for a in [0.5, 0.75, 1.0 / 1.3, 1.37, 2.0] {
            var f = pixman_f_transform()
            f.m = ((a, 0, 13.25 * a), (0, a, 7.5 * a), (0, 0, 1))
            var t = pixman_transform()
            pixman_transform_from_pixman_f_transform(&t, &f)
            // Screen pixels whose sample lies inside the source (pixman reads transparent beyond).
            let width = min(120, Int(Double(source.width - 14) / a) - 1), height = min(100, Int(Double(source.height - 8) / a) - 1)
            let ours = PixelBuffer(size: PixelSize(width: width, height: height))
            NearestScaler.draw(source, transform: t, into: ours, rect: PixelRect(x: 0, y: 0, width: width, height: height))
            let theirs = PixelBuffer(size: PixelSize(width: width, height: height))
            pixman_image_set_transform(source.image, &t)
            pixman_image_set_filter(source.image, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, theirs.image, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            pixman_image_set_transform(source.image, nil)
            var differing = 0
            for y in 0..<height { for x in 0..<width where ours[x, y] & 0xFFFFFF != theirs[x, y] & 0xFFFFFF { differing += 1 } }
            XCTAssertEqual(differing, 0, "scale \(a): \(differing) of \(width * height) pixels differ from pixman's")
        }
    }

    func testAPinchFrameShowsTheContentWhereTheZoomPutsIt() throws {
        // Every source pixel names its own coordinates (mod 256): red = x, green = y. 2 pixels per point.
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 1024, height: 1024), pixelsPerPoint: 2)
        let bounds = Size(width: 200, height: 150)
        var config = Fixtures.configuration(bounds: bounds)
        config.indicators.showsVerticalScrollIndicator = false
        config.indicators.showsHorizontalScrollIndicator = false
        let output = MemoryOutput(PixelSize(width: 200, height: 150))
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, contentSize: content.pointSize))
        try presenter.update(at: .zero)
        for (ms, zoom, offset) in [(16.0, 1.3, Point(x: 37, y: 52)), (32, 1.62, Point(x: 101, y: 80)), (48, 0.8, Point(x: 12, y: 5))] {
            let state = Fixtures.state(offset: offset, zoom: zoom, contentSize: content.pointSize * zoom, zooming: true)
            presenter.handle([Fixtures.event(ms, ms == 16 ? .willBeginZooming : .didZoom, state)])
            XCTAssertTrue(try presenter.update(at: .milliseconds(ms)))
            let placement = presenter.session.frame(at: .milliseconds(ms)).content
            XCTAssertEqual(placement.filter, .nearest, "in flight: nearest neighbour")
            XCTAssertEqual(placement.level, content.levelTable.nearestLevel(forScale: zoom))
            let frame = output.frames.last!
            // Screen pixel p shows content point (p + offset) / zoom, i.e. source pixel 2 · that.
            for (x, y) in [(0, 0), (57, 33), (199, 149), (120, 7), (3, 140)] {
                let sx = (Double(x) + 0.5 + offset.x.rounded()) / zoom * 2, sy = (Double(y) + 0.5 + offset.y.rounded()) / zoom * 2
                let p = frame[x, y]
                let red = Int((p >> 16) & 0xFF), green = Int((p >> 8) & 0xFF)
                // The level sampled may be a halved one: its pixel spans 2^level source pixels.
                let step = Double(1 << placement.level)
                func near(_ got: Int, _ expected: Double) -> Bool {
                    let e = Int(expected) & 0xFF
                    let d = abs(got - e), wrapped = min(d, 256 - d)
                    return Double(wrapped) <= step + 1
                }
                XCTAssertTrue(near(red, sx) && near(green, sy),
                              "zoom \(zoom) pixel (\(x), \(y)): shows source (\(red), \(green)), expected (\(Int(sx) & 0xFF), \(Int(sy) & 0xFF)) ± \(Int(step) + 1)")
            }
        }
    }

    func testTheLevelNearestAScaleIsWithinHalfAnOctave() {
        let levels = ContentLevels(pixelsPerPoint: 4, count: 4, pointSize: Size(width: 100, height: 100))
        XCTAssertEqual(levels.nearestLevel(forScale: 4), 0)
        XCTAssertEqual(levels.nearestLevel(forScale: 3), 0)   // 4/3 = 1.33 level pixels per screen pixel
        XCTAssertEqual(levels.nearestLevel(forScale: 2.5), 1) // 2/2.5 = 0.8
        XCTAssertEqual(levels.nearestLevel(forScale: 1), 2)
        XCTAssertEqual(levels.nearestLevel(forScale: 0.1), 3, "the smallest level")
        XCTAssertEqual(levels.nearestLevel(forScale: 9), 0, "magnified beyond level 0")
    }

    func testHalvedLevelsAreMadeOnlyWhenAFrameSamplesThem() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 512, height: 512))
        XCTAssertEqual(content.levelTable.count, 4, "512, 256, 128, 64")
        XCTAssertEqual(content.madeLevelCount, 1, "only the source until drawn")
        let frame = PixelBuffer(size: PixelSize(width: 100, height: 100))
        ContentDrawing.draw(content, at: ContentPlacement(origin: .zero, scale: 1, level: 0, filter: .nearest), background: .black, into: frame)
        XCTAssertEqual(content.madeLevelCount, 1, "zoom 1 samples the source")
        ContentDrawing.draw(content, at: ContentPlacement(origin: .zero, scale: 0.5, level: 1, filter: .nearest), background: .black, into: frame)
        XCTAssertEqual(content.madeLevelCount, 2, "zoom 0.5 made level 1")
        // The made level is the box-filtered half: pixel (10, 10) averages source (20…21, 20…21),
        // red and green (20 + 21) / 2 = 20.5, which pixman's bilinear weights round down.
        XCTAssertEqual(content.level(1)[10, 10] & 0xFF_FFFF, 0x14_1440)
        XCTAssertEqual(content.levels.map(\.width), [512, 256, 128, 64])
    }

    func testAnUnzoomedPanCopiesWholeRowsAndClippedAreasPixelForPixel() {
        // Content exactly as wide as the frame: the rows are copied as one block.
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 160, height: 400))
        let frame = PixelBuffer(size: PixelSize(width: 160, height: 100))
        let placement = ContentPlacement(origin: Point(x: 0, y: -37), scale: 1, level: 0, filter: .nearest)
        ContentDrawing.draw(content, at: placement, background: .black, into: frame)
        for (x, y) in [(0, 0), (159, 0), (80, 50), (159, 99)] {
            XCTAssertEqual(frame[x, y] & 0xFF_FFFF, Fixtures.coordinateColor(x, y + 37) & 0xFF_FFFF, "(\(x), \(y))")
        }
        // Inside clip areas only: the rest keeps what it had.
        frame.fill(Color(rgb: 0x123456))
        frame.drawing(within: [PixelRect(x: 10, y: 5, width: 20, height: 7)]) {
            ContentDrawing.draw(content, at: placement, background: .black, into: frame)
        }
        XCTAssertEqual(frame[10, 5] & 0xFF_FFFF, Fixtures.coordinateColor(10, 42) & 0xFF_FFFF)
        XCTAssertEqual(frame[29, 11] & 0xFF_FFFF, Fixtures.coordinateColor(29, 48) & 0xFF_FFFF)
        XCTAssertEqual(frame[30, 11] & 0xFF_FFFF, 0x123456, "right of the area")
        XCTAssertEqual(frame[10, 12] & 0xFF_FFFF, 0x123456, "below the area")
    }

    // MARK: Partial redraws

    private func demoConfiguration(_ bounds: Size) -> RendererConfiguration {
        var config = Fixtures.configuration(bounds: bounds)
        config.header = StationaryHeader(height: 30, fill: .color(Color(rgb: 0x2C2C2E)))
        return config
    }

    /// The frame `description` gives when drawn whole, on a fresh renderer.
    private func wholeFrame(_ config: RendererConfiguration, _ content: ContentImage, _ size: PixelSize, _ description: FrameDescription) throws -> PixelBuffer {
        let copy = PixelBuffer(size: size)
        copy.copy(from: try SceneRenderer(configuration: config, content: content, panelSize: size).draw(description))
        return copy
    }

    private func assertSamePixels(_ a: PixelBuffer, _ b: PixelBuffer, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        var differing = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "\(message): \(differing) pixels differ", file: file, line: line)
    }

    func testFadingIndicatorsAreRedrawnWhereTheyAreAndGiveTheWholeFrame() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 400, height: 900))
        let size = PixelSize(width: 160, height: 120)
        let config = demoConfiguration(Size(width: 160, height: 120))
        let output = MemoryOutput(size)
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, zoom: 0.75, contentSize: Size(width: 300, height: 705)))
        let moving = Fixtures.state(offset: Point(x: 10, y: 100), zoom: 0.75, contentSize: Size(width: 300, height: 705), dragging: true)
        presenter.handle([Fixtures.event(0, .didScroll, moving)])
        try presenter.update(at: .zero)
        var stopped = moving
        stopped.isDragging = false
        stopped.isTracking = false
        presenter.handle([Fixtures.event(10, .didEndDragging(willDecelerate: false), stopped)])
        var faded = 0
        var t = 10.0
        while t < 1200 {
            if try presenter.update(at: .milliseconds(t)) {
                let description = presenter.session.frame(at: .milliseconds(t))
                assertSamePixels(output.frames.last!, try wholeFrame(config, content, size, description), "frame at \(t) ms")
                if !description.indicators.isEmpty, description.indicators[0].alpha < 255 { faded += 1 }
            }
            t += 16
        }
        XCTAssertGreaterThan(faded, 5, "the fade drew several frames")
    }

    func testTheSharpRedrawInBandsEndsOnTheWholeRedrawAndNeverRedrawsMoreThanABand() throws {
        let content = ContentImage(source: Fixtures.checkerboard(width: 1024, height: 1024, square: 3), pixelsPerPoint: 2)
        let size = PixelSize(width: 200, height: 150)
        let config = demoConfiguration(Size(width: 200, height: 150))
        let output = MemoryOutput(size)
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, contentSize: content.pointSize),
                                           sharpRedraw: .inBands(rows: 16))
        try presenter.update(at: .zero)
        let zoomed = Fixtures.state(offset: Point(x: 40, y: 60), zoom: 1.4, contentSize: content.pointSize * 1.4, zooming: true)
        presenter.handle([Fixtures.event(16, .willBeginZooming, zoomed), Fixtures.event(16, .didZoom, zoomed)])
        try presenter.update(at: .milliseconds(16))
        var settled = zoomed
        settled.isZooming = false
        presenter.handle([Fixtures.event(32, .didEndZooming(atScale: 1.4), settled)])
        XCTAssertTrue(try presenter.update(at: .milliseconds(32)))
        let final = presenter.session.frame(at: .milliseconds(32))
        XCTAssertEqual(final.content.filter, .convolution, "settled and scaled down: the high-quality filter")
        XCTAssertTrue(presenter.isSharpening, "shown with the fast filter first")
        let sharp = try wholeFrame(config, content, size, final)
        XCTAssertNotEqual(output.frames.last![5, 100], 0, "drawn")

        // Each further update makes one band of 16 rows sharp, top to bottom; rows below it keep
        // the fast frame's pixels.
        let fast = output.frames.last!
        var bands = 0
        var t = 48.0
        while presenter.isSharpening {
            XCTAssertEqual(presenter.nextWakeup(after: .milliseconds(t - 16)), .milliseconds(t - 16), "wakes the loop at once")
            XCTAssertTrue(try presenter.update(at: .milliseconds(t)))
            bands += 1
            let frame = output.frames.last!
            let done = min(150, bands * 16)
            for y in stride(from: 0, to: 150, by: 7) {
                for x in stride(from: 0, to: 200, by: 9) {
                    XCTAssertEqual(frame[x, y], y < done ? sharp[x, y] : fast[x, y], "band \(bands) pixel (\(x), \(y))")
                }
            }
            t += 16
        }
        XCTAssertEqual(bands, 10, "150 rows in bands of 16")
        assertSamePixels(output.frames.last!, sharp, "after the sharp redraw")
    }

    func testIndicatorsFadingDuringTheSharpRedrawStillEndOnTheWholeFrame() throws {
        let content = ContentImage(source: Fixtures.checkerboard(width: 800, height: 1200, square: 5), pixelsPerPoint: 2)
        let size = PixelSize(width: 180, height: 140)
        let config = demoConfiguration(Size(width: 180, height: 140))
        let output = MemoryOutput(size)
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, contentSize: content.pointSize),
                                           sharpRedraw: .inBands(rows: 2))
        let zoomed = Fixtures.state(offset: Point(x: 20, y: 90), zoom: 1.2, contentSize: content.pointSize * 1.2, zooming: true)
        presenter.handle([Fixtures.event(0, .willBeginZooming, zoomed)])
        try presenter.update(at: .zero)
        var settled = zoomed
        settled.isZooming = false
        presenter.handle([Fixtures.event(16, .didEndZooming(atScale: 1.2), settled)])
        // The live loop: updates every 16 ms; the fade (0.5 s on, 0.3 s out) overlaps the 70 bands.
        var t = 16.0
        var fadeFramesWhileSharpening = 0
        while t < 2000 {
            let sharpening = presenter.isSharpening
            if try presenter.update(at: .milliseconds(t)), sharpening {
                let indicators = presenter.session.frame(at: .milliseconds(t)).indicators
                if let alpha = indicators.first?.alpha, alpha < 255 { fadeFramesWhileSharpening += 1 }
            }
            t += 16
        }
        XCTAssertFalse(presenter.isSharpening)
        XCTAssertGreaterThan(fadeFramesWhileSharpening, 0, "the fade overlapped the sharp redraw")
        assertSamePixels(output.frames.last!, try wholeFrame(config, content, size, presenter.session.frame(at: .milliseconds(t))), "the last frame")
    }

    func testDrawingWholeFramesIsUnchangedForRender() throws {
        // render (files) draws every frame whole: the sharp frame comes at once.
        let content = ContentImage(source: Fixtures.checkerboard(width: 512, height: 512, square: 3), pixelsPerPoint: 2)
        let size = PixelSize(width: 100, height: 80)
        let config = Fixtures.configuration(bounds: Size(width: 100, height: 80))
        let output = MemoryOutput(size)
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: Point(x: 5, y: 5), zoom: 1.5, contentSize: content.pointSize * 1.5))
        XCTAssertTrue(try presenter.update(at: .zero))
        XCTAssertFalse(presenter.isSharpening)
        assertSamePixels(output.frames[0], try wholeFrame(config, content, size, presenter.session.frame(at: .zero)), "the first frame")
        XCTAssertNil(presenter.nextWakeup(after: .zero))
    }
}
