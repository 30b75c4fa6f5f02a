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

    /// A notifier for `$NOTIFY_SOCKET`, or nil when the variable is unset (not started by systemd:
    /// every notification is then simply not sent). Throws when it is set but unusable.
    public static func fromEnvironment(_ environment: [String: String]) throws(SystemCallError) -> SystemdNotifier? {
        guard let spelling = environment["NOTIFY_SOCKET"], !spelling.isEmpty else { return nil }
        guard let address = UnixSocketAddress(systemdSpelling: spelling) else {
            throw SystemCallError(operation: "NOTIFY_SOCKET", subject: spelling, errno: Errno(rawValue: EAFNOSUPPORT))
        }
        return try SystemdNotifier(address: address)
    }

    public init(address: UnixSocketAddress) throws(SystemCallError) {
        self.address = address
        let fd = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError.last("socket", address.description) }
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    /// Sends the messages as one datagram.
    public func send(_ messages: [NotifyMessage]) throws(SystemCallError) {
        let datagram = Array(NotifyMessage.datagram(messages).utf8)
        let subject = address.description
        let sent: Int = try address.withSockAddr { sockaddr, length in
            datagram.withUnsafeBytes { buffer in
                sendto(descriptor, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL), sockaddr, length)
            }
        }
        if sent < 0 { throw SystemCallError.last("sendto", subject) }
        if sent != datagram.count { throw SystemCallError(operation: "sendto", subject: subject, errno: Errno(rawValue: EMSGSIZE)) }
    }

    public func send(_ message: NotifyMessage) throws(SystemCallError) {
        try send([message])
    }
}
