import Daemon
import Foundation
import Glibc
import XCTest

/// `touchscroll daemon` as systemd runs it: a real process with $NOTIFY_SOCKET pointing at a test
/// datagram socket, $WATCHDOG_USEC, $STATE_DIRECTORY and $RUNTIME_DIRECTORY. The host has no input
/// devices, so the content is moved through the control socket; the daemon's libinput seat is real.
final class DaemonProcessTests: XCTestCase {
    var directory: TemporaryDirectory!
    var systemd: DatagramReceiver!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("daemon")
        for sub in ["state", "run", "etc"] {
            try FileManager.default.createDirectory(atPath: directory.file(sub), withIntermediateDirectories: true)
        }
        systemd = try DatagramReceiver(address: .path(directory.file("notify.sock")))
        try writeConfiguration(contentHeight: 4000)
    }

    override func tearDown() {
        systemd = nil
        directory.remove()
    }

    var configPath: String { directory.file("etc/touchscroll.yaml") }

    func writeConfiguration(contentHeight: Int) throws {
        try """
        screen: { width: 800, height: 480 }
        scrollView:
          contentSize: { width: 800, height: \(contentHeight) }

        """.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// `journal` (the default): stderr is "the journal" as systemd marks it, `JOURNAL_STREAM` naming
    /// the stderr file's device and inode, so log lines carry their `<N>` priority prefixes.
    func startDaemon(watchdogMicroseconds: Int? = nil, extraArguments: [String] = [], standardInput: Pipe? = nil,
                     journal: Bool = true) throws -> Process {
        let executable = try XCTUnwrap(BuiltExecutable.path("touchscroll"), "touchscroll is built beside the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["daemon", "--config", configPath, "--touch-only"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = systemd.address.description
        environment["STATE_DIRECTORY"] = directory.file("state")
        environment["RUNTIME_DIRECTORY"] = directory.file("run")
        environment["WATCHDOG_USEC"] = watchdogMicroseconds.map(String.init)
        process.environment = environment
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.file("stdout"), contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.file("stderr"), contents: nil))
        process.standardOutput = FileHandle(forWritingAtPath: directory.file("stdout"))
        process.standardError = FileHandle(forWritingAtPath: directory.file("stderr"))
        if journal {
            var status = stat()
            XCTAssertEqual(stat(directory.file("stderr"), &status), 0)
            environment["JOURNAL_STREAM"] = "\(UInt64(status.st_dev)):\(UInt64(status.st_ino))"
        } else {
            environment["JOURNAL_STREAM"] = nil
        }
        process.environment = environment
        if let standardInput { process.standardInput = standardInput }
        try process.run()
        return process
    }

    var daemonLog: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }
    var daemonOutput: [String] {
        ((try? String(contentsOfFile: directory.file("stdout"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The next datagram, failing the test with the daemon's log when none comes.
    func expectDatagram(file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let datagram = systemd.next(timeout: 10) else {
            XCTFail("no datagram from the daemon; its log:\n\(daemonLog)", file: file, line: line)
            return ""
        }
        return datagram
    }

    /// Datagrams until one starts with `prefix` (STATUS= updates may come in between); returns it.
    func expectDatagram(startingWith prefix: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        for _ in 0..<50 {
            let datagram = expectDatagram(file: file, line: line)
            if datagram.hasPrefix(prefix) || datagram.isEmpty { return datagram }
        }
        XCTFail("no \(prefix) datagram", file: file, line: line)
        return ""
    }

    func stop(_ process: Process, file: StaticString = #filePath, line: UInt = #line) {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, file: file, line: line)
        XCTAssertEqual(process.terminationStatus, 0, "daemon log:\n\(daemonLog)", file: file, line: line)
    }

    func control() throws -> ControlClient {
        try ControlClient(path: directory.file("run/control.sock"))
    }

    /// Sends a request and waits for its reply line.
    func request(_ client: ControlClient, _ line: String) -> String? {
        client.send(line + "\n")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let reply = client.takeLines().first(where: { $0.contains("\"ok\"") }) { return reply }
            usleep(5_000)
        }
        return nil
    }

    func stateOffsetY(_ client: ControlClient) throws -> Double {
        let reply = try XCTUnwrap(request(client, #"{"command":"state"}"#))
        let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
        let state = try XCTUnwrap(object?["state"] as? [String: Any])
        let offset = try XCTUnwrap(state["contentOffset"] as? [String: Double])
        return try XCTUnwrap(offset["y"])
    }

    func savedOffsetY() throws -> Double {
        guard case .loaded(let state) = StateStore(directory: directory.file("state")).load() else {
            XCTFail("no state file")
            return .nan
        }
        return try XCTUnwrap(state.scrollViews["scrollView"]?.contentOffset.y)
    }

    // MARK: - Lifecycle

    func testReadyWatchdogStatusSigtermMidAnimationSavesStateAndRestartRestoresIt() throws {
        // 1. Start: READY=1 with a status line once everything is open.
        let launched = Date()
        let daemon = try startDaemon(watchdogMicroseconds: 400_000)
        let ready = expectDatagram()
        XCTAssertTrue(ready.hasPrefix("READY=1\nSTATUS="), ready)
        XCTAssertTrue(ready.contains("at rest, offset (0, 0), zoom 1"), ready)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.file("run/control.sock")))

        // 2. Watchdog: WATCHDOG=1 keeps coming while idle, from the loop's timer. The exact period (half of
        // WATCHDOG_USEC, counted from the last ping) is pinned without a clock by WatchdogSchedule's tests;
        // here the time is the machine's, so only what a loaded machine cannot bend is checked: six pings
        // arrive, and the sixth cannot have been sent (so read) before six periods of 0.2 s after the launch.
        var pings = 0
        while pings < 6 {
            let datagram = expectDatagram()
            if datagram.isEmpty { break }
            XCTAssertEqual(datagram, "WATCHDOG=1")
            pings += 1
        }
        XCTAssertEqual(pings, 6)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(launched), 1.2, "six pings came faster than every 0.2 s")

        // 3. An animated scroll through the control socket, SIGTERM right after it starts.
        let client = try control()
        XCTAssertEqual(request(client, #"{"id":1,"command":"setContentOffset","offset":{"x":0,"y":3000},"animated":true}"#),
                       #"{"id":1,"ok":true}"#)
        usleep(60_000)
        stop(daemon)
        XCTAssertEqual(systemd.drain().filter { $0 != "WATCHDOG=1" && !$0.hasPrefix("STATUS=") }, ["STOPPING=1"])

        // The saved state is where the content was when the daemon stopped: its last event.
        let saved = try savedOffsetY()
        let lastEvent = try XCTUnwrap(daemonOutput.last(where: { $0.contains("scrollViewDidScroll") }), "\(daemonOutput.suffix(3))")
        let event = try JSONSerialization.jsonObject(with: Data(lastEvent.utf8)) as? [String: Any]
        let eventY = try XCTUnwrap((event?["contentOffset"] as? [String: Double])?["y"])
        XCTAssertEqual(saved, eventY, accuracy: 0.0005, "the stream writes three decimals; last event \(lastEvent)")
        XCTAssertGreaterThan(saved, 0)
        print("SIGTERM after 60 ms of a 0→3000 animation: state saved at y = \(saved)\(saved < 3000 ? " (mid-animation)" : "")")
        XCTAssertTrue(daemonLog.contains("<6>touchscroll: signal 15: stopping"), daemonLog)

        // 4. Restart: the content appears where it was.
        let again = try startDaemon()
        XCTAssertTrue(expectDatagram().contains("offset (0, \(StatusNumber(saved)))"))
        // Two JSON round trips (state file, control reply) may differ in the last digit of a Double.
        XCTAssertEqual(try stateOffsetY(try control()), saved, accuracy: 1e-9)
        stop(again)
        XCTAssertTrue(daemonLog.contains("<6>touchscroll.state: restored state"), daemonLog)
    }

    func testTheStateIsSavedWhenTheContentSettlesSoEvenSIGKILLKeepsIt() throws {
        let daemon = try startDaemon()
        _ = expectDatagram()
        let client = try control()
        XCTAssertEqual(request(client, #"{"command":"setContentOffset","offset":{"x":0,"y":1500},"animated":true}"#), #"{"ok":true}"#)
        var settled = false
        let deadline = Date().addingTimeInterval(5)
        while !settled && Date() < deadline {
            usleep(50_000)
            settled = request(client, #"{"command":"state"}"#)?.contains(#""isAtRest":true"#) ?? false
        }
        XCTAssertTrue(settled, "the animation ended")
        XCTAssertTrue(expectDatagram(startingWith: "STATUS=").hasPrefix("STATUS=no touchscreen; animating"))
        XCTAssertEqual(expectDatagram(startingWith: "STATUS="), "STATUS=no touchscreen; at rest, offset (0, 1500), zoom 1")
        kill(daemon.processIdentifier, SIGKILL)  // no shutdown path at all
        daemon.waitUntilExit()
        XCTAssertEqual(try savedOffsetY(), 1500)
    }

    func testARestoredOffsetIsClampedToSmallerContent() throws {
        try StateStore(directory: directory.file("state")).save(PreservedState(scrollViews: [
            "scrollView": PreservedScrollViewState(contentOffset: .init(x: 0, y: 3500), zoomScale: 1, contentInset: .zero),
        ]))
        try writeConfiguration(contentHeight: 1000)
        let daemon = try startDaemon()
        _ = expectDatagram()
        XCTAssertEqual(try stateOffsetY(try control()), 1000 - 480)
        stop(daemon)
    }

    func testACorruptStateFileStartsFromTheConfigurationWithAWarning() throws {
        try Data("{\"version\":1,\"scrollVi".utf8).write(to: URL(fileURLWithPath: directory.file("state/state.json")))
        let daemon = try startDaemon()
        XCTAssertTrue(expectDatagram().hasPrefix("READY=1"))
        XCTAssertEqual(try stateOffsetY(try control()), 0)
        stop(daemon)
        XCTAssertTrue(daemonLog.contains("<4>touchscroll.state: state file unreadable, starting from the configuration"), daemonLog)
    }

    func testOutsideTheJournalTheSameWarningIsPlainTextWithoutPriorityPrefixes() throws {
        try Data("{\"version\":1,\"scrollVi".utf8).write(to: URL(fileURLWithPath: directory.file("state/state.json")))
        let daemon = try startDaemon(journal: false)
        XCTAssertTrue(expectDatagram().hasPrefix("READY=1"))
        stop(daemon)
        XCTAssertTrue(daemonLog.contains("touchscroll.state: warning: state file unreadable, starting from the configuration"), daemonLog)
        XCTAssertTrue(daemonLog.contains("touchscroll: signal 15: stopping"), daemonLog)
        let prefixed = daemonLog.split(separator: "\n").filter { $0.first == "<" }
        XCTAssertEqual(prefixed, [], "no <N> prefix when stderr is not the journal")
    }

    // MARK: - Reload

    func testSighupWithAGoodConfigurationReloadsAndABadOneIsRejected() throws {
        let daemon = try startDaemon()
        _ = expectDatagram()
        let client = try control()
        XCTAssertEqual(request(client, #"{"command":"setContentOffset","offset":{"x":0,"y":2000}}"#), #"{"ok":true}"#)

        // A good file: RELOADING=1 with the monotonic time, then READY=1; the position is kept,
        // the new content size applies.
        try writeConfiguration(contentHeight: 9000)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let sentAt = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        kill(daemon.processIdentifier, SIGHUP)
        let reloading = expectDatagram(startingWith: "RELOADING=1")
        let monotonic = try XCTUnwrap(Int64(reloading.replacingOccurrences(of: "RELOADING=1\nMONOTONIC_USEC=", with: "")), reloading)
        XCTAssertEqual(Double(monotonic - sentAt), 0, accuracy: 5_000_000, "MONOTONIC_USEC is CLOCK_MONOTONIC")
        XCTAssertTrue(expectDatagram(startingWith: "READY=1").hasPrefix("READY=1\nSTATUS="))
        let afterGood = try XCTUnwrap(request(client, #"{"command":"state"}"#))
        XCTAssertTrue(afterGood.contains(#""contentSize":{"height":9000,"width":800}"#), afterGood)
        XCTAssertTrue(afterGood.contains(#""contentOffset":{"x":0,"y":2000}"#), afterGood)

        // A bad file: logged, the running configuration stays, READY=1 all the same.
        try "scrollView:\n  contentSize: { width: wide }\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        kill(daemon.processIdentifier, SIGHUP)
        XCTAssertTrue(expectDatagram(startingWith: "RELOADING=1").hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        XCTAssertTrue(expectDatagram(startingWith: "READY=1").hasPrefix("READY=1"))
        let afterBad = try XCTUnwrap(request(client, #"{"command":"state"}"#))
        XCTAssertTrue(afterBad.contains(#""contentSize":{"height":9000,"width":800}"#), afterBad)
        stop(daemon)
        XCTAssertTrue(daemonLog.contains("<6>touchscroll: configuration reloaded"), daemonLog)
        XCTAssertTrue(daemonLog.contains("<3>touchscroll: reload rejected, the running configuration stays"), daemonLog)
    }

    // MARK: - Control on standard input

    func testControlStdinAnswersOnStandardOutputBesideTheStream() throws {
        let input = Pipe()
        let daemon = try startDaemon(extraArguments: ["--control-stdin"], standardInput: input)
        _ = expectDatagram()
        input.fileHandleForWriting.write(Data((#"{"id":7,"command":"setContentOffset","offset":{"x":0,"y":100}}"# + "\n" +
                                               #"{"id":8,"command":"bogus"}"# + "\n").utf8))
        var replies: [String] = []
        let deadline = Date().addingTimeInterval(5)
        while replies.count < 2 && Date() < deadline {
            usleep(20_000)
            replies = daemonOutput.filter { $0.contains("\"ok\"") }
        }
        XCTAssertEqual(replies.first, #"{"id":7,"ok":true}"#)
        XCTAssertTrue(replies.last?.hasPrefix(#"{"error":"unknown command \"bogus\""#) ?? false, "\(replies)")
        XCTAssertTrue(daemonOutput.contains { $0.contains("scrollViewDidScroll") })
        try input.fileHandleForWriting.close()  // end of input: the daemon keeps running
        usleep(100_000)
        XCTAssertTrue(daemon.isRunning)
        stop(daemon)
    }
}

/// A number as the status line writes it (one decimal at most).
func StatusNumber(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
}
