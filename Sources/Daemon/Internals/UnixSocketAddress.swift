#if canImport(Glibc)
import SystemInterface
import Glibc
#endif

/// An AF_UNIX socket address: a filesystem path, or a name in the Linux abstract namespace
/// (written `@name`, as systemd writes it in `$NOTIFY_SOCKET`).
public enum UnixSocketAddress: Hashable, Sendable, CustomStringConvertible {
    case path(String)
    case abstract(String)

    /// Reads systemd's spelling: `@name` is abstract, anything starting with `/` is a path.
    /// Returns nil for other forms (relative paths; `vsock:` addresses, which need AF_VSOCK).
    public init?(systemdSpelling text: String) {
        if text.hasPrefix("@"), text.count > 1 {
            self = .abstract(String(text.dropFirst()))
        } else if text.hasPrefix("/") {
            self = .path(text)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .path(let p): p
        case .abstract(let name): "@" + name
        }
    }

    /// The bytes of `sun_path` and the address length to pass with them. Paths carry their NUL;
    /// abstract names start with a NUL and have none at the end (the length says where they stop).
    private var pathBytes: [UInt8] {
        switch self {
        case .path(let p): Array(p.utf8) + [0]
        case .abstract(let name): [0] + Array(name.utf8)
        }
    }

    /// Calls `body` with a filled `sockaddr_un`, or fails when the name does not fit in `sun_path`.
    func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(SystemCallError) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = pathBytes
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count <= capacity else {
            throw SystemCallError(operation: "address", subject: description, errno: Errno(rawValue: ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
