// epoll is Linux-only and not in the Glibc module; LiveInput's C shim exports <sys/epoll.h>.
import CInputShim
#if canImport(Glibc)
import Glibc
#endif

/// The control channel's descriptors (listening socket, clients, stdin) in an epoll set of their
/// own, which is itself one readable source of the run loop: the loop's `addSource` watches for
/// reading only, while client sockets also need to be watched for writing while replies or events
/// wait to be sent. An epoll descriptor is readable when any descriptor in its set is ready, so the
/// nesting costs one extra `epoll_wait(…, 0)` per wakeup on the control channel and nothing at rest.
public final class ControlDescriptorSet: DescriptorWatcher {
    public let descriptor: CInt
    private var watched: Set<CInt> = []

    public init() throws(SystemCallError) {
        descriptor = epoll_create1(CInt(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError.last("epoll_create1", "control") }
    }

    deinit { close(descriptor) }

    public func watch(_ fd: Int32, readable: Bool, writable: Bool) throws(SystemCallError) {
        var event = epoll_event()
        event.events = (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0) | EPOLLRDHUP.rawValue
        event.data.fd = fd
        let operation = watched.contains(fd) ? EPOLL_CTL_MOD : EPOLL_CTL_ADD
        guard epoll_ctl(descriptor, operation, fd, &event) == 0 else { throw SystemCallError.last("epoll_ctl", "descriptor \(fd)") }
        watched.insert(fd)
    }

    public func stopWatching(_ fd: Int32) {
        guard watched.remove(fd) != nil else { return }
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, nil)
    }

    /// The descriptors ready now (never waits).
    public func ready() -> [(CInt, DescriptorReadiness)] {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        let count = epoll_wait(descriptor, &events, CInt(events.count), 0)
        guard count > 0 else { return [] }
        return events[0..<Int(count)].map { event in
            let flags = event.events
            return (event.data.fd, DescriptorReadiness(
                readable: flags & EPOLLIN.rawValue != 0,
                writable: flags & EPOLLOUT.rawValue != 0,
                hangUp: flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue) != 0))
        }
    }
}
