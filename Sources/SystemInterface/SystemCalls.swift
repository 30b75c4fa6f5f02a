import CSystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Every system call the tree makes — files, sockets, epoll, timers, signals, ioctl and mmap —
/// as replaceable function values: the one system-call layer of live input, the renderer's
/// display outputs, the daemon and the executable.
///
/// Modelled on swift-system's `Internals/Syscalls.swift` + `Mocking.swift`: production code calls
/// `system.open(…)`, never `Glibc.open` directly, so a test swaps one closure to run over fake
/// descriptors and a fake clock, or wraps the whole table in `SystemCallFaults` to make the Nth
/// call of one kind fail with a chosen errno. Each closure throws the raw `Errno`; callers add
/// what they were doing (the call and the path) to their own error values.
///
/// The live calls retry EINTR themselves. Libraries with calls of their own (libinput, libudev,
/// libevdev, libdrm) have small tables of their own beside the code that links them, built on
/// this one for their descriptors.
public struct SystemCalls: Sendable {
    // MARK: Files and descriptors

    /// open(2) with O_CLOEXEC added.
    public var open: @Sendable (_ path: String, _ flags: Int32) throws(Errno) -> Int32
    /// open(2) with O_CREAT: the mode of a file it creates.
    public var create: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) throws(Errno) -> Int32
    /// mkstemp(3): `template` ends in XXXXXX; returns the descriptor and the file's name.
    public var makeTemporaryFile: @Sendable (_ template: String) throws(Errno) -> (descriptor: Int32, path: String)
    /// close(2). `close(_:)` ignores the result; a writer that must know (close can report a
    /// delayed write error) calls this.
    public var closeDescriptor: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// Reads up to `count` bytes into `buffer`; returns the number read (0 at the end).
    public var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) throws(Errno) -> Int
    /// Writes up to `count` bytes from `buffer`; returns the number written.
    public var write: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) throws(Errno) -> Int
    /// fsync(2).
    public var synchronize: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// fchmod(2).
    public var changeMode: @Sendable (_ fd: Int32, _ mode: mode_t) throws(Errno) -> Void
    /// chmod(2).
    public var changePathMode: @Sendable (_ path: String, _ mode: mode_t) throws(Errno) -> Void
    /// fstat(2).
    public var status: @Sendable (_ fd: Int32) throws(Errno) -> stat
    /// lstat(2): the entry itself, not what a symlink points to.
    public var linkStatus: @Sendable (_ path: String) throws(Errno) -> stat
    /// stat(2): what a path names, through symlinks.
    public var pathStatus: @Sendable (_ path: String) throws(Errno) -> stat
    /// mkdir(2).
    public var makeDirectory: @Sendable (_ path: String, _ mode: mode_t) throws(Errno) -> Void
    /// access(2): whether this process may use `path` as `mode` (R_OK, W_OK, X_OK) says.
    public var checkAccess: @Sendable (_ path: String, _ mode: Int32) throws(Errno) -> Void
    /// rename(2).
    public var rename: @Sendable (_ from: String, _ to: String) throws(Errno) -> Void
    /// unlink(2).
    public var unlink: @Sendable (_ path: String) throws(Errno) -> Void
    /// The names in a directory (opendir/readdir), "." and ".." included as readdir gives them.
    public var listDirectory: @Sendable (_ path: String) throws(Errno) -> [String]

    // MARK: Sockets

    /// socket(2); pass SOCK_CLOEXEC (and SOCK_NONBLOCK) in `type`.
    public var socket: @Sendable (_ domain: Int32, _ type: Int32, _ protocol: Int32) throws(Errno) -> Int32
    public var bind: @Sendable (_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws(Errno) -> Void
    public var listen: @Sendable (_ fd: Int32, _ backlog: Int32) throws(Errno) -> Void
    /// accept(2) of a pending connection, made non-blocking and close-on-exec. EAGAIN: none pending.
    public var accept: @Sendable (_ fd: Int32) throws(Errno) -> Int32
    /// send(2) with MSG_NOSIGNAL (a peer gone is EPIPE, not SIGPIPE).
    public var send: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) throws(Errno) -> Int
    /// sendto(2) with MSG_NOSIGNAL: one datagram to `address`.
    public var sendTo: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int,
                                  _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws(Errno) -> Int
    /// recv(2); 0 when the peer closed its side.
    public var receive: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) throws(Errno) -> Int

    // MARK: epoll

    public var epollCreate: @Sendable () throws(Errno) -> Int32
    /// Watches `fd` for reading (EPOLLIN).
    public var epollAdd: @Sendable (_ epoll: Int32, _ fd: Int32) throws(Errno) -> Void
    public var epollRemove: @Sendable (_ epoll: Int32, _ fd: Int32) throws(Errno) -> Void
    /// Waits for readable descriptors; `timeoutMilliseconds` -1 waits forever. Returns the ready fds.
    public var epollWait: @Sendable (_ epoll: Int32, _ timeoutMilliseconds: Int32) throws(Errno) -> [Int32]
    /// Watches `fd` for `events` (EPOLLIN, EPOLLOUT, …): EPOLL_CTL_MOD when `modify`, else ADD.
    public var epollWatch: @Sendable (_ epoll: Int32, _ fd: Int32, _ events: UInt32, _ modify: Bool) throws(Errno) -> Void
    /// The ready descriptors and their event bits (waits up to `timeoutMilliseconds`).
    public var epollReady: @Sendable (_ epoll: Int32, _ timeoutMilliseconds: Int32) throws(Errno) -> [(fd: Int32, events: UInt32)]
    /// poll(2) of one descriptor for reading: true when it is readable within the timeout.
    public var waitReadable: @Sendable (_ fd: Int32, _ timeoutMilliseconds: Int32) throws(Errno) -> Bool

    // MARK: Timers, signals, clock, directory watches

    /// A CLOCK_MONOTONIC timerfd, non-blocking and close-on-exec.
    public var timerCreate: @Sendable () throws(Errno) -> Int32
    /// Arms the timer to fire once at the absolute monotonic time (microseconds), or disarms it (nil).
    public var timerSet: @Sendable (_ timer: Int32, _ deadlineMicroseconds: Int64?) throws(Errno) -> Void
    /// Blocks `signals` for the process and returns a signalfd that reports them.
    public var signalDescriptor: @Sendable (_ signals: [Int32]) throws(Errno) -> Int32
    /// Reads one pending signal number from a signalfd, or nil when none is pending.
    public var readSignal: @Sendable (_ fd: Int32) throws(Errno) -> Int32?
    /// CLOCK_MONOTONIC now in microseconds, the clock libinput and (after `libevdev_set_clock_id`)
    /// libevdev stamp events with.
    public var monotonicNow: @Sendable () -> Int64
    /// Sleeps for `microseconds` (nanosleep, resumed after a signal): real-time pacing only.
    public var sleep: @Sendable (_ microseconds: Int64) -> Void
    /// A non-blocking, close-on-exec inotify descriptor watching `directory` for entries created
    /// or whose attributes changed (IN_CREATE | IN_ATTRIB): a device node appearing, then udev
    /// setting its permissions.
    public var watchDirectory: @Sendable (_ directory: String) throws(Errno) -> Int32

    // MARK: Devices

    /// ioctl(2) whose argument is a pointer.
    public var ioctl: @Sendable (_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno) -> Void
    /// ioctl(2) whose argument is an integer passed by value (FBIOBLANK).
    public var ioctlValue: @Sendable (_ fd: Int32, _ request: UInt, _ value: UInt) throws(Errno) -> Void
    /// mmap(NULL, length, PROT_READ|PROT_WRITE, MAP_SHARED, fd, offset).
    public var mapShared: @Sendable (_ fd: Int32, _ length: Int, _ offset: Int) throws(Errno) -> UnsafeMutableRawPointer
    /// munmap(2).
    public var unmap: @Sendable (_ address: UnsafeMutableRawPointer, _ length: Int) -> Void

    /// A table in which every call fails with ENOSYS and the clock stands at zero: a fake sets
    /// the calls its test needs and leaves the others failing loudly.
    public init() {
        let none = Errno(rawValue: ENOSYS)
        open = { _, _ throws(Errno) in throw none }
        create = { _, _, _ throws(Errno) in throw none }
        makeTemporaryFile = { _ throws(Errno) in throw none }
        closeDescriptor = { _ throws(Errno) in throw none }
        read = { _, _, _ throws(Errno) in throw none }
        write = { _, _, _ throws(Errno) in throw none }
        synchronize = { _ throws(Errno) in throw none }
        changeMode = { _, _ throws(Errno) in throw none }
        changePathMode = { _, _ throws(Errno) in throw none }
        status = { _ throws(Errno) in throw none }
        linkStatus = { _ throws(Errno) in throw none }
        pathStatus = { _ throws(Errno) in throw none }
        makeDirectory = { _, _ throws(Errno) in throw none }
        checkAccess = { _, _ throws(Errno) in throw none }
        rename = { _, _ throws(Errno) in throw none }
        unlink = { _ throws(Errno) in throw none }
        listDirectory = { _ throws(Errno) in throw none }
        socket = { _, _, _ throws(Errno) in throw none }
        bind = { _, _, _ throws(Errno) in throw none }
        listen = { _, _ throws(Errno) in throw none }
        accept = { _ throws(Errno) in throw none }
        send = { _, _, _ throws(Errno) in throw none }
        sendTo = { _, _, _, _, _ throws(Errno) in throw none }
        receive = { _, _, _ throws(Errno) in throw none }
        epollCreate = { () throws(Errno) in throw none }
        epollAdd = { _, _ throws(Errno) in throw none }
        epollRemove = { _, _ throws(Errno) in throw none }
        epollWait = { _, _ throws(Errno) in throw none }
        epollWatch = { _, _, _, _ throws(Errno) in throw none }
        epollReady = { _, _ throws(Errno) in throw none }
        waitReadable = { _, _ throws(Errno) in throw none }
        timerCreate = { () throws(Errno) in throw none }
        timerSet = { _, _ throws(Errno) in throw none }
        signalDescriptor = { _ throws(Errno) in throw none }
        readSignal = { _ throws(Errno) in throw none }
        monotonicNow = { 0 }
        sleep = { _ in }
        watchDirectory = { _ throws(Errno) in throw none }
        ioctl = { _, _, _ throws(Errno) in throw none }
        ioctlValue = { _, _, _ throws(Errno) in throw none }
        mapShared = { _, _, _ throws(Errno) in throw none }
        unmap = { _, _ in }
    }

    /// The calls a run loop over scripted descriptors needs (the other calls fail with ENOSYS
    /// until the fake sets them).
    public init(
        open: @escaping @Sendable (String, Int32) throws(Errno) -> Int32,
        close: @escaping @Sendable (Int32) throws(Errno) -> Void,
        read: @escaping @Sendable (Int32, UnsafeMutableRawPointer, Int) throws(Errno) -> Int,
        epollCreate: @escaping @Sendable () throws(Errno) -> Int32,
        epollAdd: @escaping @Sendable (Int32, Int32) throws(Errno) -> Void,
        epollRemove: @escaping @Sendable (Int32, Int32) throws(Errno) -> Void,
        epollWait: @escaping @Sendable (Int32, Int32) throws(Errno) -> [Int32],
        timerCreate: @escaping @Sendable () throws(Errno) -> Int32,
        timerSet: @escaping @Sendable (Int32, Int64?) throws(Errno) -> Void,
        signalDescriptor: @escaping @Sendable ([Int32]) throws(Errno) -> Int32,
        readSignal: @escaping @Sendable (Int32) throws(Errno) -> Int32?,
        monotonicNow: @escaping @Sendable () -> Int64,
        watchDirectory: @escaping @Sendable (String) throws(Errno) -> Int32 = { _ throws(Errno) in throw Errno.notPermitted }
    ) {
        self.init()
        self.open = open
        self.closeDescriptor = close
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

    /// close(2), its result ignored (a descriptor given up after a failure, a reader's).
    public func close(_ fd: Int32) {
        try? closeDescriptor(fd)
    }
}

/// A C result: -1 means errno tells why.
@inline(__always)
private func check(_ result: Int32) throws(Errno) {
    if result < 0 { throw Errno.current }
}

/// Repeats a call interrupted by a signal (EINTR); other failures are thrown.
@inline(__always)
private func retrying<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let e = Errno.current
        if e != .interrupted { throw e }
    }
}

extension SystemCalls {
    /// The real calls.
    public static let live: SystemCalls = {
        var c = SystemCalls()
        c.open = { path, flags throws(Errno) in try retrying { Glibc.open(path, flags | O_CLOEXEC) } }
        c.create = { path, flags, mode throws(Errno) in try retrying { Glibc.open(path, flags | O_CREAT | O_CLOEXEC, mode) } }
        c.makeTemporaryFile = { template throws(Errno) in
            // mkstemp, not mkostemp: Glibc's module map exposes only the POSIX one; the tool execs
            // nothing, so the descriptor's brief life without O_CLOEXEC leaks nowhere.
            var name = Array(template.utf8CString)
            let fd = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            try check(fd)
            return (fd, String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        c.closeDescriptor = { fd throws(Errno) in try check(Glibc.close(fd)) }
        c.read = { fd, buffer, count throws(Errno) in try retrying { Glibc.read(fd, buffer, count) } }
        c.write = { fd, buffer, count throws(Errno) in try retrying { Glibc.write(fd, buffer, count) } }
        c.synchronize = { fd throws(Errno) in _ = try retrying { fsync(fd) } }
        c.changeMode = { fd, mode throws(Errno) in try check(fchmod(fd, mode)) }
        c.changePathMode = { path, mode throws(Errno) in try check(chmod(path, mode)) }
        c.status = { fd throws(Errno) in
            var s = stat()
            try check(fstat(fd, &s))
            return s
        }
        c.linkStatus = { path throws(Errno) in
            var s = stat()
            try check(lstat(path, &s))
            return s
        }
        c.pathStatus = { path throws(Errno) in
            var s = stat()
            try check(stat(path, &s))
            return s
        }
        c.makeDirectory = { path, mode throws(Errno) in try check(mkdir(path, mode)) }
        c.checkAccess = { path, mode throws(Errno) in try check(access(path, mode)) }
        c.rename = { from, to throws(Errno) in try check(Glibc.rename(from, to)) }
        c.unlink = { path throws(Errno) in try check(Glibc.unlink(path)) }
        c.listDirectory = { path throws(Errno) in
            guard let dir = opendir(path) else { throw Errno.current }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) })
            }
            return names
        }
        c.socket = { domain, type, proto throws(Errno) in try retrying { Glibc.socket(domain, type, proto) } }
        c.bind = { fd, address, length throws(Errno) in try check(Glibc.bind(fd, address, length)) }
        c.listen = { fd, backlog throws(Errno) in try check(Glibc.listen(fd, backlog)) }
        c.accept = { fd throws(Errno) in
            // accept + fcntl rather than accept4: Glibc's module map exposes only the POSIX call.
            let client = try retrying { Glibc.accept(fd, nil, nil) }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            return client
        }
        c.send = { fd, buffer, count throws(Errno) in try retrying { Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL)) } }
        c.sendTo = { fd, buffer, count, address, length throws(Errno) in
            try retrying { Glibc.sendto(fd, buffer, count, Int32(MSG_NOSIGNAL), address, length) }
        }
        c.receive = { fd, buffer, count throws(Errno) in try retrying { Glibc.recv(fd, buffer, count, 0) } }
        c.epollCreate = { () throws(Errno) in try retrying { epoll_create1(Int32(EPOLL_CLOEXEC)) } }
        c.epollAdd = { epoll, fd throws(Errno) in
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = fd
            try check(epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event))
        }
        c.epollRemove = { epoll, fd throws(Errno) in try check(epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)) }
        c.epollWait = { epoll, timeout throws(Errno) in
            var events = [epoll_event](repeating: epoll_event(), count: 16)
            let n = try retrying { epoll_wait(epoll, &events, Int32(events.count), timeout) }
            return events.prefix(Int(n)).map { $0.data.fd }
        }
        c.epollWatch = { epoll, fd, mask, modify throws(Errno) in
            var event = epoll_event()
            event.events = mask
            event.data.fd = fd
            try check(epoll_ctl(epoll, modify ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event))
        }
        c.epollReady = { epoll, timeout throws(Errno) in
            var events = [epoll_event](repeating: epoll_event(), count: 64)
            let n = try retrying { epoll_wait(epoll, &events, Int32(events.count), timeout) }
            return events.prefix(Int(n)).map { (fd: $0.data.fd, events: $0.events) }
        }
        c.waitReadable = { fd, timeout throws(Errno) in
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return try retrying { poll(&p, 1, timeout) } > 0
        }
        c.timerCreate = { () throws(Errno) in try retrying { timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) } }
        c.timerSet = { timer, deadline throws(Errno) in
            var spec = itimerspec()
            if let deadline {
                // A zero it_value disarms a timerfd; a deadline at or before zero means "now".
                let us = max(deadline, 1)
                spec.it_value.tv_sec = Int(us / 1_000_000)
                spec.it_value.tv_nsec = Int(us % 1_000_000) * 1000
            }
            try check(timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil))
        }
        c.signalDescriptor = { signals throws(Errno) in
            var mask = sigset_t()
            sigemptyset(&mask)
            for s in signals { sigaddset(&mask, s) }
            try check(sigprocmask(SIG_BLOCK, &mask, nil))
            let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
            try check(fd)
            return fd
        }
        c.readSignal = { fd throws(Errno) in
            var info = signalfd_siginfo()
            let n = Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
            if n < 0 {
                let e = Errno.current
                if e == .wouldBlock || e == .interrupted { return nil }
                throw e
            }
            return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
        }
        c.monotonicNow = {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        }
        c.sleep = { microseconds in
            var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1_000)
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
        }
        c.watchDirectory = { directory throws(Errno) in
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            try check(fd)
            if inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_ATTRIB)) < 0 {
                let e = Errno.current
                Glibc.close(fd)
                throw e
            }
            return fd
        }
        c.ioctl = { fd, request, argument throws(Errno) in _ = try retrying { ts_system_ioctl(fd, request, argument) } }
        c.ioctlValue = { fd, request, value throws(Errno) in _ = try retrying { ts_system_ioctl_value(fd, request, value) } }
        c.mapShared = { fd, length, offset throws(Errno) in
            let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
            guard let p, p != MAP_FAILED else { throw Errno.current }
            return p
        }
        c.unmap = { address, length in _ = munmap(address, length) }
        return c
    }()
}

extension SystemCalls {
    /// `read` into an array's storage (its count is the most read); returns the number read.
    public func readBytes(_ fd: Int32, into buffer: inout [UInt8]) throws(Errno) -> Int {
        try Self.filling(&buffer) { pointer, count throws(Errno) in try read(fd, pointer, count) }
    }

    /// `receive` into an array's storage; returns the number received (0: the peer closed).
    public func receiveBytes(_ fd: Int32, into buffer: inout [UInt8]) throws(Errno) -> Int {
        try Self.filling(&buffer) { pointer, count throws(Errno) in try receive(fd, pointer, count) }
    }

    /// `write` of `bytes` from `offset` on; returns the number written.
    public func writeBytes(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0) throws(Errno) -> Int {
        try Self.draining(bytes, from: offset) { pointer, count throws(Errno) in try write(fd, pointer, count) }
    }

    /// `send` of `bytes` from `offset` on; returns the number sent.
    public func sendBytes(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0) throws(Errno) -> Int {
        try Self.draining(bytes, from: offset) { pointer, count throws(Errno) in try send(fd, pointer, count) }
    }

    /// Runs `call` on an array's storage (the array's `withUnsafe…` rethrows untyped errors; the
    /// `Result` keeps the `Errno`).
    private static func filling(_ buffer: inout [UInt8],
                                _ call: (UnsafeMutableRawPointer, Int) throws(Errno) -> Int) throws(Errno) -> Int {
        let result: Result<Int, Errno> = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(Errno) in try call(raw.baseAddress!, raw.count) }
        }
        return try result.get()
    }

    private static func draining(_ bytes: [UInt8], from offset: Int,
                                 _ call: (UnsafeRawPointer, Int) throws(Errno) -> Int) throws(Errno) -> Int {
        let result: Result<Int, Errno> = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in try call(raw.baseAddress! + offset, raw.count - offset) }
        }
        return try result.get()
    }
}
