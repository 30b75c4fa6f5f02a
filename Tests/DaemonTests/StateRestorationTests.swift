import Daemon
import Logging
import ScrollEngine
import XCTest

final class StateRestorationTests: XCTestCase {
    /// A 1280x800 screen over a 1280x4000 page.
    func page() -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.boundsSize = Size(width: 1280, height: 800)
        c.contentSize = Size(width: 1280, height: 4000)
        return c
    }

    /// A zoomable 2000x2000 photo.
    func photo() -> ScrollViewConfiguration {
        var c = page()
        c.contentSize = Size(width: 2000, height: 2000)
        c.contentViews = [ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 2000, height: 2000))]
        c.zoomView = "photo"
        c.minimumZoomScale = 0.5
        c.maximumZoomScale = 3
        return c
    }

    func testAStateInsideTheBoundsIsRestoredAsSaved() {
        let saved = PreservedScrollViewState(contentOffset: Point(x: 0, y: 1500), zoomScale: 1, contentInset: EdgeInsets(top: 10))
        let restored = StateRestoration.restore(saved, into: page())
        XCTAssertEqual(restored.contentOffset, Point(x: 0, y: 1500))
        XCTAssertEqual(restored.contentInset, EdgeInsets(top: 10))
        XCTAssertEqual(restored.zoomScale, 1)
    }

    func testAnOffsetPastTheEndOfShorterContentIsClampedToTheEnd() {
        let saved = PreservedScrollViewState(contentOffset: Point(x: 300, y: 9000), zoomScale: 1, contentInset: EdgeInsets(bottom: 50))
        let restored = StateRestoration.restore(saved, into: page())
        // y: 4000 + 50 (bottom inset) - 800; x: content as wide as the screen, so 0
        XCTAssertEqual(restored.contentOffset, Point(x: 0, y: 3250))
    }

    func testAnOffsetBeforeTheStartIsClampedToMinusTheInset() {
        let saved = PreservedScrollViewState(contentOffset: Point(x: -100, y: -500), zoomScale: 1, contentInset: EdgeInsets(top: 64, left: 8))
        XCTAssertEqual(StateRestoration.restore(saved, into: page()).contentOffset, Point(x: -8, y: -64))
    }

    func testZoomIsClampedToTheLimitsAndTheOffsetToTheZoomedContent() {
        let saved = PreservedScrollViewState(contentOffset: Point(x: 5000, y: 9000), zoomScale: 8, contentInset: .zero)
        let restored = StateRestoration.restore(saved, into: photo())
        XCTAssertEqual(restored.zoomScale, 3)
        XCTAssertEqual(restored.contentOffset, Point(x: 6000 - 1280, y: 6000 - 800))
    }

    func testZoomIsIgnoredWhenTheContentCannotZoom() {
        let saved = PreservedScrollViewState(contentOffset: Point(x: 0, y: 100), zoomScale: 2.5, contentInset: .zero)
        XCTAssertEqual(StateRestoration.restore(saved, into: page()).zoomScale, 1)
    }

    func testThePreserverRestoresSavesOnSettleOnlyWhenChangedAndKeepsOtherViews() throws {
        let directory = try TemporaryDirectory("preserver")
        defer { directory.remove() }
        let store = StateStore(directory: directory.path)
        let other = PreservedScrollViewState(contentOffset: Point(x: 1, y: 2), zoomScale: 1, contentInset: .zero)
        try store.save(PreservedState(scrollViews: [
            "feed": PreservedScrollViewState(contentOffset: Point(x: 0, y: 1200), zoomScale: 1, contentInset: .zero),
            "other": other,
        ]))

        let preserver = StatePreserver(store: store, restorationIdentifier: "feed", logger: Logger(label: "test"))
        let configuration = preserver.restore(into: page())
        XCTAssertEqual(configuration.contentOffset, Point(x: 0, y: 1200))

        func state(_ y: Double) -> ScrollViewState {
            ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1, contentSize: Size(width: 1280, height: 4000))
        }
        // moving: nothing written
        preserver.scrollViewChanged(state(1500), contentInset: .zero, isAtRest: false)
        XCTAssertEqual(savedOffsetY(store, "feed"), 1200)
        // settled somewhere new: written
        preserver.scrollViewChanged(state(1700), contentInset: .zero, isAtRest: true)
        XCTAssertEqual(savedOffsetY(store, "feed"), 1700)
        // settled at the same place again: not rewritten (the file's mtime stays)
        let before = try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date
        usleep(20_000)
        preserver.scrollViewChanged(state(1700), contentInset: .zero, isAtRest: true)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date, before)
        // shutdown mid-motion: written wherever it is
        preserver.shutdown(state(1750.5), contentInset: .zero)
        XCTAssertEqual(savedOffsetY(store, "feed"), 1750.5)
        guard case .loaded(let file) = store.load() else { return XCTFail() }
        XCTAssertEqual(file.scrollViews["other"], other)
    }

    func testANonFiniteEntryIsIgnoredWithAWarning() throws {
        let directory = try TemporaryDirectory("nonfinite")
        defer { directory.remove() }
        let store = StateStore(directory: directory.path)
        // JSON has no NaN; a huge exponent decodes to +infinity.
        try Data(#"{"version":1,"scrollViews":{"feed":{"contentOffset":{"x":0,"y":1e999},"zoomScale":1,"contentInset":{"top":0,"left":0,"bottom":0,"right":0}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        let sink = InMemoryLogLines()
        let preserver = StatePreserver(store: store, restorationIdentifier: "feed",
                                       logger: Logger(label: "s") { JournalLogHandler(label: $0, sink: sink) })
        if preserver.preserved == nil {
            XCTAssertEqual(preserver.restore(into: page()), page())
            XCTAssertTrue(sink.lines.contains { $0.hasPrefix("<4>") }, "\(sink.lines)")
        } else {
            XCTFail("a non-finite offset must not be restored")
        }
    }

    /// A screen of several scroll views: each view is restored and saved under its own key, and
    /// one view's write keeps the others' entries.
    func testThePreserverKeepsEveryViewUnderItsOwnKey() throws {
        let directory = try TemporaryDirectory("preserver-views")
        defer { directory.remove() }
        let store = StateStore(directory: directory.path)
        try store.save(PreservedState(scrollViews: [
            "list": PreservedScrollViewState(contentOffset: Point(x: 0, y: 1200), zoomScale: 1, contentInset: .zero),
            "carousel": PreservedScrollViewState(contentOffset: Point(x: 0, y: 900), zoomScale: 1, contentInset: .zero),
        ]))
        let preserver = StatePreserver(store: store, restorationIdentifier: "list", logger: Logger(label: "test"))
        XCTAssertEqual(preserver.restore(into: page(), identifier: "list").contentOffset, Point(x: 0, y: 1200))
        XCTAssertEqual(preserver.restore(into: page(), identifier: "carousel").contentOffset, Point(x: 0, y: 900))
        XCTAssertEqual(preserver.restore(into: page(), identifier: "menu").contentOffset, page().contentOffset)
        func state(_ y: Double) -> ScrollViewState {
            ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1, contentSize: Size(width: 1280, height: 4000))
        }
        preserver.scrollViewChanged(state(900), contentInset: .zero, isAtRest: true, identifier: "carousel")
        XCTAssertEqual(savedOffsetY(store, "carousel"), 900, "unchanged: nothing written")
        preserver.scrollViewChanged(state(300), contentInset: .zero, isAtRest: true, identifier: "carousel")
        preserver.shutdown(state(40), contentInset: .zero, identifier: "menu")
        XCTAssertEqual(savedOffsetY(store, "carousel"), 300)
        XCTAssertEqual(savedOffsetY(store, "menu"), 40)
        XCTAssertEqual(savedOffsetY(store, "list"), 1200)
    }

    func savedOffsetY(_ store: StateStore, _ id: String) -> Double? {
        guard case .loaded(let file) = store.load() else { return nil }
        return file.scrollViews[id]?.contentOffset.y
    }
}
