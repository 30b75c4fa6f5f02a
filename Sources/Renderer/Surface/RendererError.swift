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

    public var description: String {
        var s = "\(path): \(kind.rawValue): \(detail)"
        if let errno { s += " (errno \(errno.rawValue): \(errno))" }
        return s
    }
}

#if canImport(Glibc)
import Glibc
#endif
