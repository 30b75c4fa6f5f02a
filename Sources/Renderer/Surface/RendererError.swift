import SystemInterface

/// What went wrong in the renderer, with the context needed to act on it: which file or device,
/// which operation, the errno when there is one.
public struct RendererError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case imageRead, imageWrite, unsupportedPixelFormat, deviceOpen, deviceQuery, deviceMap
        case modeSetting, notMaster, noConnectedDisplay, pageFlip, invalidConfiguration
    }

    public var kind: Kind
    /// The file or device path concerned.
    public var path: String
    /// What was being done and what was expected.
    public var detail: String
    /// errno, when a system call failed.
    public var errno: Errno?

    public init(_ kind: Kind, path: String, _ detail: String, errno: Errno? = nil) {
        self.kind = kind
        self.path = path
        self.detail = detail
        self.errno = errno
    }

    /// The same, from a raw errno value as the C calls return it.
    public init(_ kind: Kind, path: String, _ detail: String, errno code: Int32) {
        self.init(kind, path: path, detail, errno: Errno(rawValue: code))
    }

    /// A display node that open(2) refused, with the cause the errno names and what to check:
    /// only EACCES/EPERM is a permission problem (the video group); a missing node is a missing
    /// driver or a wrong path, EBUSY another owner.
    public static func deviceOpen(path: String, device: String, errno code: Int32) -> RendererError {
        let isDRM = device.hasPrefix("DRM")
        let list = isDRM ? "ls /dev/dri" : "ls /dev/fb*"
        let cause: String
        switch code {
        case EACCES, EPERM:
            cause = "permission denied: add the user to group video (`usermod -aG video USER`, then log in again), or run as the touchscroll service user"
        case ENOENT:
            cause = "no such device node: check the path (`\(list)`); when there is none, the display driver is not loaded"
                + (isDRM ? "" : " (fbdev needs a framebuffer driver, e.g. simpledrm's or the board's fbdev emulation)")
        case ENODEV, ENXIO:
            cause = "the node exists but no device answers behind it (driver unbound or the display unplugged)"
        case EBUSY:
            cause = "busy: another program holds the device"
        case ENOTDIR, EISDIR:
            cause = "not a device node (`\(list)`)"
        default:
            cause = "open failed"
        }
        return RendererError(.deviceOpen, path: path, "cannot open the \(device): \(cause)", errno: Errno(rawValue: code))
    }

    public var description: String {
        var s = "\(path): \(kind.rawValue): \(detail)"
        if let errno { s += " (errno \(errno.rawValue): \(errno))" }
        return s
    }
}

#if canImport(Glibc)
import Glibc
#endif
