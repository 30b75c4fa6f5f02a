import Renderer
import ScrollEngine
import XCTest

/// A nested scroll view inside a zoomed one: it moves with the parent's offset, is scaled by the
/// parent's zoom, and is clipped to its frame as the parent draws it (and to the parent's frame).
final class ScreenComposerTests: XCTestCase {
    static func solid(_ rgb: UInt32, width: Int, height: Int) -> ContentImage {
        let b = PixelBuffer(size: PixelSize(width: width, height: height))
        b.fill(Color(rgb: rgb))
        return ContentImage(source: b)
    }

    let parentColor: UInt32 = 0x3366CC, childColor: UInt32 = 0xFF9500

    func makeScreen() -> [ScreenView] {
        var parent = RendererConfiguration()
        parent.scrollView.minimumZoomScale = 1
        parent.scrollView.maximumZoomScale = 4
        var child = RendererConfiguration()
        child.scrollView.contentSize = Size(width: 300, height: 100)
        let carousel = ScreenView(id: "carousel", frame: Rect(x: 10, y: 20, width: 100, height: 50), configuration: child,
                                  content: Self.solid(childColor, width: 300, height: 100))
        return [ScreenView(id: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 300), configuration: parent,
                           content: Self.solid(parentColor, width: 1000, height: 1000), children: [carousel])]
    }

    /// The photo zoomed 2× and scrolled to (100, 50); the carousel scrolled to (30, 0). The carousel's
    /// frame (10, 20, 100×50 in the photo's content points) is on screen at
    /// (10, 20)·2 − (100, 50) = (−80, −10), 200×100: visible from (0, 0) to (120, 90). Its content
    /// starts at −80 − 30·2 = −140.
    func testANestedViewIsPlacedScaledAndClippedByItsZoomedParent() throws {
        let states = [
            "photo": ScrollViewState(contentOffset: Point(x: 100, y: 50), zoomScale: 2, contentSize: Size(width: 2000, height: 2000)),
            "carousel": ScrollViewState(contentOffset: Point(x: 30, y: 0), zoomScale: 1, contentSize: Size(width: 300, height: 100)),
        ]
        let views = makeScreen()
        let session = ScreenSession(views: views, screenSize: PixelSize(width: 400, height: 300), initialStates: states)
        let frames = session.frame(at: .zero)
        XCTAssertEqual(session.ids, ["photo", "carousel"])
        XCTAssertEqual(frames[0].clip, PixelRect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertEqual(frames[0].content.origin, Point(x: -100, y: -50))
        XCTAssertEqual(frames[0].content.scale, 2)
        XCTAssertEqual(frames[1].clip, PixelRect(x: 0, y: 0, width: 120, height: 90))
        XCTAssertEqual(frames[1].content.origin, Point(x: -140, y: -10))
        XCTAssertEqual(frames[1].content.scale, 2, "the carousel's zoom 1 times the photo's 2")
        XCTAssertNotEqual(frames[1].content.filter, .nearest, "scaled by the parent: resampled")

        let output = MemoryOutput(PixelSize(width: 400, height: 300))
        let presenter = ScreenPresenter(views: views, output: output, initialStates: states)
        XCTAssertTrue(try presenter.update(at: .zero))
        let frame = try XCTUnwrap(output.frames.last)
        for (x, y) in [(0, 0), (60, 45), (119, 89)] {
            XCTAssertEqual(frame[x, y], 0xFF00_0000 | childColor, "the carousel at (\(x), \(y))")
        }
        for (x, y) in [(120, 45), (60, 90), (120, 90), (399, 299)] {
            XCTAssertEqual(frame[x, y], 0xFF00_0000 | parentColor, "the photo at (\(x), \(y)): nothing of the carousel outside its frame")
        }
        XCTAssertFalse(try presenter.update(at: .milliseconds(100)), "nothing changed: no frame")
    }

    /// Events reach the view they name: the photo scrolling moves the carousel inside it too, and
    /// the damaged rectangle covers where the carousel was and where it is.
    func testEventsReachTheirViewAndTheDamageCoversOldAndNewPlaces() throws {
        let states = [
            "photo": ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: Size(width: 1000, height: 1000)),
            "carousel": ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: Size(width: 300, height: 100)),
        ]
        let output = MemoryOutput(PixelSize(width: 400, height: 300))
        let presenter = ScreenPresenter(views: makeScreen(), output: output, initialStates: states)
        try presenter.update(at: .zero)
        // The carousel alone scrolls: only its frame (10, 20, 100×50) is redrawn.
        var carousel = states["carousel"]!
        carousel.contentOffset = Point(x: 40, y: 0)
        carousel.isDragging = true
        presenter.handle([DelegateEvent(time: .milliseconds(16), message: .didScroll, state: carousel, view: "carousel")])
        XCTAssertTrue(try presenter.update(at: .milliseconds(16)))
        XCTAssertEqual(presenter.lastDamage, PixelRect(x: 10, y: 20, width: 100, height: 50))
        // The photo scrolls by (0, 15): the photo is redrawn whole.
        var photo = states["photo"]!
        photo.contentOffset = Point(x: 0, y: 15)
        photo.isDragging = true
        presenter.handle([DelegateEvent(time: .milliseconds(33), message: .didScroll, state: photo, view: "photo")])
        XCTAssertTrue(try presenter.update(at: .milliseconds(33)))
        XCTAssertEqual(presenter.lastDamage, PixelRect(x: 0, y: 0, width: 400, height: 300))
        let frame = try XCTUnwrap(output.frames.last)
        XCTAssertEqual(frame[15, 5], 0xFF00_0000 | childColor, "the carousel moved up 15 with the photo: its top row is 5")
        XCTAssertEqual(frame[15, 4], 0xFF00_0000 | parentColor)
    }

    /// setContentSize on one view of a screen sends no delegate message: the geometry passed on
    /// reaches that view alone, and its knob is drawn for the new size when it flashes.
    func testAViewsNewContentSizeReachesThatViewOnly() throws {
        let states = [
            "photo": ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: Size(width: 1000, height: 1000)),
            "carousel": ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: Size(width: 300, height: 100)),
        ]
        let output = MemoryOutput(PixelSize(width: 400, height: 300))
        let presenter = ScreenPresenter(views: makeScreen(), output: output, initialStates: states)
        try presenter.update(at: .zero)
        var wider = states["carousel"]!
        wider.contentSize = Size(width: 1000, height: 100)
        presenter.noteGeometry(view: "carousel", wider, contentInset: .zero)
        XCTAssertEqual(presenter.session.session("carousel")?.state.contentSize, Size(width: 1000, height: 100))
        XCTAssertEqual(presenter.session.session("photo")?.state.contentSize, Size(width: 1000, height: 1000))
        presenter.noteIndicatorFlash(view: "carousel", .milliseconds(10))
        XCTAssertTrue(try presenter.update(at: .milliseconds(10)))
        XCTAssertEqual(presenter.lastDamage, PixelRect(x: 10, y: 20, width: 100, height: 50), "only the carousel shows a knob")
        // Its knobs, in screen coordinates from its frame at (10, 20): both axes now outrun its
        // 100×50 bounds, each knob the 36-pixel minimum, at the start of its track, 3 px in from the
        // trailing edge (docs/renderer.md, "Scroll indicators").
        let frames = presenter.session.frame(at: .milliseconds(10))
        XCTAssertEqual(frames[1].indicators.map(\.rect), [Rect(x: 10 + 94, y: 20 + 3, width: 3, height: 36),
                                                          Rect(x: 10 + 3, y: 20 + 44, width: 36, height: 3)])
        XCTAssertEqual(frames[0].indicators, [])
    }
}
