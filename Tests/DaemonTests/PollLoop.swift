import SystemInterface
import Daemon
import Glibc

/// A poll(2) loop standing in for the daemon's epoll loop in socket tests: it watches what the
/// server asks and hands readiness back, one turn at a time.
final class PollLoop: DescriptorWatcher {
    private(set) var watched: [Int32: (readable: Bool, writable: Bool)] = [:]

    func watch(_ descriptor: Int32, readable: Bool, writable: Bool) throws(SystemCallError) {
        watched[descriptor] = (readable, writable)
    }

    func stopWatching(_ descriptor: Int32) {
        watched[descriptor] = nil
    }

    /// One turn: waits up to `timeoutMilliseconds` and calls `handle` for every ready descriptor.
    /// Returns how many were ready.
    @discardableResult
    func turn(timeoutMilliseconds: Int32 = 50, _ handle: (Int32, DescriptorReadiness) -> Void) -> Int {
        var fds = watched.map { fd, interest in
            pollfd(fd: fd, events: Int16((interest.readable ? POLLIN : 0) | (interest.writable ? POLLOUT : 0)), revents: 0)
        }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready > 0 else { return 0 }
        for entry in fds where entry.revents != 0 {
            handle(entry.fd, DescriptorReadiness(readable: entry.revents & Int16(POLLIN) != 0,
                                                 writable: entry.revents & Int16(POLLOUT) != 0,
                                                 hangUp: entry.revents & Int16(POLLHUP | POLLERR) != 0))
        }
        return Int(ready)
    }
}

/// A blocking client of the control socket, as a kiosk application would be.
final class ControlClient {
    let descriptor: Int32
    private var received: [UInt8] = []

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let result = try UnixSocketAddressForTests.connect(descriptor, path)
        guard result == 0 else { throw SystemCallError(operation: "connect", subject: path, errno: .current) }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }

    /// Reads whatever has arrived, without waiting.
    func poll() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { return }
            received += chunk[0..<n]
        }
    }

    /// Complete lines received so far, taken out of the buffer.
    func takeLines() -> [String] {
        poll()
        guard let lastNewline = received.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let text = String(decoding: received[...lastNewline], as: UTF8.self)
        received.removeFirst(lastNewline + 1)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Whether the server closed the connection.
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) == 0
    }
}

enum UnixSocketAddressForTests {
    static func connect(_ fd: Int32, _ path: String) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
