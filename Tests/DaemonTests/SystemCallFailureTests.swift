import SystemInterface
@testable import Daemon
import Configuration
import DisplayTestSupport
import Foundation
import Glibc
import Logging
import Renderer
import ScrollEngine
import StreamOutput
import XCTest

/// The daemon's failure paths, through the one system-call layer with faults injected: the real
/// files and sockets of a temporary directory, with the Nth call of one kind failing as a full
/// disk, a read-only file system or a dead peer would make it fail.
final class SystemCallFailureTests: XCTestCase {
    var directory: TemporaryDirectory!
    var faults: SystemCallFaults!
    var log: InMemoryLogLines!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("syscall-faults")
        faults = SystemCallFaults()
        log = InMemoryLogLines()
    }

    override func tearDown() { directory.remove() }

    func logger(_ label: String) -> Logger {
        Logger(label: label) { [log] in JournalLogHandler(label: $0, sink: log!, logLevel: .debug) }
    }

    /// The log lines, with mkstemp's random six letters written XXXXXX and the directory as DIR.
    var lines: [String] {
        log.lines.map { line in
            line.replacingOccurrences(of: directory.path, with: "DIR")
                .replacingOccurrences(of: #"\.tmp-[A-Za-z0-9]{6}"#, with: ".tmp-XXXXXX", options: .regularExpression)
        }
    }

    // MARK: - The state file

    let saved = PreservedScrollViewState(contentOffset: Point(x: 0, y: 300), zoomScale: 1, contentInset: .zero)

    func state(y: Double) -> ScrollViewState {
        ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1, contentSize: Size(width: 320, height: 4000))
    }

    func stateFileBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory.file("state.json"))) }

    /// Each step of the atomic replace failing once: the old state file is intact, no temporary
    /// file is left, one error line says which call failed on which file, and the next settle
    /// writes the new state.
    func testAFailedStateWriteKeepsTheOldFileLogsAndIsRetriedAtTheNextSettle() throws {
        let cases: [(SystemCallFaults.Call, Int32, String)] = [
            (.makeTemporaryFile, EROFS, "mkstemp DIR/state.json.tmp-XXXXXX: Read-only file system"),
            (.changeMode, EPERM, "fchmod DIR/state.json.tmp-XXXXXX: Operation not permitted"),
            (.write, ENOSPC, "write DIR/state.json.tmp-XXXXXX: No space left on device"),
            (.synchronize, EIO, "fsync DIR/state.json.tmp-XXXXXX: Input/output error"),
            (.close, EIO, "close DIR/state.json.tmp-XXXXXX: Input/output error"),
            (.rename, EROFS, "rename DIR/state.json.tmp-XXXXXX → DIR/state.json: Read-only file system"),
        ]
        for (call, errno, message) in cases {
            try StateStore(directory: directory.path).save(PreservedState(scrollViews: ["scrollView": saved]))
            let before = try stateFileBytes()
            let faults = SystemCallFaults()
            let sink = InMemoryLogLines()
            log = sink
            let store = StateStore(directory: directory.path, system: faults.calls(over: .live))
            let preserver = StatePreserver(store: store, restorationIdentifier: "scrollView", logger: logger("state"))
            faults.fail(call, with: Errno(rawValue: errno))

            preserver.shutdown(state(y: 700), contentInset: .zero)
            XCTAssertEqual(try stateFileBytes(), before, "\(call): the old state is intact")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["state.json"], "\(call): no temporary file left")
            XCTAssertEqual(lines.filter { $0.hasPrefix("<3>") },
                           ["<3>state: could not save state error=\"\(message)\" path=DIR/state.json\n"], "\(call)")

            // The daemon goes on: the next settle writes (the fault was for one call).
            preserver.scrollViewChanged(state(y: 900), contentInset: .zero, isAtRest: true)
            guard case .loaded(let now) = StateStore(directory: directory.path).load() else { return XCTFail("\(call): no state") }
            XCTAssertEqual(now.scrollViews["scrollView"]?.contentOffset.y, 900, "\(call)")
        }
    }

    /// The directory's fsync failing after the rename: the new state is in place (rename is
    /// atomic), but not known durable, so the failure is logged and the next settle writes again.
    func testAFailedDirectorySyncIsLoggedAndTheNewFileIsComplete() throws {
        let store = StateStore(directory: directory.path, system: faults.calls(over: .live))
        let preserver = StatePreserver(store: store, restorationIdentifier: "scrollView", logger: logger("state"))
        faults.fail(.synchronize, occurrence: 2, with: Errno(rawValue: EIO))
        preserver.shutdown(state(y: 700), contentInset: .zero)
        XCTAssertEqual(lines.filter { $0.hasPrefix("<3>") },
                       ["<3>state: could not save state error=\"fsync DIR: Input/output error\" path=DIR/state.json\n"])
        guard case .loaded(let written) = StateStore(directory: directory.path).load() else { return XCTFail("no state") }
        XCTAssertEqual(written.scrollViews["scrollView"]?.contentOffset.y, 700)
    }

    /// A state file that cannot be opened (EACCES) starts from the configuration with a warning.
    func testAStateFileThatCannotBeOpenedMeansDefaultsAndAWarning() throws {
        try StateStore(directory: directory.path).save(PreservedState(scrollViews: ["scrollView": saved]))
        faults.fail(.open, with: .permissionDenied)
        let store = StateStore(directory: directory.path, system: faults.calls(over: .live))
        XCTAssertEqual(store.loadOrDefaults(logger: logger("state")), PreservedState())
        XCTAssertEqual(lines, ["<4>state: state file unreadable, starting from the configuration path=DIR/state.json reason=\"open DIR/state.json: Permission denied\"\n"])
    }

    // MARK: - The control socket

    var loop: PollLoop!
    var view: RecordingScrollView!

    func makeServer() throws -> ControlServer {
        loop = PollLoop()
        view = RecordingScrollView()
        return try ControlServer(socketPath: directory.file("control.sock"), watcher: loop, eventLine: { _ in "" },
                                 logger: logger("control"), system: faults.calls(over: .live))
    }

    func turn(_ server: ControlServer) {
        loop.turn(timeoutMilliseconds: 20) { fd, readiness in server.handle(fd, readiness, scrollView: view, now: .seconds(1)) }
    }

    /// Turns the loop until `client` has a line (at most a second).
    func reply(_ client: ControlClient, _ server: ControlServer) -> [String] {
        for _ in 0..<50 {
            turn(server)
            let lines = client.takeLines()
            if !lines.isEmpty { return lines }
        }
        return []
    }

    /// A server and two connected clients: the first is the one a fault hits, the other goes on.
    func serverWithTwoClients() throws -> (ControlServer, ControlClient, ControlClient) {
        let server = try makeServer()
        let failing = try ControlClient(path: server.socketPath)
        turn(server)
        let other = try ControlClient(path: server.socketPath)
        turn(server)
        XCTAssertEqual(server.clientCount, 2)
        return (server, failing, other)
    }

    /// bind, chmod or listen failing: the server is not made, the error names the call and the
    /// socket, and the socket descriptor is closed again.
    func testASocketThatCannotBeBoundIsAnErrorNamingTheCallAndNothingLeaks() throws {
        for (call, errno, text) in [(SystemCallFaults.Call.bind, EADDRINUSE, "bind DIR/control.sock: Address already in use"),
                                    (.changePathMode, EPERM, "chmod DIR/control.sock: Operation not permitted"),
                                    (.listen, ENOBUFS, "listen DIR/control.sock: No buffer space available")] {
            faults = SystemCallFaults()
            faults.fail(call, with: Errno(rawValue: errno))
            XCTAssertThrowsError(try makeServer()) { error in
                XCTAssertEqual("\(error)".replacingOccurrences(of: directory.path, with: "DIR"), text)
            }
            XCTAssertEqual(faults.count(.socket), 1)
            XCTAssertEqual(faults.count(.close), 1, "\(call): the socket is closed again")
            try? FileManager.default.removeItem(atPath: directory.file("control.sock"))
        }
    }

    /// accept failing (EMFILE: out of descriptors) is logged; the waiting client is accepted at the
    /// next readiness and answered.
    func testAFailedAcceptIsLoggedAndTheNextOneSucceeds() throws {
        let server = try makeServer()
        defer { server.shutdown() }
        faults.fail(.accept, with: Errno(rawValue: EMFILE))
        let client = try ControlClient(path: server.socketPath)
        turn(server)
        XCTAssertEqual(server.clientCount, 0)
        XCTAssertEqual(lines, ["<4>control: control socket accept failed error=\"accept DIR/control.sock: Too many open files\"\n"])
        turn(server)
        XCTAssertEqual(server.clientCount, 1)
        client.send(#"{"id":1,"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(reply(client, server), [#"{"id":1,"ok":true}"#])
    }

    /// A client whose read fails (ECONNRESET) is disconnected; another client goes on.
    func testAClientWhoseReadFailsIsClosedAndTheOthersGoOn() throws {
        let (server, failing, other) = try serverWithTwoClients()
        defer { server.shutdown() }
        faults.fail(.receive, with: Errno(rawValue: ECONNRESET))
        failing.send(#"{"command":"flashScrollIndicators"}"# + "\n")
        turn(server)
        XCTAssertEqual(server.clientCount, 1)
        other.send(#"{"id":2,"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(reply(other, server), [#"{"id":2,"ok":true}"#])
        XCTAssertTrue(lines.contains("<7>control: control client closed\n"), "\(lines)")
    }

    /// A reply that cannot be written (EPIPE: the peer went away) closes that connection only.
    func testAReplyThatCannotBeWrittenClosesThatConnectionOnly() throws {
        let (server, failing, other) = try serverWithTwoClients()
        defer { server.shutdown() }
        faults.fail(.send, with: Errno(rawValue: EPIPE))
        failing.send(#"{"id":1,"command":"flashScrollIndicators"}"# + "\n")
        turn(server)
        XCTAssertEqual(server.clientCount, 1)
        XCTAssertEqual(failing.takeLines(), [])
        other.send(#"{"id":2,"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(reply(other, server), [#"{"id":2,"ok":true}"#])
    }

    /// Standard input failing (EIO) ends control input with a warning; the daemon keeps running.
    func testStandardInputThatFailsEndsControlInputWithAWarning() throws {
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        let loop = PollLoop()
        var replies: [String] = []
        let input = try ControlStandardInput(descriptor: pipeEnds[0], watcher: loop, logger: logger("control"),
                                             system: faults.calls(over: .live)) { replies.append($0) }
        faults.fail(.read, with: Errno(rawValue: EIO))
        _ = "{\"command\":\"flashScrollIndicators\"}\n".withCString { write(pipeEnds[1], $0, strlen($0)) }
        input.handleReadable(scrollView: RecordingScrollView(), now: .seconds(1))
        XCTAssertTrue(input.isAtEnd)
        XCTAssertEqual(replies, [])
        XCTAssertEqual(lines, ["<4>control: control input failed error=\"read stdin: Input/output error\"\n",
                               "<6>control: control input ended; the daemon keeps running\n"])
        XCTAssertNil(loop.watched[pipeEnds[0]], "no longer watched")
    }

    /// The live session with a control socket that cannot be bound: one error line, and the loop
    /// runs on without the socket until SIGTERM stops it as usual.
    func testASessionWhoseControlSocketCannotBeBoundRunsWithoutIt() throws {
        let kernel = FakeSessionKernel()
        faults.fail(.bind, with: Errno(rawValue: EADDRINUSE))
        var parts = LiveSession.Parts()
        parts.controlSocket = directory.file("control.sock")
        let session = try LiveSession(configuration: try ConfigurationLoader.load(yaml: "screen: { width: 320, height: 240 }\n"),
                                      backends: [], sink: MemoryByteSink(), parts: parts,
                                      system: faults.calls(over: kernel.calls), logger: logger("session"))
        kernel.script = [{
            XCTAssertEqual(self.lines.filter { $0.hasPrefix("<3>") },
                           ["<3>session: control socket unavailable, running without it error=\"bind DIR/control.sock: Address already in use\"\n"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: self.directory.file("control.sock")), "no socket file left")
            kernel.pendingSignals = [SIGTERM]
            return [kernel.signalFD]
        }]
        try session.run()
        XCTAssertEqual(session.stopSignal, SIGTERM)
        XCTAssertTrue(kernel.script.isEmpty, "the loop ran its script")
    }

    // MARK: - DRM master lost, through the DRM output's injected calls

    /// Another program takes DRM master: the refused page flip is one clear error line, the
    /// display is closed and retried every 2 s (a retry while the other still holds the card stays
    /// quiet), and once the card is free the current position is drawn again.
    func testDRMMasterLostIsOneClearLineAndDrawingResumesWhenTheCardIsFree() throws {
        try RowCodedContent.write(width: 64, height: 400, to: directory.file("page.png"))
        let configuration = try ConfigurationLoader.load(yaml: """
            screen: { width: 64, height: 48 }
            display:
              content: \(directory.file("page.png"))
              drm: /dev/dri/card0
            """)
        let card = FakeCard(width: 64, height: 48)
        let quiet = Logger(label: "drm") { _ in SwiftLogNoOpLogHandler() }
        let settings = DisplaySettings(configuration: configuration)
        let content = try settings.loadContent()
        let renderer = settings.rendererConfiguration(scrollView: configuration.scrollView, content: content)
        let screen = try ScrollViewTree(screenSize: Size(width: 64, height: 48), views: [
            .init(id: "main", frame: Rect(x: 0, y: 0, width: 64, height: 48), configuration: renderer.scrollView),
        ], startTime: .seconds(10))
        let scrollView = screen.primaryView
        let display = try SessionDisplay(settings: settings, picture: .one(content: content, configuration: renderer), screen: screen,
                                         now: .seconds(10), frameRate: 60,
                                         openOutput: { _, _ in try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet) },
                                         logger: logger("display"))
        display.draw(at: .seconds(10))
        XCTAssertEqual(card.crtcSets.count, 1, "the first frame sets the CRTC")

        // A scroll while another program holds the card: the page flip is refused (EACCES).
        card.takeMaster(with: .permissionDenied)
        scrollView.setContentOffset(Point(x: 0, y: 100), animated: false, at: .seconds(11))
        display.show(screen.drainEvents(), screen: screen, at: .seconds(11))
        XCTAssertTrue(display.isLost)
        XCTAssertEqual(lines, ["<3>display: display lost: another program took the display (DRM master); the stream and the control channel go on, retrying every 2 s display=/dev/dri/card0 error=\"/dev/dri/card0: notMaster: drmModePageFlip refused: another process is DRM master of this card (stop the display server or switch to a free VT), or this process lacks the rights to become master\"\n"])
        XCTAssertEqual(card.closed, [7], "the card is released for the other program")
        XCTAssertEqual(display.nextDeadline, .seconds(13))

        // The retry while the other program still holds it: drmSetMaster EBUSY, quiet, 2 s later again.
        display.deadlinePassed(now: .seconds(13), screen: screen)
        XCTAssertTrue(display.isLost)
        XCTAssertEqual(display.nextDeadline, .seconds(15))
        XCTAssertEqual(lines.filter { !$0.hasPrefix("<7>") }.count, 1, "no new line above debug: \(lines)")

        // The other program exits: the next retry opens the card and draws where the content is.
        card.giveMasterBack()
        display.deadlinePassed(now: .seconds(15), screen: screen)
        XCTAssertFalse(display.isLost)
        XCTAssertEqual(lines.last, "<5>display: display back: drawing again display=/dev/dri/card0\n")
        XCTAssertEqual(card.crtcSets.count, 2, "the reopened card shows a frame")
        XCTAssertNil(display.nextDeadline, "nothing more to retry")
    }
}
