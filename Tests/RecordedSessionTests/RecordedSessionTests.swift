import Foundation
import Recordings
import ScrollEngine
import XCTest

/// Real sessions from ../shared/recordings replayed through the engine: zooming and touch delivery
/// on hardware nobody on the team designed.
final class RecordedSessionTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/recordings")

    func corpusFile(_ relative: String) throws -> String {
        let url = Self.corpus.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("shared recording \(url.path) not found; this acceptance test needs ../shared/recordings beside the repo")
        }
        return url.path
    }

    /// Replays `path` into `view`, calling `each` after every input frame with the fingers down.
    func replay(_ path: String, screen: Size, into view: ScrollView,
                each: (TouchFrame, [TouchSlot: Point]) -> Void = { _, _ in }) throws -> [DelegateEvent] {
        let source = try RecordingSource.open(path: path, mapping: ScreenMapping(screenSize: screen))
        var events: [DelegateEvent] = []
        var down: [TouchSlot: Point] = [:]
        var last = Timestamp.zero
        while let frame = try source.nextFrame() {
            view.handle(frame)
            events += view.drainEvents()
            for s in frame.samples {
                switch s.phase {
                case .down, .move: down[s.slot] = s.location
                case .up, .cancel: down[s.slot] = nil
                }
            }
            each(frame, down)
            last = frame.time
        }
        view.advance(to: last.adding(seconds: 5))
        events += view.drainEvents()
        return events
    }

    /// Quanta OpticalTouchScreen: a clean two-finger pinch-in at 8.4–12.9 s with the centroid nearly
    /// fixed. With zoom on, zoomScale decreases through the pinch and the content point under the
    /// centroid stays within a few points of it.
    func testQuantaPinchInZoomsOutAroundTheCentroid() throws {
        let path = try corpusFile("hid-devices/quanta_0408_3008_0.ev")
        let screen = Size(width: 1920, height: 1080)
        var c = ScrollViewConfiguration()
        c.boundsSize = screen
        c.statusBarHeight = 0
        c.contentViews = [ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 3840, height: 2160))]
        c.zoomView = "photo"
        c.minimumZoomScale = 0.25
        c.maximumZoomScale = 4
        c.zoomScale = 1
        c.contentOffset = Point(x: 960, y: 540)
        let view = ScrollView(configuration: c)
        var scales: [Double] = []
        var pinned: Point?
        var worstDrift = 0.0
        let events = try replay(path, screen: screen, into: view) { frame, down in
            let t = frame.time.seconds
            guard t >= 8.4, t <= 12.9, down.count == 2, view.state.isZooming else { return }
            scales.append(view.zoomScale)
            var centroid = Point.zero
            for p in down.values { centroid = centroid + p }
            centroid = centroid / 2
            let under = view.contentPoint(forScreen: centroid)
            if let pinned {
                worstDrift = max(worstDrift, under.distance(to: pinned) * view.zoomScale)
            } else {
                pinned = under
            }
        }
        print("quanta pinch-in: \(scales.count) zooming frames, zoomScale \(scales.first ?? 0) → \(scales.last ?? 0), worst centroid drift \(worstDrift) pt")
        XCTAssertGreaterThan(scales.count, 20, "the pinch was recognised and zoomed over many frames")
        XCTAssertLessThan(scales.last!, scales.first! * 0.8, "zoomScale decreases through a pinch-in")
        var rises = 0
        for (a, b) in zip(scales, scales.dropFirst()) where b > a + 1e-9 { rises += 1 }
        XCTAssertLessThan(Double(rises), Double(scales.count) * 0.1, "mostly monotonic")
        XCTAssertLessThan(worstDrift, 3, "content point under the centroid stays within a few points")
        XCTAssertTrue(events.contains { $0.message == .willBeginZooming })
        XCTAssertTrue(events.contains { if case .didEndZooming = $0.message { true } else { false } })
        XCTAssertTrue(view.isAtRest)
        XCTAssertEqual(view.geometry.clamp(view.contentOffset), view.contentOffset)
    }

    /// Atmel maXTouch fast taps over a content view covering the screen: one tap per touch and no
    /// scrolling.
    func testAtmelFastTapsAreTapsAndDoNotScroll() throws {
        let path = try corpusFile("evemu-devices/touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
        let screen = Size(width: 1280, height: 800)
        var c = ScrollViewConfiguration()
        c.boundsSize = screen
        c.statusBarHeight = 0
        c.contentSize = Size(width: 1280, height: 4000)
        c.contentViews = [ContentView(id: "page", frame: Rect(x: 0, y: 0, width: 1280, height: 4000))]
        let view = ScrollView(configuration: c)
        var downs = 0
        let events = try replay(path, screen: screen, into: view) { frame, _ in
            downs += frame.samples.filter { $0.phase == .down }.count
        }
        let taps = events.filter { if case .tap(let g) = $0.message { g.view == "page" } else { false } }
        print("atmel fast taps: \(downs) touches, \(taps.count) taps")
        XCTAssertGreaterThan(downs, 3)
        XCTAssertEqual(taps.count, downs)
        XCTAssertFalse(events.contains { $0.message == .willBeginDragging })
        XCTAssertFalse(events.contains { $0.message == .didScroll })
        XCTAssertEqual(view.contentOffset, .zero)
    }
}
