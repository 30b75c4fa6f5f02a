import SystemInterface

#if canImport(Glibc)
import Glibc
#endif

/// A failed call into the input stack, with what was being done and to which device.
///
/// A struct over `Errno` rather than an enum of cases: the number says what went wrong, `call`
/// and `device` say where, and `kind` sorts the numbers the backends react to.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C function that failed (`open`, `libinput_udev_assign_seat`, `libevdev_next_event`, …).
    public var call: String
    public var errno: Errno
    /// The device node or seat concerned, when there is one.
    public var device: String?
    /// Extra context (what the caller was trying to achieve).
    public var detail: String?

    public init(call: String, errno: Errno, device: String? = nil, detail: String? = nil) {
        self.call = call
        self.errno = errno
        self.device = device
        self.detail = detail
    }

    /// How a backend treats the failure.
    public enum Kind: Hashable, Sendable {
        /// EACCES / EPERM on a device node: the process may not read input devices.
        case permissionDenied
        /// ENODEV: the device was unplugged while open; close it and carry on.
        case deviceRemoved
        /// EAGAIN: no more events for now; wait for the descriptor to become readable again.
        case noMoreEvents
        /// ENOENT: the node does not exist.
        case noSuchDevice
        /// ELIBACC: libinput, libevdev or libudev is not installed (`InputLibraries`).
        case libraryMissing
        /// Anything else.
        case failed
    }

    public var kind: Kind {
        switch errno {
        case .permissionDenied, .notPermitted: .permissionDenied
        case .noSuchDevice: .deviceRemoved
        case .wouldBlock: .noMoreEvents
        case .noSuchFile: .noSuchDevice
        case Errno(rawValue: ELIBACC): .libraryMissing
        default: .failed
        }
    }

    public var description: String {
        let target = device.map { " \($0)" } ?? ""
        let context = detail.map { " (\($0))" } ?? ""
        switch kind {
        case .permissionDenied:
            return "\(call)\(target): permission denied\(context): the user may not read input devices; "
                + "add the user to group input (`sudo usermod -aG input $USER`, then log in again) "
                + "or run under the systemd unit (SupplementaryGroups=input)"
        case .deviceRemoved:
            return "\(call)\(target): device removed\(context) (\(errno))"
        case .noMoreEvents:
            return "\(call)\(target): no more events for now\(context)"
        case .noSuchDevice:
            return "\(call)\(target): no such device node\(context) (\(errno))"
        case .libraryMissing:
            return detail ?? "\(call)\(target): a library touchscroll needs for live input is not installed"
        case .failed:
            return "\(call)\(target) failed\(context): \(errno) (errno \(errno.rawValue))"
        }
    }
}
