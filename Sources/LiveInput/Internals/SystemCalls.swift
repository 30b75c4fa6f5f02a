import SystemInterface
import CInputShim
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// Every POSIX call the live-input code makes, as replaceable function values.
///
/// Modelled on swift-system's `Internals/Syscalls.swift` + `Mocking.swift`: production code calls
/// `system.open(…)`, never `Glibc.open` directly, so a test swaps one closure to inject EACCES,
/// ENODEV or EAGAIN, or to run the loop over fake descriptors and a fake clock. Each closure throws
/// the raw `Errno`; the `checked…` helpers add the call name and device for `InputError`.
public struct SystemCalls: Sendable {
    public var open: @Sendable (_ path: String, _ flags: Int32) throws(Errno) -> Int32
    public var close: @Sendable (_ fd: Int32) -> Void
    /// Reads up to `count` bytes into `buffer`; returns the number read.
    public var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) throws(Errno) -> Int
    public var epollCreate: @Sendable () throws(Errno) -> Int32
    public var epollAdd: @Sendable (_ epoll: Int32, _ fd: Int32) throws(Errno) -> Void
    public var epollRemove: @Sendable (_ epoll: Int32, _ fd: Int32) throws(Errno) -> Void
    /// Waits for readable descriptors; `timeoutMilliseconds` -1 waits forever. Returns the ready fds.
    public var epollWait: @Sendable (_ epoll: Int32, _ timeoutMilliseconds: Int32) throws(Errno) -> [Int32]
    /// A CLOCK_MONOTONIC timerfd, non-blocking and close-on-exec.
    public var timerCreate: @Sendable () throws(Errno) -> Int32
    /// Arms the timer to fire once at the absolute monotonic time, or disarms it (nil).
    public var timerSet: @Sendable (_ timer: Int32, _ deadline: Timestamp?) throws(Errno) -> Void
    /// Blocks `signals` for the process and returns a signalfd that reports them.
    public var signalDescriptor: @Sendable (_ signals: [Int32]) throws(Errno) -> Int32
    /// Reads one pending signal number from a signalfd, or nil when none is pending.
    public var readSignal: @Sendable (_ fd: Int32) throws(Errno) -> Int32?
    /// CLOCK_MONOTONIC now, the clock libinput and (after `libevdev_set_clock_id`) libevdev stamp events with.
    public var monotonicNow: @Sendable () -> Timestamp
    /// A non-blocking, close-on-exec inotify descriptor watching `directory` for entries created
    /// or whose attributes changed (IN_CREATE | IN_ATTRIB): a device node appearing, then udev
    /// setting its permissions.
    public var watchDirectory: @Sendable (_ directory: String) throws(Errno) -> Int32

    public init(
        open: @escaping @Sendable (String, Int32) throws(Errno) -> Int32,
        close: @escaping @Sendable (Int32) -> Void,
        read: @escaping @Sendable (Int32, UnsafeMutableRawPointer, Int) throws(Errno) -> Int,
        epollCreate: @escaping @Sendable () throws(Errno) -> Int32,
        epollAdd: @escaping @Sendable (Int32, Int32) throws(Errno) -> Void,
        epollRemove: @escaping @Sendable (Int32, Int32) throws(Errno) -> Void,
        epollWait: @escaping @Sendable (Int32, Int32) throws(Errno) -> [Int32],
        timerCreate: @escaping @Sendable () throws(Errno) -> Int32,
        timerSet: @escaping @Sendable (Int32, Timestamp?) throws(Errno) -> Void,
        signalDescriptor: @escaping @Sendable ([Int32]) throws(Errno) -> Int32,
        readSignal: @escaping @Sendable (Int32) throws(Errno) -> Int32?,
        monotonicNow: @escaping @Sendable () -> Timestamp,
        watchDirectory: @escaping @Sendable (String) throws(Errno) -> Int32 = { _ throws(Errno) in throw Errno.notPermitted }
    ) {
        self.open = open
        self.close = close
        self.read = read
        self.epollCreate = epollCreate
        self.epollAdd = epollAdd
        self.epollRemove = epollRemove
        self.epollWait = epollWait
        self.timerCreate = timerCreate
        self.timerSet = timerSet
        self.signalDescriptor = signalDescriptor
        self.readSignal = readSignal
        self.monotonicNow = monotonicNow
        self.watchDirectory = watchDirectory
    }
}

extension SystemCalls {
    /// Opens a device node, naming the node (and for EACCES the `input` group) in the error.
    public func checkedOpen(_ path: String, flags: Int32) throws(InputError) -> Int32 {
        do {
            return try open(path, flags)
        } catch {
            throw InputError(call: "open", errno: error, device: path)
        }
    }

    /// Runs `body`, turning its `Errno` into an `InputError` naming `call` and `device`.
    public func checked<T>(_ call: String, device: String? = nil, _ body: () throws(Errno) -> T) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            throw InputError(call: call, errno: error, device: device)
        }
    }
}

extension SystemCalls {
    /// The real calls.
    public static let live = SystemCalls(
        open: { path, flags throws(Errno) in
            let fd = Glibc.open(path, flags | O_CLOEXEC)
            if fd < 0 { throw Errno.current }
            return fd
        },
        close: { fd in _ = Glibc.close(fd) },
        read: { fd, buffer, count throws(Errno) in
            while true {
                let n = Glibc.read(fd, buffer, count)
                if n >= 0 { return n }
                let e = Errno.current
                if e != .interrupted { throw e }
            }
        },
        epollCreate: { () throws(Errno) in
            let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
            if fd < 0 { throw Errno.current }
            return fd
        },
        epollAdd: { epoll, fd throws(Errno) in
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = fd
            if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0 { throw Errno.current }
        },
        epollRemove: { epoll, fd throws(Errno) in
            if epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) != 0 { throw Errno.current }
        },
        epollWait: { epoll, timeout throws(Errno) in
            var events = [epoll_event](repeating: epoll_event(), count: 16)
            while true {
                let n = epoll_wait(epoll, &events, Int32(events.count), timeout)
                if n >= 0 { return events.prefix(Int(n)).map { $0.data.fd } }
                let e = Errno.current
                if e != .interrupted { throw e }
            }
        },
        timerCreate: { () throws(Errno) in
            let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
            if fd < 0 { throw Errno.current }
            return fd
        },
        timerSet: { timer, deadline throws(Errno) in
            var spec = itimerspec()
            if let deadline {
                // A zero it_value disarms a timerfd; a deadline at or before zero means "now".
                let us = max(deadline.microseconds, 1)
                spec.it_value.tv_sec = Int(us / 1_000_000)
                spec.it_value.tv_nsec = Int(us % 1_000_000) * 1000
            }
            if timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil) != 0 { throw Errno.current }
        },
        signalDescriptor: { signals throws(Errno) in
            var mask = sigset_t()
            sigemptyset(&mask)
            for s in signals { sigaddset(&mask, s) }
            if sigprocmask(SIG_BLOCK, &mask, nil) != 0 { throw Errno.current }
            let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
            if fd < 0 { throw Errno.current }
            return fd
        },
        readSignal: { fd throws(Errno) in
            var info = signalfd_siginfo()
            let n = Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
            if n < 0 {
                let e = Errno.current
                if e == .wouldBlock || e == .interrupted { return nil }
                throw e
            }
            return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
        },
        monotonicNow: {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Timestamp(microseconds: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)
        },
        watchDirectory: { directory throws(Errno) in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if fd < 0 { throw Errno.current }
            if inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_ATTRIB)) < 0 {
                let e = Errno.current
                Glibc.close(fd)
                throw e
            }
            return fd
        }
    )
}
