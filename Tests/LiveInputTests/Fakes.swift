import SystemInterface
import Logging
import Playback
import ScrollEngine
@testable import LiveInput

/// A scripted kernel behind `SystemCalls`: descriptors are numbers, epoll returns what the test
/// queued, the clock is whatever the test sets, and every timer arming is recorded.
final class FakeKernel: @unchecked Sendable {
    var now = Timestamp(microseconds: 1_000_000)
    var nextFD: Int32 = 10
    var watched: Set<Int32> = []
    /// What each epoll_wait returns, in order; an empty queue makes the wait throw EINTR-like stop.
    var readyQueue: [[Int32]] = []
    var waitTimeouts: [Int32] = []
    var timerArmings: [Timestamp?] = []
    var openFailures: [String: Errno] = [:]
    var opened: [String] = []
    var closed: [Int32] = []
    var pendingSignals: [Int32] = []
    var timerFD: Int32?
    /// Reads of these descriptors fail with this error (EAGAIN: nothing to read).
    var readFailures: [Int32: Errno] = [:]
    /// Directories watched with inotify, by descriptor.
    var watchedDirectories: [Int32: String] = [:]

    var calls: SystemCalls {
        SystemCalls(
            open: { path, _ throws(Errno) in
                if let e = self.openFailures[path] { throw e }
                self.opened.append(path)
                return self.allocate()
            },
            close: { self.closed.append($0) },
            read: { fd, _, count throws(Errno) in
                if let e = self.readFailures[fd] { throw e }
                return count
            },
            epollCreate: { () throws(Errno) in self.allocate() },
            epollAdd: { _, fd throws(Errno) in self.watched.insert(fd) },
            epollRemove: { _, fd throws(Errno) in self.watched.remove(fd) },
            epollWait: { _, timeout throws(Errno) in
                self.waitTimeouts.append(timeout)
                guard !self.readyQueue.isEmpty else { throw Errno.invalidArgument }
                return self.readyQueue.removeFirst()
            },
            timerCreate: { () throws(Errno) in
                let fd = self.allocate()
                self.timerFD = fd
                return fd
            },
            timerSet: { _, deadline throws(Errno) in self.timerArmings.append(deadline.map(Timestamp.init(microseconds:))) },
            signalDescriptor: { _ throws(Errno) in self.allocate() },
            readSignal: { _ throws(Errno) in self.pendingSignals.isEmpty ? nil : self.pendingSignals.removeFirst() },
            monotonicNow: { self.now.microseconds },
            watchDirectory: { directory throws(Errno) in
                let fd = self.allocate()
                self.watchedDirectories[fd] = directory
                return fd
            }
        )
    }

    private func allocate() -> Int32 {
        defer { nextFD += 1 }
        return nextFD
    }
}

/// An engine whose wishes are scripted: after each touch up it animates for `animationLength`,
/// and it logs every call, so two drivers can be compared call by call.
final class ScriptedEngine: ScrollTarget {
    var log: [String] = []
    var animatingUntil: Timestamp?
    var timerDeadline: Timestamp?
    var time: Timestamp
    let animationLength: Int64
    private var events: [DelegateEvent] = []

    init(start: Timestamp, animationLength: Int64 = 100_000) {
        time = start
        self.animationLength = animationLength
        log.append("start \(start.microseconds)")
    }

    func handle(_ frame: TouchFrame) {
        advance(to: frame.time)
        log.append("handle \(frame.time.microseconds) \(frame.samples.map { "\($0.slot.rawValue)\($0.phase)" })")
        if frame.samples.contains(where: { $0.phase == .up }) {
            animatingUntil = frame.time.adding(microseconds: animationLength)
        }
        if frame.samples.contains(where: { $0.phase == .down }) { animatingUntil = nil }
        events.append(DelegateEvent(time: frame.time, message: .didScroll, state: Self.state))
    }

    func advance(to t: Timestamp) {
        guard t > time else { return }
        time = t
        log.append("advance \(t.microseconds)")
        if let until = animatingUntil, t >= until {
            animatingUntil = nil
            events.append(DelegateEvent(time: t, message: .didEndDecelerating, state: Self.state))
        }
        if let deadline = timerDeadline, t >= deadline { timerDeadline = nil }
    }

    static let state = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero)
    var isAnimating: Bool { animatingUntil != nil }
    var nextTimerDeadline: Timestamp? { timerDeadline }
    var isAtRest: Bool { animatingUntil == nil && timerDeadline == nil }
    func drainEvents() -> [DelegateEvent] {
        defer { events = [] }
        return events
    }
    /// The scripted engine has no state machine: no change of phase to report.
    func drainTransitions() -> [PhaseTransition] { [] }
    func handleKey(_ command: ScrollKey, at time: Timestamp) { log.append("key \(command) \(time.microseconds)") }
    func scrollWheel(delta: Point, at time: Timestamp) { log.append("wheel \(delta) \(time.microseconds)") }
}

extension Logger {
    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
}
