/// What the DRM output needs to know about a connector to choose a display, as plain values (so
/// the choice is testable without a GPU).
public struct ConnectorCandidate: Hashable, Sendable {
    public struct Mode: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public var refreshHz: Int
        public var isPreferred: Bool
        public init(width: Int, height: Int, refreshHz: Int, isPreferred: Bool) {
            self.width = width
            self.height = height
            self.refreshHz = refreshHz
            self.isPreferred = isPreferred
        }
    }

    public var id: UInt32
    public var isConnected: Bool
    public var modes: [Mode]

    public init(id: UInt32, isConnected: Bool, modes: [Mode]) {
        self.id = id
        self.isConnected = isConnected
        self.modes = modes
    }
}

public enum DisplaySelection {
    /// The first connected connector that has modes, and its preferred mode (the first listed —
    /// the kernel lists the best first — when none is marked preferred). Returns the connector's
    /// index and the mode's index.
    public static func choose(_ connectors: [ConnectorCandidate]) -> (connector: Int, mode: Int)? {
        for (i, c) in connectors.enumerated() where c.isConnected && !c.modes.isEmpty {
            return (i, c.modes.firstIndex(where: \.isPreferred) ?? 0)
        }
        return nil
    }

    /// The error for a refused mode set or drmSetMaster: EACCES, EPERM and EBUSY mean another
    /// process (a compositor, a display manager, another touchscroll) holds DRM master.
    public static func masterError(path: String, operation: String, errno: Errno) -> RendererError {
        switch errno.rawValue {
        case EACCES, EPERM, EBUSY:
            RendererError(.notMaster, path: path,
                          "\(operation) refused: another process is DRM master of this card (stop the display server or switch to a free VT), or this process lacks the rights to become master")
        default:
            RendererError(.modeSetting, path: path, "\(operation) failed", errno: errno)
        }
    }
}

#if canImport(Glibc)
import SystemInterface
import Glibc
#endif
