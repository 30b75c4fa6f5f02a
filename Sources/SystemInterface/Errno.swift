#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error number, as `errno`, a negative kernel-convention return or a negative libinput /
/// libevdev / libdrm return value reports it: the one errno type of the tree (live input, the
/// renderer's display outputs and the daemon's sockets and files).
///
/// A one-field struct in the manner of swift-system's `Errno`; written here rather than taken from
/// swift-system because every call that produces one goes through an injectable table of system
/// calls, which tests replace.
public struct Errno: RawRepresentable, Hashable, Sendable, Error, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// EACCES: permission denied (typically: the user is not in group `input`).
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// EPERM: operation not permitted.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// ENODEV: the device went away (unplugged) while open.
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    /// ENOENT: no such file (no such device node).
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// EAGAIN: nothing more to read right now (non-blocking descriptor).
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// EINTR: interrupted by a signal; the call is retried.
    public static let interrupted = Errno(rawValue: EINTR)
    /// EBUSY: somebody else holds the device (an exclusive grab).
    public static let busy = Errno(rawValue: EBUSY)
    /// EINVAL: invalid argument.
    public static let invalidArgument = Errno(rawValue: EINVAL)

    /// The C library's text for the number (`strerror`).
    public var description: String {
        guard let text = strerror(rawValue) else { return "errno \(rawValue)" }
        return String(cString: text)
    }

    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }
}
