import SystemInterface
import Logging
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// A single-threaded event loop: one epoll set over registered descriptors, one timerfd armed
/// only when `nextDeadline()` names a time, and (optionally) a signalfd.
///
/// Zero wakeups at rest: `epoll_wait` always waits without a timeout; the only timed wakeup is the
/// timerfd, and it is disarmed whenever `nextDeadline()` returns nil. The daemon adds its own
/// sources (udev monitor, control socket, notify watchdog) with `addSource` / `addTimerSource`.
public final class RunLoop {
    public typealias ReadableHandler = () throws -> Void

    private let system: SystemCalls
    private let logger: Logger
    private let epoll: Int32
    private let timer: Int32
    private var sources: [Int32: (name: String, onReadable: ReadableHandler)] = [:]
    private var signalFD: Int32?
    private var running = false

    /// When the loop must wake next (animation frame, engine timer, watchdog); nil: only on input.
    /// Asked before every wait.
    public var nextDeadline: () -> Timestamp? = { nil }
    /// Called when the timer fires, with the monotonic time of the wakeup.
    public var onDeadline: (_ now: Timestamp) throws -> Void = { _ in }

    /// The deadline the timerfd is armed for, nil while disarmed.
    public private(set) var armedDeadline: Timestamp?
    /// How many times `epoll_wait` returned (for tests and the daemon's status line).
    public private(set) var wakeups = 0
    /// The timeout handed to the last `epoll_wait`, in ms (-1: none).
    public private(set) var lastWaitTimeout: Int32 = -1

    public init(system: SystemCalls = .live, logger: Logger = Logger(label: "touchscroll.runloop")) throws(InputError) {
        self.system = system
        self.logger = logger
        epoll = try system.checked("epoll_create1") { () throws(Errno) in try system.epollCreate() }
        do {
            timer = try system.checked("timerfd_create") { () throws(Errno) in try system.timerCreate() }
            try system.checked("epoll_ctl") { [epoll, timer] () throws(Errno) in try system.epollAdd(epoll, timer) }
        } catch {
            system.close(epoll)
            throw error
        }
    }

    deinit {
        for fd in sources.keys { _ = try? system.epollRemove(epoll, fd) }
        if let signalFD { system.close(signalFD) }
        system.close(timer)
        system.close(epoll)
    }

    /// The monotonic clock the loop and libinput share.
    public var now: Timestamp { system.monotonicTimestamp() }

    /// Calls `onReadable` whenever `fd` is readable. The loop does not own `fd`.
    public func addSource(_ fd: Int32, name: String, onReadable: @escaping ReadableHandler) throws(InputError) {
        try system.checked("epoll_ctl", device: name) { [epoll] () throws(Errno) in try system.epollAdd(epoll, fd) }
        sources[fd] = (name, onReadable)
    }

    public func removeSource(_ fd: Int32) {
        guard sources.removeValue(forKey: fd) != nil else { return }
        _ = try? system.epollRemove(epoll, fd)
    }

    /// Blocks `signals` and delivers them through a signalfd to `handler` (e.g. SIGTERM → stop()).
    public func handleSignals(_ signals: [Int32], handler: @escaping (Int32) throws -> Void) throws(InputError) {
        let fd = try system.checked("signalfd") { () throws(Errno) in try system.signalDescriptor(signals) }
        signalFD = fd
        try addSource(fd, name: "signalfd") { [system] in
            while let signal = try system.readSignal(fd) { try handler(signal) }
        }
    }

    /// Ends `run()` after the current iteration.
    public func stop() { running = false }

    /// Runs until `stop()`.
    public func run() throws {
        running = true
        while running { try runOnce() }
    }

    /// One iteration: arm or disarm the timer for `nextDeadline()`, wait, dispatch what is ready.
    public func runOnce() throws {
        try armTimer(for: nextDeadline())
        lastWaitTimeout = -1
        let ready = try system.checked("epoll_wait") { [epoll] () throws(Errno) in try system.epollWait(epoll, -1) }
        wakeups += 1
        var timerFired = false
        for fd in ready {
            if fd == timer {
                timerFired = true
            } else if let source = sources[fd] {
                try source.onReadable()
            }
        }
        if timerFired {
            drainTimer()
            armedDeadline = nil
            try onDeadline(system.monotonicTimestamp())
        }
    }

    private func armTimer(for deadline: Timestamp?) throws(InputError) {
        guard deadline != armedDeadline else { return }
        try system.checked("timerfd_settime") { [timer] () throws(Errno) in try system.setTimer(timer, deadline) }
        armedDeadline = deadline
    }

    private func drainTimer() {
        var expirations: UInt64 = 0
        _ = try? withUnsafeMutableBytes(of: &expirations) { buffer throws(Errno) in
            try system.read(timer, buffer.baseAddress!, 8)
        }
    }
}
