import Configuration
import Daemon
import Foundation
import Renderer
import ScrollEngine
import XCTest

/// The list-with-carousel example drawn as a screen of scroll views: fingers drag, the tree
/// scrolls, the renderer draws, and the pixels are read back at points computed from the
/// offsets the views report. Each view shows content whose pixels say which content point they
/// are, so a pixel tells exactly which view's content is on screen there, and where.
///
/// Tolerance: content pixels exact (zoom 1, one image pixel per point, offsets drawn at whole
/// pixels, rounded as the renderer rounds them); an indicator's pixel ±1 per channel (pixman's
/// 8-bit blending).
final class ScreenDrawingTests: XCTestCase {
    /// Content point (x, y) coded in its pixel: red = x mod 256, green = x / 256 (5 bits) and
    /// y / 256 (3 bits above them), blue = y mod 256.
    static func writeCoded(width: Int, height: Int, to path: String) throws {
        let image = PixelBuffer(size: PixelSize(width: width, height: height))
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32((x >> 8) | (y >> 8) << 5) << 8 | UInt32(y & 0xFF)
            }
        }
        try PNGFile.write(image, to: path)
    }

    static func decode(_ pixel: UInt32) -> (x: Int, y: Int) {
        let r = Int((pixel >> 16) & 0xFF), g = Int((pixel >> 8) & 0xFF), b = Int(pixel & 0xFF)
        return (r | (g & 31) << 8, b | (g >> 5) << 8)
    }

    static let menuColor: UInt32 = 0xFF33_66CC

    final class LastFrame: FrameOutput {
        let panelSize: PixelSize
        var frame: PixelBuffer?
        init(_ size: PixelSize) { panelSize = size }
        func present(_ frame: PixelBuffer) throws {
            let copy = self.frame ?? PixelBuffer(size: frame.size)
            copy.copy(from: frame)
            self.frame = copy
        }
        func finish() throws {}
    }

    var directory = ""
    var tree: ScrollViewTree!
    var presenter: ScreenPresenter!
    var output: LastFrame!
    var views: [ScreenView] = []
    var now = Timestamp.zero
    /// The last state each view reported in the stream.
    var reported: [String: ScrollViewState] = [:]

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "screen-drawing-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.writeCoded(width: 1280, height: 2000, to: directory + "/list.png")
        try Self.writeCoded(width: 6400, height: 300, to: directory + "/carousel.png")
        let menu = PixelBuffer(size: PixelSize(width: 200, height: 800))
        menu.fill(Color(rgb: Self.menuColor & 0xFFFFFF))
        try PNGFile.write(menu, to: directory + "/menu.png")

        // The bundled example, each view given its own content, and a menu on top of the list's
        // left edge (a later sibling: above the list and the carousel inside it).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        var yaml = try String(contentsOfFile: root + "/config/list-with-carousel.yaml", encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "  - id: list\n", with: "  - id: list\n    content: \"\(directory)/list.png\"\n")
        yaml = yaml.replacingOccurrences(of: "      - id: carousel\n", with: "      - id: carousel\n        content: \"\(directory)/carousel.png\"\n")
        yaml += """
          - id: menu
            frame: { x: 0, y: 0, width: 200, height: 800 }
            contentSize: { width: 200, height: 800 }
            scrollsToTop: false
            content: "\(directory)/menu.png"

        """
        let configuration = try ConfigurationLoader.load(yaml: yaml)
        XCTAssertEqual(configuration.viewDisplays["carousel"]?.content, directory + "/carousel.png")
        let settings = DisplaySettings(configuration: configuration)
        let (views, nodes) = try settings.screenViews(for: configuration.scrollViews)
        self.views = views
        tree = try ScrollViewTree(screenSize: configuration.screen.size, views: nodes)
        XCTAssertEqual(tree.view("list")?.contentSize, Size(width: 1280, height: 2000), "the list's image is its contentSize")
        var initial: [String: ScrollViewState] = [:]
        for id in tree.ids { initial[id] = tree.view(id)?.state; reported[id] = tree.view(id)?.state }
        output = LastFrame(PixelSize(width: 1280, height: 800))
        presenter = ScreenPresenter(views: views, rotation: settings.rotation, output: output, initialStates: initial)
        XCTAssertTrue(try presenter.update(at: now))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Fingers

    func step(_ samples: [TouchSample] = []) throws {
        now = now.adding(microseconds: 16_667)
        if samples.isEmpty { tree.advance(to: now) } else { tree.handle(TouchFrame(time: now, samples: samples)) }
        let events = tree.drainEvents()
        for e in events { if let id = e.view { reported[id] = e.state } }
        presenter.handle(events)
        try presenter.update(at: now)
    }

    func drag(from start: Point, by delta: Point, frames: Int, lift: Bool) throws {
        try step([TouchSample(slot: TouchSlot(0), phase: .down, location: start)])
        for k in 1...frames {
            try step([TouchSample(slot: TouchSlot(0), phase: .move, location: start + delta * (Double(k) / Double(frames)))])
        }
        if lift { try step([TouchSample(slot: TouchSlot(0), phase: .up, location: start + delta)]) }
    }

    func wait(seconds: Double) throws {
        for _ in 0..<Int((seconds * 60).rounded()) { try step() }
    }

    // MARK: Where things are

    /// Where the renderer draws the list's and the carousel's content: −offset on whole pixels,
    /// the carousel's frame (y 400 in the list's content) moving with the list's.
    var listOrigin: (x: Int, y: Int) {
        let o = reported["list"]!.contentOffset
        return (Int((-o.x).rounded()), Int((-o.y).rounded()))
    }

    var carouselOrigin: (x: Int, y: Int) {
        let o = reported["carousel"]!.contentOffset
        return (listOrigin.x + Int((-o.x).rounded()), listOrigin.y + 400 + Int((-o.y).rounded()))
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { output.frame![x, y] }

    func assertShows(_ view: String, at x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) {
        let origin = view == "list" ? listOrigin : carouselOrigin
        let shown = Self.decode(pixel(x, y))
        XCTAssertTrue(shown == (x - origin.x, y - origin.y),
                      "screen (\(x), \(y)) shows \(shown), expected \(view) content (\(x - origin.x), \(y - origin.y))", file: file, line: line)
    }

    /// A pixel under a default-style knob's 1-pixel fill line: the content under it, darkened by
    /// black at 35 % (alpha 89/255).
    func assertKnob(at x: Int, _ y: Int, over view: String, file: StaticString = #filePath, line: UInt = #line) {
        let origin = view == "list" ? listOrigin : carouselOrigin
        let cx = x - origin.x, cy = y - origin.y
        let under = 0xFF00_0000 | UInt32(cx & 0xFF) << 16 | UInt32((cx >> 8) | (cy >> 8) << 5) << 8 | UInt32(cy & 0xFF)
        let got = pixel(x, y)
        for shift: UInt32 in [16, 8, 0] {
            let expected = (Double((under >> shift) & 0xFF) * 166 / 255).rounded()
            XCTAssertEqual(Double((got >> shift) & 0xFF), expected, accuracy: 1,
                           "the knob at (\(x), \(y)) darkens \(view)'s content", file: file, line: line)
        }
    }

    // MARK: Tests

    func testAtStartEveryViewIsInItsFrameClippedAndTheMenuIsOnTop() throws {
        // The carousel occupies screen rows 400…699 and nothing else.
        for x in [210, 640, 1270] {
            assertShows("list", at: x, 399)
            assertShows("carousel", at: x, 400)
            assertShows("carousel", at: x, 699)
            assertShows("list", at: x, 700)
        }
        // The menu, the later sibling, hides the list and the carousel beneath it.
        for (x, y) in [(0, 0), (199, 399), (100, 550), (199, 699), (10, 799)] {
            XCTAssertEqual(pixel(x, y), Self.menuColor, "the menu at (\(x), \(y))")
        }
        assertShows("carousel", at: 200, 550)
    }

    func testPagingTheCarouselMovesItsContentOnlyAndShowsItsIndicatorOnly() throws {
        try drag(from: Point(x: 900, y: 550), by: Point(x: -600, y: 2), frames: 12, lift: true)
        XCTAssertEqual(presenter.lastDamage, PixelRect(x: 0, y: 400, width: 1280, height: 300), "only the carousel's rectangle is redrawn")
        while reported["carousel"]!.isDecelerating || reported["carousel"]!.isDragging { try step() }
        let offset = reported["carousel"]!.contentOffset
        XCTAssertEqual(offset.x, 1280, accuracy: 1e-9, "one page")
        XCTAssertEqual(reported["list"]!.contentOffset, .zero)
        for (x, y) in [(200, 400), (640, 550), (1279, 699)] { assertShows("carousel", at: x, y) }
        for (x, y) in [(640, 399), (640, 700), (1275, 100)] { assertShows("list", at: x, y) }

        // The carousel's horizontal knob (UIKit's geometry: a 1271-pixel track from 3 to 1274,
        // 1280/6400 of it long, a quarter of the way along, 3 pixels thick, 3 above the bottom
        // edge): its centre line is row 400 + 295.
        let length = 1271.0 * 1280 / 6400
        let knobX = 3 + 0.25 * (1271 - length)
        assertKnob(at: Int(knobX + length / 2), 695, over: "carousel")
        assertKnob(at: Int(knobX + 20), 695, over: "carousel")
        // The list did not move: no knob along its right edge.
        for y in [10, 100, 300] { assertShows("list", at: 1275, y) }
    }

    func testTheCarouselMovesAndClipsWithTheListAndTheListShowsItsIndicatorOnly() throws {
        try drag(from: Point(x: 900, y: 550), by: Point(x: -600, y: 2), frames: 12, lift: true)
        try wait(seconds: 2)  // the carousel's knob has faded
        // A vertical drag that starts on the carousel scrolls the list around it; the finger stays down.
        try drag(from: Point(x: 640, y: 600), by: Point(x: 0, y: -260), frames: 20, lift: false)
        let list = reported["list"]!.contentOffset
        XCTAssertGreaterThan(list.y, 150, "the list scrolled")
        XCTAssertEqual(reported["carousel"]!.contentOffset.x, 1280, accuracy: 1e-9, "the carousel kept its page")
        let top = carouselOrigin.y
        XCTAssertEqual(top, 400 - Int(list.y.rounded()))
        for x in [220, 640, 1000] {
            assertShows("list", at: x, top - 1)
            assertShows("carousel", at: x, top)
            assertShows("carousel", at: x, top + 299)
            assertShows("list", at: x, top + 300)
        }
        XCTAssertEqual(pixel(150, top + 100), Self.menuColor, "the menu still covers the carousel")
        // No knob on the carousel any more.
        assertShows("carousel", at: 380, top + 295)

        // The list's vertical knob: track 3…797 (794 pixels), 800/2000 of it long, at the list's
        // progress offset / (2000 − 800); its centre column is 1280 − 3 − 1.5. It is in front of
        // the carousel inside the list (UIKit keeps a scroll view's indicators above its subviews).
        let length = 794.0 * 800 / 2000
        let knobY = 3 + list.y / 1200 * (794 - length)
        XCTAssertTrue(knobY + 10 < Double(top) && knobY + length / 2 > Double(top), "the knob starts above the carousel and reaches into it")
        assertKnob(at: 1275, Int(knobY + 5), over: "list")
        assertKnob(at: 1275, Int(knobY + length / 2), over: "carousel")
    }

    func testAFrameWhereNothingMovedIsNotDrawnAndPartialRedrawsAddUpToTheWholePicture() throws {
        try drag(from: Point(x: 900, y: 550), by: Point(x: -600, y: 2), frames: 12, lift: true)
        try drag(from: Point(x: 640, y: 300), by: Point(x: 0, y: -200), frames: 10, lift: true)
        try wait(seconds: 4)  // everything settled, knobs faded
        let drawn = presenter.framesDrawn
        try wait(seconds: 1)
        XCTAssertEqual(presenter.framesDrawn, drawn, "nothing moved: no frame drawn")
        XCTAssertFalse(try presenter.update(at: now.adding(seconds: 10)))

        // The picture built from partial redraws is the picture drawn whole from the same states.
        var states: [String: ScrollViewState] = [:]
        for id in tree.ids { states[id] = tree.view(id)?.state }
        let whole = LastFrame(PixelSize(width: 1280, height: 800))
        let fresh = ScreenPresenter(views: views, output: whole, initialStates: states)
        try fresh.update(at: now)
        let a = output.frame!, b = whole.frame!
        var differing = 0
        for y in 0..<800 { for x in 0..<1280 where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0)

        // And it survives a PNG file.
        let path = directory + "/shot.png"
        try PNGFile.write(a, to: path)
        let read = try PNGFile.read(path: path)
        for (x, y) in [(640, 100), (300, 700), (100, 400)] {
            XCTAssertEqual(read[x, y] & 0xFFFFFF, a[x, y] & 0xFFFFFF, "(\(x), \(y))")
        }
    }
}
