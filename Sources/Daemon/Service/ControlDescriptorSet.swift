import CSystemCalls
import SystemInterface

/// The control channel's descriptors (listening socket, clients, stdin) in an epoll set of their
/// own, which is itself one readable source of the run loop: the loop's `addSource` watches for
/// reading only, while client sockets also need to be watched for writing while replies or events
/// wait to be sent. An epoll descriptor is readable when any descriptor in its set is ready, so the
/// nesting costs one extra `epoll_wait(…, 0)` per wakeup on the control channel and nothing at rest.
public final class ControlDescriptorSet: DescriptorWatcher {
    public let descriptor: CInt
    private var watched: Set<CInt> = []
    private let system: SystemCalls

    public init(system: SystemCalls = .live) throws(SystemCallError) {
        self.system = system
        descriptor = try SystemCallError.calling("epoll_create1", "control") { () throws(Errno) in try system.epollCreate() }
    }

    deinit { system.close(descriptor) }

    public func watch(_ fd: Int32, readable: Bool, writable: Bool) throws(SystemCallError) {
        let events = (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0) | EPOLLRDHUP.rawValue
        let modify = watched.contains(fd)
        try SystemCallError.calling("epoll_ctl", "descriptor \(fd)") { [descriptor, system] () throws(Errno) in
            try system.epollWatch(descriptor, fd, events, modify)
        }
        watched.insert(fd)
    }

    public func stopWatching(_ fd: Int32) {
        guard watched.remove(fd) != nil else { return }
        try? system.epollRemove(descriptor, fd)
    }

    /// The descriptors ready now (never waits).
    public func ready() -> [(CInt, DescriptorReadiness)] {
        guard let events = try? system.epollReady(descriptor, 0) else { return [] }
        return events.map { event in
            let flags = event.events
            return (event.fd, DescriptorReadiness(
                readable: flags & EPOLLIN.rawValue != 0,
                writable: flags & EPOLLOUT.rawValue != 0,
                hangUp: flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue) != 0))
        }
    }
}
