import SystemInterface
import Daemon
import Foundation
import Logging
import ScrollEngine
import XCTest

final class SystemdNotifierTests: XCTestCase {
    func testEachMessageArrivesAsTheExactDatagramOnAPathSocket() throws {
        let systemd = try DatagramReceiver.inTemporaryDirectory()
        let notifier = try XCTUnwrap(SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": systemd.address.description]))

        try notifier.send([.ready, .status("1 touchscreen, at rest, offset (0.0, 120.0) zoom 1.0")])
        try notifier.send(.watchdog)
        try notifier.send(.reloading(monotonicMicroseconds: 123_456_789))
        try notifier.send(.stopping)
        try notifier.send(.errno(5))

        XCTAssertEqual(systemd.drain(), [
            "READY=1\nSTATUS=1 touchscreen, at rest, offset (0.0, 120.0) zoom 1.0",
            "WATCHDOG=1",
            "RELOADING=1\nMONOTONIC_USEC=123456789",
            "STOPPING=1",
            "ERRNO=5",
        ])
    }

    func testAnAbstractSocketNamedWithAnAtSignIsReached() throws {
        let name = "touchscroll-test-\(getpid())-\(UUID().uuidString)"
        let systemd = try DatagramReceiver(address: .abstract(name))
        let notifier = try XCTUnwrap(SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": "@" + name]))
        XCTAssertEqual(notifier.address, .abstract(name))

        try notifier.send(.ready)

        XCTAssertEqual(systemd.drain(), ["READY=1"])
    }

    func testAStatusWithNewlinesIsSentAsOneLine() throws {
        let systemd = try DatagramReceiver.inTemporaryDirectory()
        let notifier = try SystemdNotifier(address: systemd.address)
        try notifier.send(.status("two\nlines"))
        XCTAssertEqual(systemd.drain(), ["STATUS=two lines"])
    }

    func testWithoutNotifySocketThereIsNoNotifier() throws {
        XCTAssertNil(try SystemdNotifier.fromEnvironment([:]))
        XCTAssertNil(try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": ""]))
    }

    func testAnUnsupportedNotifySocketIsAnErrorValue() {
        XCTAssertThrowsError(try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": "vsock:2:1234"])) { error in
            let e = error as? SystemCallError
            XCTAssertEqual(e?.operation, "NOTIFY_SOCKET")
            XCTAssertEqual(e?.subject, "vsock:2:1234")
        }
    }

    func testSendingToAMissingSocketIsAnErrorNamingThePath() throws {
        let notifier = try SystemdNotifier(address: .path("/nonexistent/touchscroll/notify.sock"))
        XCTAssertThrowsError(try notifier.send(.ready)) { error in
            let e = error as? SystemCallError
            XCTAssertEqual(e?.operation, "sendto")
            XCTAssertEqual(e?.errno, Errno(rawValue: ENOENT))
            XCTAssertEqual("\(error)", "sendto /nonexistent/touchscroll/notify.sock: No such file or directory")
        }
    }

    func testAPathLongerThanSunPathIsAnError() throws {
        let notifier = try SystemdNotifier(address: .path("/" + String(repeating: "x", count: 200)))
        XCTAssertThrowsError(try notifier.send(.ready)) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, Errno(rawValue: ENAMETOOLONG))
        }
    }
}

final class WatchdogTests: XCTestCase {
    func testTheWatchdogIsEnabledFromTheEnvironmentForThisProcessOnly() throws {
        XCTAssertEqual(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "10000000"], pid: 42),
                       WatchdogSettings(timeoutMicroseconds: 10_000_000))
        XCTAssertEqual(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "42"], pid: 42)?
                           .pingIntervalMicroseconds, 5_000_000)
        XCTAssertNil(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "7"], pid: 42))
        XCTAssertNil(try WatchdogSettings.fromEnvironment([:], pid: 42))
    }

    func testAnUnreadableWatchdogValueIsAnErrorNamingTheVariable() {
        XCTAssertThrowsError(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "soon"], pid: 1)) { error in
            XCTAssertEqual("\(error)", "WATCHDOG_USEC=soon is not a positive whole number")
        }
        XCTAssertThrowsError(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "0"], pid: 1))
        XCTAssertThrowsError(try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "100", "WATCHDOG_PID": "x"], pid: 1))
    }

    func testThePingIsDueEveryHalfTimeoutCountedFromTheLastPing() {
        var schedule = WatchdogSchedule(settings: WatchdogSettings(timeoutMicroseconds: 2_000_000), start: .seconds(10))
        XCTAssertEqual(schedule.nextPing, .seconds(11))
        XCTAssertFalse(schedule.isDue(at: .seconds(10.999999)))
        XCTAssertTrue(schedule.isDue(at: .seconds(11)))
        schedule.pinged(at: .seconds(11.25))  // the loop woke a little late
        XCTAssertEqual(schedule.nextPing, .seconds(12.25))
    }

    /// A run loop waking every 100 ms of injected time for 5 s, with WATCHDOG_USEC=2 s: the test
    /// socket receives WATCHDOG=1 exactly at 1, 2, 3, 4 and 5 s.
    func testTheSupervisorPingsTheSocketAtHalfTheTimeout() throws {
        let systemd = try DatagramReceiver.inTemporaryDirectory()
        let supervisor = ServiceSupervisor(
            notifier: try SystemdNotifier(address: systemd.address),
            watchdog: try WatchdogSettings.fromEnvironment(["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "\(getpid())"], pid: getpid()),
            start: .zero, logger: Logger(label: "test"))

        var pingTimes: [Timestamp] = []
        for tick in 0...50 {
            let now = Timestamp.milliseconds(Double(tick * 100))
            supervisor.serviceWatchdog(now: now)
            pingTimes += systemd.drain().map { XCTAssertEqual($0, "WATCHDOG=1"); return now }
        }

        XCTAssertEqual(pingTimes, [1, 2, 3, 4, 5].map { Timestamp.seconds($0) })
        XCTAssertEqual(supervisor.nextWatchdogDeadline, .seconds(6))
    }

    func testAHungLoopSendsNothing() throws {
        let systemd = try DatagramReceiver.inTemporaryDirectory()
        let supervisor = ServiceSupervisor(
            notifier: try SystemdNotifier(address: systemd.address),
            watchdog: WatchdogSettings(timeoutMicroseconds: 2_000_000), start: .zero, logger: Logger(label: "test"))
        supervisor.serviceWatchdog(now: .seconds(1))
        // the loop is stuck: nobody calls serviceWatchdog again, so nothing more arrives
        XCTAssertEqual(systemd.drain(), ["WATCHDOG=1"])
        XCTAssertNil(systemd.next(timeout: 0.2))
    }

    func testTheSupervisorSendsReadyStatusReloadingAndStopping() throws {
        let systemd = try DatagramReceiver.inTemporaryDirectory()
        let supervisor = ServiceSupervisor(notifier: try SystemdNotifier(address: systemd.address),
                                           watchdog: nil, start: .zero, logger: Logger(label: "test"))
        supervisor.status("starting")  // before READY=1: not sent
        supervisor.ready(status: "1 touchscreen, at rest")
        supervisor.status("1 touchscreen, at rest")  // unchanged: not sent again
        supervisor.status("1 touchscreen, decelerating")
        supervisor.reloading(monotonicNow: .seconds(42))
        supervisor.ready(status: "reloaded")
        supervisor.stopping()
        supervisor.serviceWatchdog(now: .seconds(1000))  // no watchdog configured: nothing
        XCTAssertEqual(systemd.drain(), [
            "READY=1\nSTATUS=1 touchscreen, at rest",
            "STATUS=1 touchscreen, decelerating",
            "RELOADING=1\nMONOTONIC_USEC=42000000",
            "READY=1\nSTATUS=reloaded",
            "STOPPING=1",
        ])
    }

    func testAnUnreachableSystemdIsLoggedNotFatal() throws {
        let sink = InMemoryLogLines()
        let supervisor = ServiceSupervisor(
            notifier: try SystemdNotifier(address: .path("/nonexistent/notify.sock")), watchdog: nil, start: .zero,
            logger: Logger(label: "d") { JournalLogHandler(label: $0, sink: sink) })
        supervisor.stopping()
        XCTAssertEqual(sink.lines.count, 1)
        XCTAssertTrue(sink.lines[0].hasPrefix("<4>d: systemd notification not delivered"), sink.lines[0])
    }
}
