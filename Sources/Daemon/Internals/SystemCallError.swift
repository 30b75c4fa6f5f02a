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

    /// Runs one call of the system-call layer; its failure becomes this error, naming the call
    /// and what it was applied to.
    static func calling<T>(_ operation: String, _ subject: String, _ body: () throws(Errno) -> T) throws(SystemCallError) -> T {
        do {
            return try body()
        } catch {
            throw SystemCallError(operation: operation, subject: subject, errno: error)
        }
    }

    public var description: String {
        "\(operation) \(subject): \(errno)"
    }
}
