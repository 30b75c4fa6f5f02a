#if canImport(Glibc)
import SystemInterface
import Glibc
#endif

/// Speaks the sd_notify(3) protocol directly: each call sends one datagram to `$NOTIFY_SOCKET`.
///
/// Written by hand rather than linking libsystemd: the protocol is one sendto(2) of a few bytes, and
/// the daemon must also run on boards without libsystemd (and in the QEMU guest, which has none).
public final class SystemdNotifier {
    public let address: UnixSocketAddress
    private let descriptor: CInt
    private let system: SystemCalls

    /// A notifier for `$NOTIFY_SOCKET`, or nil when the variable is unset (not started by systemd:
    /// every notification is then simply not sent). Throws when it is set but unusable.
    public static func fromEnvironment(_ environment: [String: String], system: SystemCalls = .live) throws(SystemCallError) -> SystemdNotifier? {
        guard let spelling = environment["NOTIFY_SOCKET"], !spelling.isEmpty else { return nil }
        guard let address = UnixSocketAddress(systemdSpelling: spelling) else {
            throw SystemCallError(operation: "NOTIFY_SOCKET", subject: spelling, errno: Errno(rawValue: EAFNOSUPPORT))
        }
        return try SystemdNotifier(address: address, system: system)
    }

    public init(address: UnixSocketAddress, system: SystemCalls = .live) throws(SystemCallError) {
        self.address = address
        self.system = system
        self.descriptor = try SystemCallError.calling("socket", address.description) { () throws(Errno) in
            try system.socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    deinit { system.close(descriptor) }

    /// Sends the messages as one datagram.
    public func send(_ messages: [NotifyMessage]) throws(SystemCallError) {
        let datagram = Array(NotifyMessage.datagram(messages).utf8)
        let subject = address.description
        let sent: Result<Int, Errno> = try address.withSockAddr { sockaddr, length in
            datagram.withUnsafeBytes { buffer in
                Result { () throws(Errno) in try system.sendTo(descriptor, buffer.baseAddress!, buffer.count, sockaddr, length) }
            }
        }
        let count: Int
        switch sent {
        case .success(let n): count = n
        case .failure(let e): throw SystemCallError(operation: "sendto", subject: subject, errno: e)
        }
        if count != datagram.count { throw SystemCallError(operation: "sendto", subject: subject, errno: Errno(rawValue: EMSGSIZE)) }
    }

    public func send(_ message: NotifyMessage) throws(SystemCallError) {
        try send([message])
    }
}
