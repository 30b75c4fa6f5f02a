/// The run loop's side of file-descriptor readiness, as the control server needs it: the loop
/// (epoll) watches what it is told and hands readiness back through `ControlServer.handle(…)`.
public protocol DescriptorWatcher: AnyObject {
    /// Starts watching `descriptor`, or changes what is watched for.
    func watch(_ descriptor: Int32, readable: Bool, writable: Bool) throws(SystemCallError)
    /// Stops watching it (before it is closed).
    func stopWatching(_ descriptor: Int32)
}

/// What the loop saw on a descriptor.
public struct DescriptorReadiness: Hashable, Sendable {
    public var readable: Bool
    public var writable: Bool
    /// EPOLLHUP / EPOLLERR: the peer is gone.
    public var hangUp: Bool

    public init(readable: Bool = false, writable: Bool = false, hangUp: Bool = false) {
        self.readable = readable
        self.writable = writable
        self.hangUp = hangUp
    }
}
