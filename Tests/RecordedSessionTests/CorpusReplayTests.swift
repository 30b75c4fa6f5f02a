import Foundation
import Recordings
import ScrollEngine
import XCTest

/// Every touchscreen session in ../shared/recordings replayed through the engine with zoom on:
/// no errors, offsets and zoom finite, everything settles inside bounds, sessions with motion move
/// the content, and the known pinch-in sessions zoom out.
final class CorpusReplayTests: XCTestCase {
    func sessions() throws -> [String] {
        let root = RecordedSessionTests.corpus
        guard FileManager.default.fileExists(atPath: root.path) else {
            throw XCTSkip("shared recordings not found at \(root.path); corpus replay skipped")
        }
        var files: [String] = []
        for folder in ["evemu-devices/touchscreens", "evemu-devices/tablets-finger", "hid-devices", "evemu-data"] {
            let dir = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".events") || name.hasSuffix(".ev")
                || name.hasSuffix(".event") || name.hasSuffix(".evemu") {
                files.append(dir.appendingPathComponent(name).path)
            }
        }
        return files
    }

    func configuration(_ screen: Size) -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.boundsSize = screen
        c.statusBarHeight = 0
        c.contentViews = [ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 4000, height: 4000))]
        c.zoomView = "photo"
        c.minimumZoomScale = 0.2
        c.maximumZoomScale = 5
        c.contentOffset = Point(x: 1500, y: 1500)
        return c
    }

    func testEveryTouchscreenSessionSettlesInsideBounds() throws {
        let files = try sessions()
        XCTAssertGreaterThan(files.count, 20)
        let screen = Size(width: 1280, height: 800)
        var replayed = 0
        defer { print("corpus: replayed \(replayed) touchscreen sessions of \(files.count) files") }
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let source = try RecordingSource.open(path: path, mapping: ScreenMapping(screenSize: screen), allowIndirect: true)
            guard source.deviceClass == nil || source.deviceClass == .touchscreen else { continue }
            replayed += 1
            let view = ScrollView(configuration: configuration(screen))
            let start = view.state
            var maxTravel = 0.0
            var downAt: [TouchSlot: Point] = [:]
            var moved = false
            var last = Timestamp.zero
            while let frame = try source.nextFrame() {
                view.handle(frame)
                _ = view.drainEvents()
                for s in frame.samples {
                    if s.phase == .down { downAt[s.slot] = s.location }
                    if let d = downAt[s.slot] { maxTravel = max(maxTravel, s.location.distance(to: d)) }
                    if s.phase == .up || s.phase == .cancel { downAt[s.slot] = nil }
                }
                XCTAssert(view.contentOffset.x.isFinite && view.contentOffset.y.isFinite && view.zoomScale.isFinite, name)
                if view.contentOffset != start.contentOffset || view.zoomScale != start.zoomScale { moved = true }
                last = frame.time
            }
            view.cancelAllTouches(at: last)   // a recording may end with fingers down
            view.advance(to: last.adding(seconds: 10))
            XCTAssertTrue(view.isAtRest, "\(name) did not come to rest")
            XCTAssertEqual(view.geometry.clamp(view.contentOffset), view.contentOffset, "\(name) rested outside bounds")
            XCTAssert(view.zoomScale >= 0.2 && view.zoomScale <= 5, "\(name) zoom \(view.zoomScale)")
            if maxTravel > 40 { XCTAssertTrue(moved, "\(name): fingers travelled \(maxTravel) px but nothing moved") }
        }
    }

    func testPinchInSessionsZoomOut() throws {
        let screen = Size(width: 1280, height: 800)
        for (file, window) in [("hid-devices/quanta_0408_3008_0.ev", 8.4...12.9),
                               ("hid-devices/egalax-capacitive_0eef_790a_0.ev", 8.0...9.05)] {
            let path = RecordedSessionTests.corpus.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) not found") }
            let source = try RecordingSource.open(path: path, mapping: ScreenMapping(screenSize: screen))
            let view = ScrollView(configuration: configuration(screen))
            var before: Double?
            var after = 0.0
            while let frame = try source.nextFrame() {
                if before == nil && frame.time.seconds >= window.lowerBound { before = view.zoomScale }
                view.handle(frame)
                if frame.time.seconds <= window.upperBound { after = view.zoomScale }
            }
            XCTAssertLessThan(after, before! * 0.95, "\(file): zoom \(before!) → \(after)")
        }
    }
}
