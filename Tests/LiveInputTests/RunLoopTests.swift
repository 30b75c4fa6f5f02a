import SystemInterface
import Glibc
import ScrollEngine
import XCTest
@testable import LiveInput

/// The run loop over a fake kernel: which descriptors are ready is scripted, time is set by hand.
final class RunLoopTests: XCTestCase {
    func testAtRestTheTimerIsNeverArmedAndEpollWaitsWithoutTimeout() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        var reads = 0
        try loop.addSource(50, name: "input") { reads += 1 }
        loop.nextDeadline = { nil }
        kernel.readyQueue = [[50], [50]]
        try loop.runOnce()
        try loop.runOnce()
        XCTAssertEqual(reads, 2)
        XCTAssertEqual(kernel.waitTimeouts, [-1, -1])
        XCTAssertEqual(kernel.timerArmings, [], "a loop at rest never touches the timer")
        XCTAssertNil(loop.armedDeadline)
        XCTAssertEqual(loop.wakeups, 2)
    }

    func testTheTimerIsArmedWhileSomethingMovesAndDisarmedAfter() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        var deadline: Timestamp? = .seconds(2)
        var fired: [Timestamp] = []
        loop.nextDeadline = { deadline }
        loop.onDeadline = { now in
            fired.append(now)
            deadline = nil
        }
        kernel.now = .seconds(2.001)
        kernel.readyQueue = [[kernel.timerFD!]]
        try loop.runOnce()
        XCTAssertEqual(fired, [.seconds(2.001)])
        XCTAssertEqual(kernel.timerArmings, [.seconds(2)])
        XCTAssertThrowsError(try loop.runOnce())  // the fake's empty queue ends the script
        XCTAssertEqual(kernel.timerArmings, [.seconds(2)], "a fired one-shot timer is disarmed already")
        XCTAssertNil(loop.armedDeadline)
    }

    func testAnUnchangedDeadlineIsNotRearmed() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        try loop.addSource(50, name: "input") {}
        loop.nextDeadline = { .seconds(3) }
        kernel.readyQueue = [[50], [50]]
        try loop.runOnce()
        try loop.runOnce()
        XCTAssertEqual(kernel.timerArmings, [.seconds(3)])
    }

    func testAMovedDeadlineRearmsAndAVanishedOneDisarms() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        try loop.addSource(50, name: "input") {}
        var deadline: Timestamp? = .seconds(3)
        loop.nextDeadline = { deadline }
        kernel.readyQueue = [[50], [50], [50]]
        try loop.runOnce()
        deadline = .seconds(2)
        try loop.runOnce()
        deadline = nil
        try loop.runOnce()
        XCTAssertEqual(kernel.timerArmings, [.seconds(3), .seconds(2), nil])
    }

    func testSIGTERMThroughTheSignalfdStopsTheLoop() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        var received: [Int32] = []
        try loop.handleSignals([SIGINT, SIGTERM]) { signal in
            received.append(signal)
            loop.stop()
        }
        let signalFD = kernel.nextFD - 1
        kernel.pendingSignals = [SIGTERM]
        kernel.readyQueue = [[signalFD]]
        try loop.run()
        XCTAssertEqual(received, [SIGTERM])
        XCTAssertEqual(loop.wakeups, 1)
    }

    func testAFailingSourceSurfacesItsError() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        try loop.addSource(50, name: "input") {
            throw InputError(call: "libevdev_next_event", errno: .noSuchDevice, device: "/dev/input/event5")
        }
        kernel.readyQueue = [[50]]
        XCTAssertThrowsError(try loop.runOnce()) { error in
            XCTAssertEqual((error as? InputError)?.kind, .deviceRemoved)
        }
    }

    func testRemovedSourcesAreNoLongerWatched() throws {
        let kernel = FakeKernel()
        let loop = try RunLoop(system: kernel.calls, logger: .quiet)
        try loop.addSource(50, name: "input") {}
        XCTAssertTrue(kernel.watched.contains(50))
        loop.removeSource(50)
        XCTAssertFalse(kernel.watched.contains(50))
    }

    func testEpollCreateFailureIsAnInputError() {
        let kernel = FakeKernel()
        var calls = kernel.calls
        calls.epollCreate = { () throws(Errno) in throw Errno(rawValue: EMFILE) }
        XCTAssertThrowsError(try RunLoop(system: calls, logger: .quiet)) { error in
            XCTAssertEqual((error as? InputError)?.call, "epoll_create1")
        }
    }
}
