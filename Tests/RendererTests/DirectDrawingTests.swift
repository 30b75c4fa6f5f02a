import XCTest
import Logging
import CFramebuffer
import ScrollEngine
@testable import Renderer

/// Frames drawn straight into a double-buffered display's hidden buffer (no copy at present), on a
/// fake fbdev device: the panel shows exactly what drawing into memory and copying would show.
final class DirectDrawingTests: XCTestCase {
    let logger = Logger(label: "test")

    /// The visible half of the fake framebuffer as a frame.
    private func screen(_ fb: FakeFramebuffer, _ out: FramebufferOutput) -> PixelBuffer {
        let b = PixelBuffer(size: out.panelSize)
        for y in 0..<b.height { for x in 0..<b.width { b[x, y] = fb.word32(x: x, y: y, buffer: out.frontBuffer) & 0xFF_FFFF } }
        return b
    }

    private func wholeFrame(_ config: RendererConfiguration, _ content: ContentImage, _ description: FrameDescription, size: PixelSize) throws -> PixelBuffer {
        let frame = try SceneRenderer(configuration: config, content: content, panelSize: size).draw(description)
        let b = PixelBuffer(size: size)
        for y in 0..<b.height { for x in 0..<b.width { b[x, y] = frame[x, y] & 0xFF_FFFF } }
        return b
    }

    private func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    func testADragAndTheFadeAfterItAreDrawnInTheHiddenHalfAndShowTheWholeFrames() throws {
        let fb = FakeFramebuffer(width: 120, height: 90, virtualHeight: 180, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertNotNil(try out.backBuffer(), "double-buffered XRGB8888: drawn into directly")
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 300, height: 700))
        var config = Fixtures.configuration(bounds: Size(width: 120, height: 90))
        config.header = StationaryHeader(height: 20, fill: .color(Color(rgb: 0x2C2C2E)))
        let size = Size(width: 300, height: 720)
        let presenter = try FramePresenter(configuration: config, content: content, output: out,
                                           initialState: Fixtures.state(offset: .zero, contentSize: size))
        var t = 0.0
        var frames = 0
        func step() throws {
            if try presenter.update(at: .milliseconds(t)) {
                frames += 1
                let expected = try wholeFrame(config, content, presenter.session.frame(at: .milliseconds(t)), size: out.panelSize)
                XCTAssertEqual(differingPixels(screen(fb, out), expected), 0, "frame \(frames) at \(t) ms")
            }
            t += 16
        }
        try step()
        for y in stride(from: 0.0, through: 120, by: 10) {
            presenter.handle([Fixtures.event(t, .didScroll, Fixtures.state(offset: Point(x: 3, y: y), contentSize: size, dragging: true))])
            try step()
        }
        presenter.handle([Fixtures.event(t, .didEndDragging(willDecelerate: false), Fixtures.state(offset: Point(x: 3, y: 120), contentSize: size))])
        while t < 1200 { try step() }
        XCTAssertGreaterThan(frames, 20, "the drag and the indicators' fade")
        XCTAssertEqual(fb.pans.count, frames, "every frame shown by a pan, none copied in")
        XCTAssertFalse(presenter.scene.hasLogicalFrame, "the scene's own frame was never needed")
    }

    func testRowsLongerThanTheScreenAreDrawnWithTheDevicesStride() throws {
        // line_length 64 bytes longer than 50 pixels: the padding is not part of the picture.
        let fb = FakeFramebuffer(width: 50, height: 30, virtualHeight: 60, format: .xrgb8888, lineLength: 50 * 4 + 64)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 120, height: 100), pixelsPerPoint: 2)
        let config = Fixtures.configuration(bounds: Size(width: 50, height: 30))
        let size = Size(width: 60, height: 50)
        let presenter = try FramePresenter(configuration: config, content: content, output: out,
                                           initialState: Fixtures.state(offset: Point(x: 4, y: 6), contentSize: size))
        XCTAssertTrue(try presenter.update(at: .zero))
        XCTAssertEqual(differingPixels(screen(fb, out), try wholeFrame(config, content, presenter.session.frame(at: .zero), size: out.panelSize)), 0)
        // A pinch frame (the nearest-neighbour copy) into the other half.
        let pinched = Fixtures.state(offset: Point(x: 9, y: 7), zoom: 1.3, contentSize: size * 1.3, zooming: true)
        presenter.handle([Fixtures.event(16, .willBeginZooming, pinched)])
        XCTAssertTrue(try presenter.update(at: .milliseconds(16)))
        XCTAssertEqual(presenter.session.frame(at: .milliseconds(16)).content.filter, .nearest)
        XCTAssertEqual(differingPixels(screen(fb, out), try wholeFrame(config, content, presenter.session.frame(at: .milliseconds(16)), size: out.panelSize)), 0)
        XCTAssertEqual(fb.pans.count, 2)
    }

    func testARefusedPanShowsTheDirectlyDrawnFrameInTheVisibleBuffer() throws {
        let fb = FakeFramebuffer(width: 40, height: 30, virtualHeight: 60, format: .xrgb8888)
        fb.failures[ts_FBIOPAN_DISPLAY] = EINVAL
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 100, height: 100))
        let config = Fixtures.configuration(bounds: Size(width: 40, height: 30))
        let presenter = try FramePresenter(configuration: config, content: content, output: out,
                                           initialState: Fixtures.state(offset: Point(x: 7, y: 9), contentSize: Size(width: 100, height: 100)))
        XCTAssertTrue(try presenter.update(at: .zero))
        XCTAssertEqual(out.buffering, .single)
        XCTAssertNil(try out.backBuffer(), "single-buffered from now on: frames are converted at present")
        XCTAssertEqual(differingPixels(screen(fb, out), try wholeFrame(config, content, presenter.session.frame(at: .zero), size: out.panelSize)), 0)
    }

    func testAFormatToConvertTakesNoBackBuffer() throws {
        let fb = FakeFramebuffer(width: 8, height: 4, virtualHeight: 8, format: .rgb565)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertEqual(out.buffering, .double)
        XCTAssertNil(try out.backBuffer(), "RGB565: the frame is converted at present")
    }

    func testARotatedFrameIsTurnedStraightIntoTheHiddenHalf() throws {
        // A portrait scroll view on a landscape panel.
        let fb = FakeFramebuffer(width: 60, height: 40, virtualHeight: 80, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 200, height: 300))
        var config = Fixtures.configuration(bounds: Size(width: 40, height: 60))
        config.rotation = .quarter
        let presenter = try FramePresenter(configuration: config, content: content, output: out,
                                           initialState: Fixtures.state(offset: Point(x: 5, y: 11), contentSize: Size(width: 200, height: 300)))
        XCTAssertTrue(try presenter.update(at: .zero))
        XCTAssertEqual(fb.pans.count, 1)
        XCTAssertEqual(differingPixels(screen(fb, out), try wholeFrame(config, content, presenter.session.frame(at: .zero), size: out.panelSize)), 0)
    }

    func testTheSharpRedrawInBandsOnTheHiddenHalvesEndsOnTheWholeFrame() throws {
        let fb = FakeFramebuffer(width: 100, height: 64, virtualHeight: 128, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        let content = ContentImage(source: Fixtures.checkerboard(width: 512, height: 512, square: 3), pixelsPerPoint: 2)
        let config = Fixtures.configuration(bounds: Size(width: 100, height: 64))
        let presenter = try FramePresenter(configuration: config, content: content, output: out,
                                           initialState: Fixtures.state(offset: .zero, contentSize: content.pointSize),
                                           sharpRedraw: .inBands(rows: 16))
        try presenter.update(at: .zero)
        let zoomed = Fixtures.state(offset: Point(x: 30, y: 40), zoom: 1.4, contentSize: content.pointSize * 1.4, zooming: true)
        presenter.handle([Fixtures.event(16, .willBeginZooming, zoomed)])
        try presenter.update(at: .milliseconds(16))
        var settled = zoomed
        settled.isZooming = false
        presenter.handle([Fixtures.event(32, .didEndZooming(atScale: 1.4), settled)])
        try presenter.update(at: .milliseconds(32))
        let final = presenter.session.frame(at: .milliseconds(32))
        XCTAssertEqual(final.content.filter, .convolution)
        var fastDescription = final
        fastDescription.content.filter = .bilinear
        let sharp = try wholeFrame(config, content, final, size: out.panelSize)
        let fast = try wholeFrame(config, content, fastDescription, size: out.panelSize)
        XCTAssertEqual(differingPixels(screen(fb, out), fast), 0, "first the fast frame, whole")
        var bands = 0
        var t = 48.0
        while presenter.isSharpening {
            XCTAssertTrue(try presenter.update(at: .milliseconds(t)))
            bands += 1
            let shown = screen(fb, out)
            for y in 0..<64 {
                for x in stride(from: 0, to: 100, by: 3) {
                    XCTAssertEqual(shown[x, y], y < bands * 16 ? sharp[x, y] : fast[x, y], "band \(bands) pixel (\(x), \(y))")
                }
            }
            t += 16
        }
        XCTAssertEqual(bands, 4)
        XCTAssertEqual(differingPixels(screen(fb, out), sharp), 0, "the whole sharp frame")

        // Moved elsewhere while a sharp redraw is under way (setContentOffset without animation): the
        // new place is drawn fast and whole, and its first band goes with it in the same update.
        presenter.handle([Fixtures.event(t, .didZoom, Fixtures.state(offset: Point(x: 50, y: 40), zoom: 1.4, contentSize: content.pointSize * 1.4))])
        XCTAssertTrue(try presenter.update(at: .milliseconds(t)))
        presenter.handle([Fixtures.event(t + 16, .didScroll, Fixtures.state(offset: Point(x: 90, y: 70), zoom: 1.4, contentSize: content.pointSize * 1.4))])
        XCTAssertTrue(try presenter.update(at: .milliseconds(t + 16)))
        XCTAssertTrue(presenter.isSharpening)
        let moved = presenter.session.frame(at: .milliseconds(t + 16))
        var movedFast = moved
        movedFast.content.filter = .bilinear
        let movedSharp = try wholeFrame(config, content, moved, size: out.panelSize)
        let movedFastFrame = try wholeFrame(config, content, movedFast, size: out.panelSize)
        let shown = screen(fb, out)
        for y in 0..<64 {
            for x in stride(from: 0, to: 100, by: 3) {
                XCTAssertEqual(shown[x, y], y < 16 ? movedSharp[x, y] : movedFastFrame[x, y], "moved: pixel (\(x), \(y))")
            }
        }
    }
}
