import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that, whatever happens (SIGKILL, power loss), the path holds either the old
/// complete contents or the new complete contents: write a temporary file in the same directory,
/// fsync it, rename(2) it over the target, fsync the directory so the rename itself is durable.
///
/// Written with the system calls (through the injectable `SystemCalls`, so tests can fail each
/// step) because Foundation's `.atomic` write does not fsync the file or the directory.
public enum AtomicFile {
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644,
                               system: SystemCalls = .live) throws(SystemCallError) {
        let directory = parentDirectory(of: path)
        let template = path + ".tmp-XXXXXX"
        let (fd, temporary) = try SystemCallError.calling("mkstemp", template) { () throws(Errno) in try system.makeTemporaryFile(template) }
        do throws(SystemCallError) {
            try SystemCallError.calling("fchmod", temporary) { () throws(Errno) in try system.changeMode(fd, mode) }
            try writeAll(fd, bytes, subject: temporary, system: system)
            try SystemCallError.calling("fsync", temporary) { () throws(Errno) in try system.synchronize(fd) }
        } catch {
            system.close(fd)
            try? system.unlink(temporary)
            throw error
        }
        do {
            try system.closeDescriptor(fd)
        } catch {
            try? system.unlink(temporary)
            throw SystemCallError(operation: "close", subject: temporary, errno: error)
        }
        do {
            try system.rename(temporary, path)
        } catch {
            try? system.unlink(temporary)
            throw SystemCallError(operation: "rename", subject: "\(temporary) → \(path)", errno: error)
        }
        try syncDirectory(directory, system: system)
    }

    /// Why a file cannot be read as a small regular file (`read(_:limit:)`).
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        case system(SystemCallError)
        /// A FIFO, device, socket or directory (also through a symlink): reading it could block
        /// forever (a FIFO) or never end (`/dev/zero`).
        case notARegularFile(path: String, kind: String)
        case tooLarge(path: String, limit: Int)

        public var description: String {
            switch self {
            case .system(let error): "\(error)"
            case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
            case .tooLarge(let path, let limit): "\(path) is larger than \(limit) bytes"
            }
        }
    }

    /// The whole file, or nil when it does not exist. Only a regular file of at most `limit`
    /// bytes is read; it is opened without blocking, so a FIFO in its place cannot stall the caller.
    public static func read(_ path: String, limit: Int, system: SystemCalls = .live) throws(ReadError) -> [UInt8]? {
        let fd: Int32
        do {
            fd = try system.open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            if error == .noSuchFile { return nil }
            throw .system(SystemCallError(operation: "open", subject: path, errno: error))
        }
        defer { system.close(fd) }
        let status: stat
        do {
            status = try system.status(fd)
        } catch {
            throw .system(SystemCallError(operation: "fstat", subject: path, errno: error))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notARegularFile(path: path, kind: "a directory")
        case S_IFIFO: throw .notARegularFile(path: path, kind: "a FIFO")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "a device")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "a socket")
        default: throw .notARegularFile(path: path, kind: "a special file")
        }
        if status.st_size > limit { throw .tooLarge(path: path, limit: limit) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n: Int
            do {
                n = try system.readBytes(fd, into: &chunk)
            } catch {
                throw .system(SystemCallError(operation: "read", subject: path, errno: error))
            }
            if n == 0 { return contents }
            contents += chunk[0..<n]
            // The file may grow while it is read.
            if contents.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
    }

    static func writeAll(_ fd: CInt, _ bytes: [UInt8], subject: String, system: SystemCalls) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            offset += try SystemCallError.calling("write", subject) { () throws(Errno) in try system.writeBytes(fd, bytes, from: offset) }
        }
    }

    static func syncDirectory(_ directory: String, system: SystemCalls) throws(SystemCallError) {
        let fd = try SystemCallError.calling("open", directory) { () throws(Errno) in try system.open(directory, O_RDONLY | O_DIRECTORY) }
        defer { system.close(fd) }
        try SystemCallError.calling("fsync", directory) { () throws(Errno) in try system.synchronize(fd) }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
