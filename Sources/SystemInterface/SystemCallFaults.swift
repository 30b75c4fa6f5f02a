#if canImport(Glibc)
import Glibc
#endif

/// Fault injection for `SystemCalls`: wraps a table (the live one over real files and sockets, or a
/// fake kernel) so that the Nth call of one kind fails with a chosen errno, as a full disk, a
/// revoked permission or a vanished device would make it fail. Every call is counted by kind, so a
/// test can also assert what was (not) called.
///
///     let faults = SystemCallFaults()
///     faults.fail(.rename, with: Errno(rawValue: EROFS))        // the first rename
///     faults.fail(.write, occurrence: 2, with: Errno(rawValue: ENOSPC))
///     let store = StateStore(directory: dir, system: faults.calls(over: .live))
///
/// The test double of the one system-call layer; it lives beside it so that every module's tests
/// (live input, renderer, daemon) use the same one.
public final class SystemCallFaults: @unchecked Sendable {
    /// The kinds of call, one per `SystemCalls` entry.
    public enum Call: String, Hashable, Sendable, CaseIterable {
        case open, create, makeTemporaryFile, close, read, write, synchronize, changeMode, changePathMode
        case status, linkStatus, pathStatus, makeDirectory, checkAccess, rename, unlink, listDirectory
        case socket, bind, listen, accept, send, sendTo, receive
        case epollCreate, epollAdd, epollRemove, epollWait, epollWatch, epollReady, waitReadable
        case timerCreate, timerSet, signalDescriptor, readSignal, watchDirectory
        case ioctl, ioctlValue, mapShared
    }

    private struct Fault {
        var call: Call
        /// The 1-based occurrence that fails; nil: every call from `from` on.
        var occurrence: Int?
        var from: Int
        var errno: Errno
        /// For `ioctl` / `ioctlValue`: only calls with this request number.
        var request: UInt?
    }

    private var faults: [Fault] = []
    private var counts: [Call: Int] = [:]
    private var requestCounts: [UInt: Int] = [:]
    /// Every injected failure, in order: "rename: Read-only file system".
    public private(set) var injected: [String] = []

    public init() {}

    /// The `occurrence`th call (1 = the next one) of `call` fails with `errno`.
    public func fail(_ call: Call, occurrence: Int = 1, with errno: Errno) {
        faults.append(Fault(call: call, occurrence: counts[call, default: 0] + occurrence, from: 0, errno: errno))
    }

    /// Every call of `call` from now on fails with `errno`, until `clear(_:)`.
    public func failAlways(_ call: Call, with errno: Errno) {
        faults.append(Fault(call: call, occurrence: nil, from: counts[call, default: 0] + 1, errno: errno))
    }

    /// The `occurrence`th ioctl (pointer or value argument) with request number `request` fails.
    public func failIoctl(_ request: UInt, occurrence: Int = 1, with errno: Errno) {
        faults.append(Fault(call: .ioctl, occurrence: requestCounts[request, default: 0] + occurrence, from: 0, errno: errno, request: request))
    }

    /// Removes the faults planned for `call`: its calls succeed again (a device back, space freed).
    public func clear(_ call: Call) {
        faults.removeAll { $0.call == call }
    }

    /// How many calls of `call` were made (failed ones included).
    public func count(_ call: Call) -> Int { counts[call, default: 0] }

    /// Counts the call and throws when a fault is planned for it.
    public func check(_ call: Call, request: UInt? = nil) throws(Errno) {
        let n = counts[call, default: 0] + 1
        counts[call] = n
        var requestCount = 0
        if let request {
            requestCount = requestCounts[request, default: 0] + 1
            requestCounts[request] = requestCount
        }
        for fault in faults {
            if let wanted = fault.request {
                guard wanted == request, fault.call == .ioctl, call == .ioctl || call == .ioctlValue else { continue }
                if fault.occurrence == requestCount { return try raise(fault, call) }
                continue
            }
            guard fault.call == call else { continue }
            if let occurrence = fault.occurrence {
                if occurrence == n { return try raise(fault, call) }
            } else if n >= fault.from {
                return try raise(fault, call)
            }
        }
    }

    private func raise(_ fault: Fault, _ call: Call) throws(Errno) {
        injected.append("\(call.rawValue): \(fault.errno)")
        throw fault.errno
    }

    /// `base` with every call counted and failing as planned; calls that are not failed run `base`'s.
    public func calls(over base: SystemCalls) -> SystemCalls {
        var c = base
        c.open = { path, flags throws(Errno) in try self.check(.open); return try base.open(path, flags) }
        c.create = { path, flags, mode throws(Errno) in try self.check(.create); return try base.create(path, flags, mode) }
        c.makeTemporaryFile = { template throws(Errno) in try self.check(.makeTemporaryFile); return try base.makeTemporaryFile(template) }
        c.closeDescriptor = { fd throws(Errno) in
            do throws(Errno) {
                try self.check(.close)
            } catch {
                // close(2) releases the descriptor even when it reports an error (Linux).
                try? base.closeDescriptor(fd)
                throw error
            }
            try base.closeDescriptor(fd)
        }
        c.read = { fd, buffer, count throws(Errno) in try self.check(.read); return try base.read(fd, buffer, count) }
        c.write = { fd, buffer, count throws(Errno) in try self.check(.write); return try base.write(fd, buffer, count) }
        c.synchronize = { fd throws(Errno) in try self.check(.synchronize); try base.synchronize(fd) }
        c.changeMode = { fd, mode throws(Errno) in try self.check(.changeMode); try base.changeMode(fd, mode) }
        c.changePathMode = { path, mode throws(Errno) in try self.check(.changePathMode); try base.changePathMode(path, mode) }
        c.status = { fd throws(Errno) in try self.check(.status); return try base.status(fd) }
        c.linkStatus = { path throws(Errno) in try self.check(.linkStatus); return try base.linkStatus(path) }
        c.pathStatus = { path throws(Errno) in try self.check(.pathStatus); return try base.pathStatus(path) }
        c.makeDirectory = { path, mode throws(Errno) in try self.check(.makeDirectory); try base.makeDirectory(path, mode) }
        c.checkAccess = { path, mode throws(Errno) in try self.check(.checkAccess); try base.checkAccess(path, mode) }
        c.rename = { from, to throws(Errno) in try self.check(.rename); try base.rename(from, to) }
        c.unlink = { path throws(Errno) in try self.check(.unlink); try base.unlink(path) }
        c.listDirectory = { path throws(Errno) in try self.check(.listDirectory); return try base.listDirectory(path) }
        c.socket = { domain, type, proto throws(Errno) in try self.check(.socket); return try base.socket(domain, type, proto) }
        c.bind = { fd, address, length throws(Errno) in try self.check(.bind); try base.bind(fd, address, length) }
        c.listen = { fd, backlog throws(Errno) in try self.check(.listen); try base.listen(fd, backlog) }
        c.accept = { fd throws(Errno) in try self.check(.accept); return try base.accept(fd) }
        c.send = { fd, buffer, count throws(Errno) in try self.check(.send); return try base.send(fd, buffer, count) }
        c.sendTo = { fd, buffer, count, address, length throws(Errno) in
            try self.check(.sendTo)
            return try base.sendTo(fd, buffer, count, address, length)
        }
        c.receive = { fd, buffer, count throws(Errno) in try self.check(.receive); return try base.receive(fd, buffer, count) }
        c.epollCreate = { () throws(Errno) in try self.check(.epollCreate); return try base.epollCreate() }
        c.epollAdd = { epoll, fd throws(Errno) in try self.check(.epollAdd); try base.epollAdd(epoll, fd) }
        c.epollRemove = { epoll, fd throws(Errno) in try self.check(.epollRemove); try base.epollRemove(epoll, fd) }
        c.epollWait = { epoll, timeout throws(Errno) in try self.check(.epollWait); return try base.epollWait(epoll, timeout) }
        c.epollWatch = { epoll, fd, events, modify throws(Errno) in try self.check(.epollWatch); try base.epollWatch(epoll, fd, events, modify) }
        c.epollReady = { epoll, timeout throws(Errno) in try self.check(.epollReady); return try base.epollReady(epoll, timeout) }
        c.waitReadable = { fd, timeout throws(Errno) in try self.check(.waitReadable); return try base.waitReadable(fd, timeout) }
        c.timerCreate = { () throws(Errno) in try self.check(.timerCreate); return try base.timerCreate() }
        c.timerSet = { timer, deadline throws(Errno) in try self.check(.timerSet); try base.timerSet(timer, deadline) }
        c.signalDescriptor = { signals throws(Errno) in try self.check(.signalDescriptor); return try base.signalDescriptor(signals) }
        c.readSignal = { fd throws(Errno) in try self.check(.readSignal); return try base.readSignal(fd) }
        c.watchDirectory = { directory throws(Errno) in try self.check(.watchDirectory); return try base.watchDirectory(directory) }
        c.ioctl = { fd, request, argument throws(Errno) in try self.check(.ioctl, request: request); try base.ioctl(fd, request, argument) }
        c.ioctlValue = { fd, request, value throws(Errno) in try self.check(.ioctlValue, request: request); try base.ioctlValue(fd, request, value) }
        c.mapShared = { fd, length, offset throws(Errno) in try self.check(.mapShared); return try base.mapShared(fd, length, offset) }
        return c
    }
}
