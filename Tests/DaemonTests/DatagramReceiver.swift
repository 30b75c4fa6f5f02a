@testable import Daemon
import Foundation
import Glibc
import XCTest

/// A real AF_UNIX datagram socket a test binds to stand in for systemd's notify socket.
final class DatagramReceiver {
    let address: UnixSocketAddress
    private let descriptor: CInt

    init(address: UnixSocketAddress) throws {
        self.address = address
        descriptor = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError(operation: "socket", subject: address.description, errno: .current) }
        let result = try address.withSockAddr { bind(descriptor, $0, $1) }
        guard result == 0 else { throw SystemCallError(operation: "bind", subject: address.description, errno: .current) }
    }

    /// A receiver bound at `notify.sock` in a fresh temporary directory.
    static func inTemporaryDirectory() throws -> DatagramReceiver {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return try DatagramReceiver(address: .path(dir.appendingPathComponent("notify.sock").path))
    }

    deinit {
        close(descriptor)
        if case .path(let p) = address {
            unlink(p)
            rmdir((p as NSString).deletingLastPathComponent)
        }
    }

    /// Every datagram waiting now, without blocking.
    func drain() -> [String] {
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(descriptor, &buffer, buffer.count, CInt(MSG_DONTWAIT))
            if n < 0 { break }
            received.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
        return received
    }

    /// The next datagram, waiting up to `timeout` seconds for it.
    func next(timeout: Double = 5) -> String? {
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(descriptor, &buffer, buffer.count, 0)
        return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
    }
}
