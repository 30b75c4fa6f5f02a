import SystemInterface
import Configuration
import Daemon
import Foundation
import Glibc
import LiveInput
import Logging
import Renderer
import ScrollEngine
import StreamOutput
import XCTest

/// The live session with every part on — stream, display, state, control socket, systemd, SIGHUP —
/// through a scripted kernel: the loop's descriptors, clock and timer are the test's, the control
/// socket and systemd's notify socket are real. Each step of the script is what happens before
/// one `epoll_wait` returns.
final class LiveSessionLifecycleTests: XCTestCase {
    var directory: TemporaryDirectory!
    var kernel: FakeSessionKernel!
    var display: FakeDisplay!
    var systemd: DatagramReceiver!
    var opens = 0
    /// What the session told systemd, drained at every step (a full socket buffer would block it).
    var datagrams: [String] = []
    let screen = PixelSize(width: 320, height: 240)

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("live-session")
        for sub in ["state", "run"] { try FileManager.default.createDirectory(atPath: directory.file(sub), withIntermediateDirectories: true) }
        try RowCodedContent.write(width: 320, height: 1000, to: directory.file("page.png"))
        try RowCodedContent.write(width: 320, height: 1500, to: directory.file("longer.png"))
        systemd = try DatagramReceiver(address: .path(directory.file("notify.sock")))
        kernel = FakeSessionKernel()
        display = FakeDisplay(panelSize: screen)
    }

    override func tearDown() {
        systemd = nil
        directory.remove()
    }

    var configPath: String { directory.file("touchscroll.yaml") }

    func writeConfiguration(content: String) throws {
        try """
        screen: { width: 320, height: 240 }
        display:
          content: \(directory.file(content))
          drm: /dev/dri/card0

        """.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    func makeSession(backends: [any InputBackend], sink: MemoryByteSink) throws -> LiveSession {
        var parts = LiveSession.Parts()
        parts.configurationPath = configPath
        parts.reloadsOnHangUp = true
        parts.display = { DisplaySettings(configuration: $0) }
        parts.openOutput = { [unowned self] settings, _ in
            XCTAssertEqual(settings.targets, [.drm("/dev/dri/card0")])
            if let failure = self.display.failure { throw failure }
            self.opens += 1
            return self.display
        }
        parts.stateDirectory = directory.file("state")
        parts.controlSocket = directory.file("run/control.sock")
        parts.systemd = true
        parts.environment = ["NOTIFY_SOCKET": directory.file("notify.sock")]
        let configuration = try ConfigurationLoader.load(contentsOfFile: configPath)
        return try LiveSession(configuration: configuration, backends: backends, sink: sink, parts: parts,
                               system: kernel.calls, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    // MARK: Script steps

    /// The timer fires at its deadline, again and again until it is disarmed (the content at rest,
    /// the indicators faded): then the next step runs.
    func fireTimersUntilDisarmed(limit: Int = 400) {
        var fired = 0
        func step() -> [Int32]? {
            datagrams += systemd.drain()
            guard let deadline = kernel.armedDeadline else { return nil }
            fired += 1
            if fired > limit {
                XCTFail("the timer is still armed after \(limit) wakeups: \(kernel.timerArmings.suffix(6).map { $0?.microseconds ?? -1 }) now \(kernel.now.microseconds)")
                return nil
            }
            kernel.now = max(kernel.now, deadline)
            kernel.script.insert(step, at: 0)
            return kernel.fireTimer()
        }
        kernel.script.append(step)
    }

    /// Sends `request` on `client` and dispatches the control channel until its reply arrives.
    func control(_ client: @escaping () -> ControlClient, _ request: String, then check: @escaping (String) -> Void = { _ in }) {
        var sent = false, tries = 0
        func step() -> [Int32]? {
            datagrams += systemd.drain()
            if !sent {
                client().send(request + "\n")
                sent = true
            }
            if let reply = client().takeLines().first(where: { $0.contains("\"ok\"") }) {
                check(reply)
                return nil
            }
            tries += 1
            guard tries < 50 else {
                XCTFail("no reply to \(request)")
                return nil
            }
            kernel.script.insert(step, at: 0)
            return [kernel.controlDescriptor!]
        }
        kernel.script.append(step)
    }

    func then(_ body: @escaping () -> [Int32]?) {
        kernel.script.append { [unowned self] in
            datagrams += systemd.drain()
            return body()
        }
    }

    func shownOffset(file: StaticString = #filePath, line: UInt = #line) -> Int? {
        display.lastFrame.map { RowCodedContent.row(in: $0, screenRow: 0, file: file, line: line) }
    }

    // MARK: The lifecycle

    func testEveryPartFromStartToSIGTERM() throws {
        try writeConfiguration(content: "page.png")
        let touchscreen = FakeTouchscreen(fileDescriptor: 20_000, node: "/dev/input/event5")
        let evdevNode = FakeTouchscreen(fileDescriptor: 20_001, node: "/dev/input/event6")
        touchscreen.queued = [.deviceAdded(touchscreen.summary)]
        evdevNode.queued = [.deviceAdded(evdevNode.summary)]
        let sink = MemoryByteSink()
        let session = try makeSession(backends: [touchscreen, evdevNode], sink: sink)
        var client: ControlClient!
        let socket = { client! }

        // The header shows the scroll view the content defines.
        XCTAssertTrue(sink.text.hasPrefix(#"{"message":"header""#))
        XCTAssertTrue(sink.text.contains(#""contentSize":{"width":320,"height":1000}"#), sink.text)

        // 1. Started: the content at rest is on the display, both devices are known, systemd told.
        then { [self] in
            XCTAssertEqual(display.framesPresented, 1)
            XCTAssertEqual(shownOffset(), 0)
            XCTAssertEqual(session.status, "2 touchscreens (Fake Touch, Fake Touch); at rest, offset (0, 0), zoom 1")
            XCTAssertNil(kernel.armedDeadline, "nothing moves, nothing wakes")
            client = try? ControlClient(path: directory.file("run/control.sock"))
            XCTAssertNotNil(client)
            return nil
        }

        // 2. A flick upwards: every animation frame is drawn, until the content and the
        //    indicators are at rest; then the timer is disarmed with the display attached.
        then { [self] in
            let t0 = kernel.now
            var frames: [LiveInputEvent] = [.touches(TouchFrame(time: t0, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 160, y: 200))]))]
            for i in 1...6 {
                frames.append(.touches(TouchFrame(time: t0.adding(microseconds: Int64(i) * 10_000),
                                                  samples: [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: 160, y: 200 - Double(i) * 25))])))
            }
            frames.append(.touches(TouchFrame(time: t0.adding(microseconds: 70_000), samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: Point(x: 160, y: 50))])))
            touchscreen.queued = frames
            kernel.now = t0.adding(microseconds: 70_000)
            return [touchscreen.fileDescriptor]
        }
        var framesAfterFlick = 0
        fireTimersUntilDisarmed()
        then { [self] in
            framesAfterFlick = display.framesPresented
            XCTAssertGreaterThan(framesAfterFlick, 20, "the deceleration is drawn frame by frame")
            let y = session.state!.contentOffset.y
            XCTAssertGreaterThan(y, 150, "the flick moved the content")
            XCTAssertEqual(shownOffset(), -Int((-y).rounded()), "the last frame shows where the content rests")
            return nil
        }

        // 3. Control: an animated setContentOffset is drawn frame by frame and ends where asked.
        control(socket, #"{"id":1,"command":"setContentOffset","offset":{"x":0,"y":500},"animated":true}"#) {
            XCTAssertEqual($0, #"{"id":1,"ok":true}"#)
        }
        fireTimersUntilDisarmed()
        then { [self] in
            XCTAssertGreaterThan(display.framesPresented - framesAfterFlick, 10)
            XCTAssertEqual(shownOffset(), 500)
            XCTAssertTrue(sink.text.contains("scrollViewDidEndScrollingAnimation"))
            return nil
        }

        // 4. flashScrollIndicators shows them (a frame), setContentSize while they show moves
        //    the knob (another frame); then they fade and the timer is disarmed.
        var beforeFlash = 0
        then { [self] in beforeFlash = display.framesPresented; return nil }
        control(socket, #"{"command":"flashScrollIndicators"}"#)
        then { [self] in
            XCTAssertEqual(display.framesPresented, beforeFlash + 1, "the flash is drawn")
            XCTAssertNotNil(kernel.armedDeadline, "the fade is scheduled")
            beforeFlash = display.framesPresented
            return nil
        }
        control(socket, #"{"command":"setContentSize","size":{"width":320,"height":3000}}"#)
        then { [self] in
            XCTAssertEqual(display.framesPresented, beforeFlash + 1, "the knob is redrawn for the new contentSize")
            return nil
        }
        fireTimersUntilDisarmed()

        // 5. Unplug and replug (libinput reports both on its descriptor); a raw evdev node whose
        //    device went away leaves the loop.
        then { [self] in
            touchscreen.queued = [.deviceRemoved(touchscreen.summary, time: kernel.now)]
            return [touchscreen.fileDescriptor]
        }
        then {
            XCTAssertEqual(session.status, "1 touchscreen (Fake Touch); at rest, offset (0, 500), zoom 1")
            touchscreen.queued = [.deviceAdded(touchscreen.summary)]
            return [touchscreen.fileDescriptor]
        }
        then { [self] in
            XCTAssertEqual(session.status, "2 touchscreens (Fake Touch, Fake Touch); at rest, offset (0, 500), zoom 1")
            evdevNode.queued = [.deviceRemoved(evdevNode.summary, time: kernel.now)]
            evdevNode.closesAfterRead = true
            return [evdevNode.fileDescriptor]
        }
        then { [self] in
            XCTAssertEqual(session.status, "1 touchscreen (Fake Touch); at rest, offset (0, 500), zoom 1")
            XCTAssertFalse(kernel.watched.contains(evdevNode.fileDescriptor), "a closed backend leaves the epoll set")
            return nil
        }

        // 6. DRM master lost: the stream and control go on, drawing stops, the display is tried
        //    again every 2 s (no busy loop) and drawing resumes when it is back.
        var framesBeforeLoss = 0, lostAt = Timestamp.zero
        then { [self] in
            framesBeforeLoss = display.framesPresented
            display.failure = RendererError(.notMaster, path: "/dev/dri/card0", "page flip refused", errno: Errno(rawValue: EACCES))
            return nil
        }
        control(socket, #"{"id":2,"command":"setContentOffset","offset":{"x":0,"y":100}}"#) { XCTAssertEqual($0, #"{"id":2,"ok":true}"#) }
        then { [self] in
            XCTAssertTrue(session.isDisplayLost)
            XCTAssertEqual(display.framesPresented, framesBeforeLoss)
            XCTAssertTrue(sink.text.contains(#""contentOffset":{"x":0,"y":100}"#), "the stream goes on")
            lostAt = kernel.now
            XCTAssertEqual(kernel.armedDeadline, lostAt.adding(seconds: 2), "one retry in 2 s")
            kernel.now = lostAt.adding(seconds: 2)
            return kernel.fireTimer()
        }
        then { [self] in
            XCTAssertTrue(session.isDisplayLost, "still taken")
            XCTAssertEqual(kernel.armedDeadline, lostAt.adding(seconds: 4))
            display.failure = nil
            kernel.now = lostAt.adding(seconds: 4)
            return kernel.fireTimer()
        }
        then { [self] in
            XCTAssertFalse(session.isDisplayLost, "back")
            XCTAssertEqual(display.framesPresented, framesBeforeLoss + 1)
            XCTAssertEqual(shownOffset(), 100, "the display shows where the content went meanwhile")
            XCTAssertNil(kernel.armedDeadline)
            return nil
        }

        // 7. SIGHUP with new content: the display is reopened and draws it; a bad file is rejected.
        var opensBeforeReload = 0
        then { [self] in
            opensBeforeReload = opens
            try? writeConfiguration(content: "longer.png")
            kernel.pendingSignals = [SIGHUP]
            return [kernel.signalFD]
        }
        then { [self] in
            XCTAssertEqual(opens, opensBeforeReload + 1, "the display was reopened")
            XCTAssertEqual(session.configuration.scrollView.contentSize.height, 1500)
            XCTAssertEqual(session.state?.contentOffset.y, 100, "the content stays where it was")
            XCTAssertEqual(shownOffset(), 100)
            try? "scrollView: { bounces: maybe }\n".write(toFile: configPath, atomically: true, encoding: .utf8)
            kernel.pendingSignals = [SIGHUP]
            return [kernel.signalFD]
        }
        then { [self] in
            XCTAssertEqual(opens, opensBeforeReload + 1, "a rejected file leaves the display alone")
            XCTAssertEqual(session.configuration.scrollView.contentSize.height, 1500)
            // A reload while another program holds the display: it starts lost and is retried.
            try? writeConfiguration(content: "page.png")
            display.failure = RendererError(.notMaster, path: "/dev/dri/card0", "drmSetMaster refused", errno: Errno(rawValue: EBUSY))
            kernel.pendingSignals = [SIGHUP]
            return [kernel.signalFD]
        }
        then { [self] in
            XCTAssertTrue(session.isDisplayLost)
            XCTAssertEqual(session.configuration.scrollView.contentSize.height, 1000, "the new content is in use")
            display.failure = nil
            kernel.now = kernel.armedDeadline ?? kernel.now
            return kernel.fireTimer()
        }
        then { [self] in
            XCTAssertFalse(session.isDisplayLost)
            XCTAssertEqual(opens, opensBeforeReload + 2)
            XCTAssertEqual(shownOffset(), 100)
            kernel.pendingSignals = [SIGTERM]
            return [kernel.signalFD]
        }

        // 8. SIGTERM: the loop ends, the state is saved, systemd hears STOPPING=1.
        try session.run()
        XCTAssertTrue(kernel.script.isEmpty, "every step ran")
        guard case .loaded(let saved) = StateStore(directory: directory.file("state")).load() else {
            return XCTFail("no state file")
        }
        XCTAssertEqual(saved.scrollViews["scrollView"]?.contentOffset.y, 100)
        datagrams += systemd.drain()
        XCTAssertTrue(datagrams.contains { $0.hasPrefix("READY=1") }, "\(datagrams)")
        XCTAssertTrue(datagrams.contains { $0.hasPrefix("RELOADING=1") }, "\(datagrams)")
        XCTAssertEqual(datagrams.last, "STOPPING=1")
    }

    func testTheHeaderShowsTheRestoredStateAndTheZoomViewsContentSize() throws {
        try """
        screen: { width: 800, height: 480 }
        scrollView:
          contentSize: { width: 800, height: 480 }
          zoomView: map
          minimumZoomScale: 0.5
          maximumZoomScale: 3
        contentViews:
          - { id: map, frame: { x: 0, y: 0, width: 1000, height: 3000 } }

        """.write(toFile: configPath, atomically: true, encoding: .utf8)
        try StateStore(directory: directory.file("state")).save(PreservedState(scrollViews: [
            "scrollView": PreservedScrollViewState(contentOffset: Point(x: 40, y: 300), zoomScale: 2, contentInset: EdgeInsets(top: 20)),
        ]))
        var parts = LiveSession.Parts()
        parts.stateDirectory = directory.file("state")
        let sink = MemoryByteSink()
        _ = try LiveSession(configuration: try ConfigurationLoader.load(contentsOfFile: configPath), backends: [], sink: sink,
                            parts: parts, system: kernel.calls, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let header = try XCTUnwrap(sink.text.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(header.contains(#""contentOffset":{"x":40,"y":300}"#), header)
        XCTAssertTrue(header.contains(#""zoomScale":2,"#), header)
        XCTAssertTrue(header.contains(#""contentInset":{"top":20,"left":0,"bottom":0,"right":0}"#), header)
        XCTAssertTrue(header.contains(#""contentSize":{"width":2000,"height":6000}"#), "the zoom view's size × zoomScale: \(header)")
    }
}
