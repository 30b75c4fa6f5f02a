#if canImport(Glibc)
import Glibc
#endif
import SystemInterface

/// A failed system call, with what was being done and to what: "sendto /run/systemd/notify: ENOENT
/// (No such file or directory)".
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed (`socket`, `sendto`, `rename`, …).
    public var operation: String
    /// What it was applied to (a path, a socket address, a descriptor).
    public var subject: String
    public var errno: Errno

    public init(operation: String, subject: String, errno: Errno) {
        self.operation = operation
        self.subject = subject
        self.errno = errno
    }

    /// The error of the call that just failed (reads the thread's `errno`).
    static func last(_ operation: String, _ subject: String) -> SystemCallError {
        SystemCallError(operation: operation, subject: subject, errno: .current)
    }

    public var description: String {
        "\(operation) \(subject): \(errno)"
    }
}
