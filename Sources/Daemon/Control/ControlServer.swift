#if canImport(Glibc)
import SystemInterface
import Glibc
#endif
import Logging
import ScrollEngine

/// The control socket (`$RUNTIME_DIRECTORY/control.sock`, mode 0660): accepts several clients at
/// once, reads JSON Lines requests from each, answers each on its own connection, and copies the
/// delegate event stream to the clients that subscribed. Everything is non-blocking and driven by
/// the run loop through `DescriptorWatcher` / `handle(_:_:scrollView:now:)`.
public final class ControlServer {
    /// The longest request line accepted (bytes, newline excluded).
    public static let defaultLineLimit = 64 * 1024
    /// A client whose unsent output grows past this (a subscriber that stopped reading) is
    /// disconnected rather than letting the daemon's memory grow.
    public static let defaultOutputLimit = 4 * 1024 * 1024
    public static let defaultClientLimit = 32

    public let socketPath: String
    public let listeningDescriptor: CInt
    private let watcher: any DescriptorWatcher
    private let eventLine: (DelegateEvent) -> String
    private let logger: Logger
    private let lineLimit: Int
    private let outputLimit: Int
    private let clientLimit: Int
    private var connections: [CInt: ControlConnection] = [:]
    private let system: SystemCalls

    /// Binds the socket (replacing a stale one left by a killed daemon), sets its mode, listens, and
    /// asks `watcher` to watch it. `eventLine` encodes one delegate event as a JSON line (newline
    /// included) for subscribers: the daemon passes the stream encoder, so the socket carries
    /// exactly what stdout does.
    public init(socketPath: String, watcher: any DescriptorWatcher, eventLine: @escaping (DelegateEvent) -> String,
                logger: Logger, lineLimit: Int = defaultLineLimit, outputLimit: Int = defaultOutputLimit,
                clientLimit: Int = defaultClientLimit, mode: mode_t = 0o660, system: SystemCalls = .live) throws(SystemCallError) {
        self.socketPath = socketPath
        self.system = system
        self.watcher = watcher
        self.eventLine = eventLine
        self.logger = logger
        self.lineLimit = lineLimit
        self.outputLimit = outputLimit
        self.clientLimit = clientLimit

        if let status = try? system.linkStatus(socketPath) {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemCallError(operation: "bind", subject: socketPath, errno: Errno(rawValue: EEXIST))
            }
            try? system.unlink(socketPath)
        }
        let fd = try SystemCallError.calling("socket", socketPath) { () throws(Errno) in
            try system.socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        }
        do throws(SystemCallError) {
            let bound = try UnixSocketAddress.path(socketPath).withSockAddr { address, length in
                Result { () throws(Errno) in try system.bind(fd, address, length) }
            }
            if case .failure(let e) = bound { throw SystemCallError(operation: "bind", subject: socketPath, errno: e) }
            try SystemCallError.calling("chmod", socketPath) { () throws(Errno) in try system.changePathMode(socketPath, mode) }
            try SystemCallError.calling("listen", socketPath) { () throws(Errno) in try system.listen(fd, 16) }
            try watcher.watch(fd, readable: true, writable: false)
        } catch {
            system.close(fd)
            throw error
        }
        listeningDescriptor = fd
    }

    /// The connected clients.
    public var clientCount: Int { connections.count }
    public var subscriberCount: Int { connections.values.filter(\.session.isSubscribed).count }

    /// Whether `descriptor` is the listening socket or one of the clients.
    public func owns(_ descriptor: CInt) -> Bool {
        descriptor == listeningDescriptor || connections[descriptor] != nil
    }

    /// Handles readiness the loop saw on one of this server's descriptors. Commands are applied to
    /// `scrollView` at engine time `now`.
    public func handle(_ descriptor: CInt, _ readiness: DescriptorReadiness, scrollView: any ControllableScrollView, now: Timestamp) {
        if descriptor == listeningDescriptor {
            acceptPending()
            return
        }
        guard let connection = connections[descriptor] else { return }
        if readiness.readable || readiness.hangUp {
            for piece in connection.readAvailable(budget: 4 * lineLimit) {
                switch piece {
                case .line(let line):
                    if let reply = connection.session.handle(line: line, scrollView: scrollView, now: now) {
                        connection.enqueue(reply.line)
                    }
                case .tooLong:
                    connection.enqueue(ControlReply.error(id: nil, .lineTooLong(limit: lineLimit)).line)
                }
            }
        }
        service(connection)
    }

    /// Sends `events` to every subscribed client.
    public func publish(_ events: [DelegateEvent]) {
        guard !events.isEmpty else { return }
        let subscribers = connections.values.filter(\.session.isSubscribed)
        guard !subscribers.isEmpty else { return }
        let text = events.map(eventLine).joined()
        for connection in subscribers {
            connection.enqueue(text)
            service(connection)
        }
    }

    /// Closes every client and the socket, and removes the socket file.
    public func shutdown() {
        for connection in connections.values { disconnect(connection, reason: nil) }
        watcher.stopWatching(listeningDescriptor)
        system.close(listeningDescriptor)
        try? system.unlink(socketPath)
    }

    private func acceptPending() {
        while true {
            let fd: CInt
            do {
                fd = try system.accept(listeningDescriptor)
            } catch {
                if error != .wouldBlock {
                    logger.warning("control socket accept failed", metadata: ["error": "\(SystemCallError(operation: "accept", subject: socketPath, errno: error))"])
                }
                return
            }
            if connections.count >= clientLimit {
                let refusal = Array(ControlReply.error(id: nil, .tooManyClients(limit: clientLimit)).line.utf8)
                _ = try? system.sendBytes(fd, refusal)
                system.close(fd)
                logger.warning("control client refused, too many clients", metadata: ["limit": "\(clientLimit)"])
                continue
            }
            let connection = ControlConnection(descriptor: fd, lineLimit: lineLimit, system: system)
            do {
                try watcher.watch(fd, readable: true, writable: false)
            } catch {
                logger.warning("cannot watch control client", metadata: ["error": "\(error)"])
                system.close(fd)
                continue
            }
            connections[fd] = connection
            logger.debug("control client connected", metadata: ["clients": "\(connections.count)"])
        }
    }

    /// Flushes output, watches for writability while output is pending, and closes the connection
    /// when the peer is gone or too far behind.
    private func service(_ connection: ControlConnection) {
        let pending = connection.flush()
        if connection.isFinished {
            disconnect(connection, reason: nil)
        } else if connection.pendingOutputCount > outputLimit {
            disconnect(connection, reason: "client stopped reading; more than \(outputLimit) bytes unsent")
        } else {
            do {
                try watcher.watch(connection.descriptor, readable: true, writable: pending)
            } catch {
                disconnect(connection, reason: "\(error)")
            }
        }
    }

    private func disconnect(_ connection: ControlConnection, reason: String?) {
        if let reason {
            logger.warning("control client disconnected", metadata: ["reason": "\(reason)"])
        } else {
            logger.debug("control client closed")
        }
        watcher.stopWatching(connection.descriptor)
        system.close(connection.descriptor)
        connections[connection.descriptor] = nil
    }
}
