import Configuration
@testable import Daemon
import Foundation
import LiveInput
import Logging
import Renderer
import ScrollEngine
import StreamOutput
import XCTest

/// The live display of a screen of several scroll views (`scrollViews:` with a `display:`): every
/// view is drawn in its frame, the nested one moving with its parent as a finger drags. Through
/// the scripted kernel, with a display that keeps the last frame.
final class LiveScreenDisplayTests: XCTestCase {
    var directory: TemporaryDirectory!
    var kernel: FakeSessionKernel!
    var display: FakeDisplay!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("live-screen")
        try RowCodedContent.write(width: 320, height: 1000, to: directory.file("list.png"))
        try ScreenDrawingTests.writeCoded(width: 960, height: 80, to: directory.file("carousel.png"))
        kernel = FakeSessionKernel()
        display = FakeDisplay(panelSize: PixelSize(width: 320, height: 240))
    }

    override func tearDown() { directory.remove() }

    func testEveryViewIsDrawnAndTheNestedOneMovesWithItsParent() throws {
        let configuration = try ConfigurationLoader.load(yaml: """
        screen: { width: 320, height: 240 }
        display: { drm: /dev/dri/card0 }
        scrollViews:
          - id: list
            frame: { x: 0, y: 0, width: 320, height: 240 }
            contentSize: { width: 320, height: 1000 }
            content: \(directory.file("list.png"))
            scrollViews:
              - id: carousel
                frame: { x: 0, y: 100, width: 320, height: 80 }
                contentSize: { width: 960, height: 80 }
                isPagingEnabled: true
                scrollsToTop: false
                content: \(directory.file("carousel.png"))
        """)
        var parts = LiveSession.Parts()
        parts.display = { DisplaySettings(configuration: $0) }
        parts.openOutput = { [unowned self] _, _ in display }
        let touchscreen = FakeTouchscreen(fileDescriptor: 20_000, node: "/dev/input/event5")
        touchscreen.queued = [.deviceAdded(touchscreen.summary)]
        let session = try LiveSession(configuration: configuration, backends: [touchscreen], sink: MemoryByteSink(), parts: parts,
                                      system: kernel.calls, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })

        func carouselPoint(_ x: Int, _ y: Int) -> (x: Int, y: Int) { ScreenDrawingTests.decode(display.lastFrame![x, y]) }
        kernel.script.append { [self] in
            // Drawn at the start: list rows above and below the carousel's rows 100…179.
            let frame = try! XCTUnwrap(display.lastFrame)
            XCTAssertEqual(RowCodedContent.row(in: frame, screenRow: 99), 99)
            XCTAssertTrue(carouselPoint(100, 100) == (100, 0), "\(carouselPoint(100, 100))")
            XCTAssertTrue(carouselPoint(100, 179) == (100, 79), "\(carouselPoint(100, 179))")
            XCTAssertEqual(RowCodedContent.row(in: frame, screenRow: 180), 180)
            // A finger lands on the list below the carousel and drags it up 150 points; it stays down.
            var events: [LiveInputEvent] = []
            for i in 0...6 {
                let sample = TouchSample(slot: TouchSlot(0), phase: i == 0 ? .down : .move, location: Point(x: 160, y: 230 - Double(i) * 25))
                events.append(.touches(TouchFrame(time: kernel.now.adding(microseconds: Int64(i) * 10_000), samples: [sample])))
            }
            kernel.now = kernel.now.adding(microseconds: 60_000)
            touchscreen.queued = events
            return [touchscreen.fileDescriptor]
        }
        kernel.script.append { [self] in
            let offset = try! XCTUnwrap(session.state).contentOffset.y
            XCTAssertGreaterThan(offset, 100)
            let top = 100 - Int(offset.rounded())
            let frame = try! XCTUnwrap(display.lastFrame)
            XCTAssertTrue(carouselPoint(100, max(0, top)) == (100, max(0, top) - top), "the carousel moved up with the list: \(carouselPoint(100, max(0, top)))")
            XCTAssertTrue(carouselPoint(100, top + 79) == (100, 79))
            XCTAssertEqual(RowCodedContent.row(in: frame, screenRow: top + 80), top + 80 + Int(offset.rounded()), "the list below the carousel")
            kernel.pendingSignals = [SIGTERM]
            return [kernel.signalFD]
        }
        try session.run()
        XCTAssertTrue(kernel.script.isEmpty, "every step ran")
    }
}
