import XCTest
import ScrollEngine
@testable import Renderer

final class ContentDrawingTests: XCTestCase {
    func testUnzoomedContentAtAnOffsetIsCopiedPixelForPixel() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 400, height: 300))
        let config = Fixtures.configuration(bounds: Size(width: 160, height: 100))
        let output = MemoryOutput(PixelSize(width: 160, height: 100))
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: Point(x: 37, y: 51), contentSize: Size(width: 400, height: 300)))
        try presenter.update(at: .zero)

        let frame = try XCTUnwrap(output.frames.last)
        for y in 0..<100 { for x in 0..<160 {
            XCTAssertEqual(frame[x, y], Fixtures.coordinateColor(x + 37, y + 51), "pixel (\(x), \(y))")
        } }
    }

    func testOverscrolledEdgeShowsTheBackground() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 200, height: 200))
        let config = Fixtures.configuration(bounds: Size(width: 100, height: 100))
        let output = MemoryOutput(PixelSize(width: 100, height: 100))
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: Point(x: -20, y: 0), contentSize: Size(width: 200, height: 200)))
        try presenter.update(at: .zero)

        let frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[19, 50], Color(rgb: 0x102030).xrgb8888)
        XCTAssertEqual(frame[20, 50], Fixtures.coordinateColor(0, 50))
    }

    func testZoomTwoWithTwoPixelsPerPointIsExact() throws {
        // 2 source pixels per point at zoom 2: one source pixel per screen pixel, nearest filter.
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 256, height: 256), pixelsPerPoint: 2)
        let config = Fixtures.configuration(bounds: Size(width: 64, height: 64))
        let output = MemoryOutput(PixelSize(width: 64, height: 64))
        let presenter = try FramePresenter(configuration: config, content: content, output: output,
                                           initialState: Fixtures.state(offset: Point(x: 10, y: 30), zoom: 2, contentSize: Size(width: 256, height: 256)))
        try presenter.update(at: .zero)

        XCTAssertEqual(presenter.session.frame(at: .zero).content.filter, .nearest)
        let frame = try XCTUnwrap(output.frames.last)
        for (x, y) in [(0, 0), (5, 9), (63, 63)] { XCTAssertEqual(frame[x, y], Fixtures.coordinateColor(x + 10, y + 30)) }
    }

    func testZoomOneWithTwoPixelsPerPointSamplesTheHalvedLevel() throws {
        // Uniform 2×2 blocks survive halving exactly, so level 1 at zoom 1 is exact too.
        let source = PixelBuffer(size: PixelSize(width: 128, height: 128), format: .argb8888)
        for y in 0..<128 { for x in 0..<128 { source[x, y] = Fixtures.coordinateColor(x / 2, y / 2) } }
        let content = ContentImage(source: source, pixelsPerPoint: 2)
        XCTAssertEqual(content.levels.map(\.width), [128, 64])
        let output = MemoryOutput(PixelSize(width: 32, height: 32))
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 32, height: 32)), content: content, output: output,
                                           initialState: Fixtures.state(offset: Point(x: 3, y: 4), contentSize: Size(width: 64, height: 64)))
        try presenter.update(at: .zero)

        XCTAssertEqual(presenter.session.frame(at: .zero).content.level, 1)
        let frame = try XCTUnwrap(output.frames.last)
        for (x, y) in [(0, 0), (17, 2), (31, 31)] { XCTAssertEqual(frame[x, y], Fixtures.coordinateColor(x + 3, y + 4)) }
    }

    func testBilinearMagnificationOfAGradientStaysWithinOneLevelOfTheLine() throws {
        // Documented tolerance for filtered scaling: ±1 of the exact linear interpolation.
        let source = PixelBuffer(size: PixelSize(width: 256, height: 4), format: .argb8888)
        for y in 0..<4 { for x in 0..<256 { source[x, y] = 0xFF00_0000 | UInt32(x) << 16 } }
        let output = MemoryOutput(PixelSize(width: 200, height: 4))
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 200, height: 4)),
                                           content: ContentImage(source: source, minimumSide: 256), output: output,
                                           initialState: Fixtures.state(offset: Point(x: 20, y: 2), zoom: 2, contentSize: Size(width: 512, height: 8)))
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        for x in 0..<200 {
            let expected = (Double(x + 20) + 0.5) / 2 - 0.5
            let red = Double((frame[x, 1] >> 16) & 0xFF)
            XCTAssertEqual(red, expected, accuracy: 1, "x = \(x)")
        }
    }

    func testPNGRoundTripKeepsEveryPixel() throws {
        let path = NSTemporaryDirectory() + "/renderer-roundtrip-\(getpid()).png"
        defer { unlink(path) }
        let frame = PixelBuffer(size: PixelSize(width: 33, height: 17))
        for y in 0..<17 { for x in 0..<33 { frame[x, y] = Fixtures.coordinateColor(x * 7, y * 13) } }
        try PNGFile.write(frame, to: path)
        let back = try PNGFile.read(path: path)
        XCTAssertEqual(back.size, frame.size)
        for y in 0..<17 { for x in 0..<33 { XCTAssertEqual(back[x, y], frame[x, y]) } }
    }

    func testReadingAMissingPNGNamesTheFile() {
        XCTAssertThrowsError(try PNGFile.read(path: "/nonexistent/content.png")) { error in
            let e = error as? RendererError
            XCTAssertEqual(e?.kind, .imageRead)
            XCTAssertEqual(e?.path, "/nonexistent/content.png")
        }
    }

    func testZoomedOutContentSmallerThanTheScreenHasBackgroundAroundIt() throws {
        // Zoom 0.5 of a 100×100 image: 50×50 at the origin, bilinear edges blended over the background.
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 100, height: 100), minimumSide: 100)
        let output = MemoryOutput(PixelSize(width: 80, height: 80))
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 80, height: 80)), content: content, output: output,
                                           initialState: Fixtures.state(offset: .zero, zoom: 0.5, contentSize: Size(width: 50, height: 50)))
        try presenter.update(at: .zero)
        let frame = try XCTUnwrap(output.frames.last)
        let background = Color(rgb: 0x102030).xrgb8888
        XCTAssertEqual(frame[60, 10], background)
        XCTAssertEqual(frame[10, 60], background)
        XCTAssertEqual(frame[79, 79], background)
        XCTAssertNotEqual(frame[25, 25], background)
        XCTAssertEqual(presenter.session.frame(at: .zero).content.filter, .convolution)
    }
}
