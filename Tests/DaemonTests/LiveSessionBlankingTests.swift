import Configuration
@testable import Daemon
import Foundation
import LiveInput
import Logging
import Renderer
import ScrollEngine
import StreamOutput
import XCTest

/// `display.blankAfter`: the panel powers down after the idle time, the session sleeps (no wakeup
/// at all) while it is dark, the touch that wakes it is swallowed whole and the frame comes back
/// as it was; the next touch scrolls. Through the scripted kernel, with a display that records
/// the power changes asked of it.
final class LiveSessionBlankingTests: XCTestCase {
    var directory: TemporaryDirectory!
    var kernel: FakeSessionKernel!
    var display: FakeDisplay!
    let screen = PixelSize(width: 320, height: 240)

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("live-blanking")
        try RowCodedContent.write(width: 320, height: 1000, to: directory.file("page.png"))
        kernel = FakeSessionKernel()
        display = FakeDisplay(panelSize: screen)
    }

    override func tearDown() { directory.remove() }

    func makeSession(touchscreen: FakeTouchscreen, sink: MemoryByteSink) throws -> LiveSession {
        let configuration = try ConfigurationLoader.load(yaml: """
        screen: { width: 320, height: 240 }
        display:
          content: \(directory.file("page.png"))
          drm: /dev/dri/card0
          blankAfter: 5
        """)
        var parts = LiveSession.Parts()
        parts.display = { DisplaySettings(configuration: $0) }
        parts.openOutput = { [unowned self] _, _ in display }
        return try LiveSession(configuration: configuration, backends: [touchscreen], sink: sink, parts: parts,
                               system: kernel.calls, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    func frame(_ time: Timestamp, _ phase: TouchPhase, y: Double) -> LiveInputEvent {
        .touches(TouchFrame(time: time, samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 160, y: y))]))
    }

    /// A finger drags from y 200 upwards by 25 pt per 10 ms for 60 ms and lifts.
    func drag(from t0: Timestamp) -> [LiveInputEvent] {
        var events = [frame(t0, .down, y: 200)]
        for i in 1...6 { events.append(frame(t0.adding(microseconds: Int64(i) * 10_000), .move, y: 200 - Double(i) * 25)) }
        events.append(frame(t0.adding(microseconds: 70_000), .up, y: 50))
        return events
    }

    func testThePanelBlanksWhenIdleSleepsAndTheWakingTouchIsSwallowed() throws {
        let touchscreen = FakeTouchscreen(fileDescriptor: 20_000, node: "/dev/input/event5")
        touchscreen.queued = [.deviceAdded(touchscreen.summary)]
        let sink = MemoryByteSink()
        let session = try makeSession(touchscreen: touchscreen, sink: sink)
        let start = kernel.now
        var wakeupsWhenBlanked = 0, framesWhenBlanked = 0, streamWhenBlanked = ""

        // 1. Started and drawn; the only deadline is the blank, 5 s after the start.
        kernel.script.append { [self] in
            XCTAssertEqual(display.framesPresented, 1)
            XCTAssertEqual(kernel.armedDeadline, start.adding(seconds: 5))
            kernel.now = start.adding(seconds: 5)
            return kernel.fireTimer()
        }
        // 2. Powered down at the deadline; nothing is armed: the loop sleeps until input.
        kernel.script.append { [self] in
            XCTAssertEqual(display.blankings, [true])
            XCTAssertTrue(session.isDisplayBlank)
            XCTAssertNil(kernel.armedDeadline, "zero wakeups while blank")
            wakeupsWhenBlanked = session.wakeups
            framesWhenBlanked = display.framesPresented
            streamWhenBlanked = sink.text
            // An hour later, a drag: it wakes the panel and is swallowed whole.
            kernel.now = start.adding(seconds: 3600)
            touchscreen.queued = drag(from: kernel.now)
            return [touchscreen.fileDescriptor]
        }
        kernel.script.append { [self] in
            XCTAssertEqual(session.wakeups, wakeupsWhenBlanked + 1, "the touch is the only wakeup since the panel went dark")
            XCTAssertEqual(display.blankings, [true, false], "powered up")
            XCTAssertFalse(session.isDisplayBlank)
            XCTAssertEqual(display.framesPresented, framesWhenBlanked, "the frame comes back as it was: nothing redrawn")
            XCTAssertEqual(sink.text, streamWhenBlanked, "the waking touch reached nothing: no delegate message")
            XCTAssertEqual(session.state?.contentOffset.y, 0)
            XCTAssertEqual(kernel.armedDeadline, kernel.now.adding(microseconds: 70_000).adding(seconds: 5),
                           "idle counts from the waking touch's lift")
            // 3. The next drag scrolls.
            touchscreen.queued = drag(from: kernel.now.adding(seconds: 1))
            kernel.now = kernel.now.adding(seconds: 1).adding(microseconds: 70_000)
            return [touchscreen.fileDescriptor]
        }
        kernel.script.append { [self] in
            XCTAssertTrue(sink.text.dropFirst(streamWhenBlanked.count).contains("scrollViewWillBeginDragging"))
            XCTAssertGreaterThan(session.state?.contentOffset.y ?? 0, 100)
            XCTAssertGreaterThan(display.framesPresented, framesWhenBlanked)
            kernel.pendingSignals = [SIGTERM]
            return [kernel.signalFD]
        }
        try session.run()
        XCTAssertTrue(kernel.script.isEmpty, "every step ran")
    }

    func testAnAnimationStillRunningPostponesTheBlank() {
        var blanking = DisplayBlanking(idleSeconds: 5, now: .seconds(0))
        XCTAssertEqual(blanking.handle(.tick(now: .seconds(5), atRest: false)), .none)
        XCTAssertEqual(blanking.state, .awake(lastInput: .seconds(5)), "idle counts again: no timer firing in a loop")
        XCTAssertEqual(blanking.handle(.tick(now: .seconds(9), atRest: true)), .none)
        XCTAssertEqual(blanking.handle(.tick(now: .seconds(10), atRest: true)), .powerDown)
        XCTAssertNil(blanking.deadline)
    }

    func testTwoFingersWakeAndBothAreSwallowedUntilTheLastLifts() {
        var blanking = DisplayBlanking(idleSeconds: 1, now: .seconds(0))
        XCTAssertEqual(blanking.handle(.tick(now: .seconds(1), atRest: true)), .powerDown)
        func sample(_ slot: Int, _ phase: TouchPhase) -> TouchSample { TouchSample(slot: TouchSlot(slot), phase: phase, location: Point(x: 1, y: 1)) }
        XCTAssertEqual(blanking.handle(.touches(TouchFrame(time: .seconds(2), samples: [sample(0, .down)]))), .powerUpAndSwallow)
        XCTAssertEqual(blanking.handle(.touches(TouchFrame(time: .seconds(2.1), samples: [sample(0, .move), sample(1, .down)]))), .swallow)
        XCTAssertEqual(blanking.handle(.touches(TouchFrame(time: .seconds(2.2), samples: [sample(0, .up), sample(1, .move)]))), .swallow)
        XCTAssertEqual(blanking.handle(.touches(TouchFrame(time: .seconds(2.3), samples: [sample(1, .cancel)]))), .swallow)
        XCTAssertEqual(blanking.state, .awake(lastInput: .seconds(2.3)))
        XCTAssertEqual(blanking.handle(.touches(TouchFrame(time: .seconds(2.4), samples: [sample(0, .down)]))), .deliver, "the next touch is the user's")
        XCTAssertEqual(blanking.handle(.otherInput(at: .seconds(2.5))), .deliver)
        XCTAssertEqual(blanking.deadline, .seconds(3.5))
    }

    func testAKeyWakesThePanelAndIsSwallowed() {
        var blanking = DisplayBlanking(idleSeconds: 1, now: .seconds(0))
        _ = blanking.handle(.tick(now: .seconds(1), atRest: true))
        XCTAssertEqual(blanking.handle(.otherInput(at: .seconds(7))), .powerUpAndSwallow)
        XCTAssertEqual(blanking.deadline, .seconds(8))
    }
}
