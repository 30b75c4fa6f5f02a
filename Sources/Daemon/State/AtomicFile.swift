#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that, whatever happens (SIGKILL, power loss), the path holds either the old
/// complete contents or the new complete contents: write a temporary file in the same directory,
/// fsync it, rename(2) it over the target, fsync the directory so the rename itself is durable.
///
/// Written with the system calls directly because Foundation's `.atomic` write does not fsync the
/// file or the directory.
public enum AtomicFile {
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(SystemCallError) {
        let directory = parentDirectory(of: path)
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        // mkstemp, not mkostemp: Glibc's module map exposes only the POSIX one; the daemon execs
        // nothing, so the descriptor's brief life without O_CLOEXEC leaks nowhere.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemCallError.last("mkstemp", path + ".tmp-XXXXXX") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(SystemCallError) {
            if fchmod(fd, mode) != 0 { throw SystemCallError.last("fchmod", temporary) }
            try writeAll(fd, bytes, subject: temporary)
            if fsync(fd) != 0 { throw SystemCallError.last("fsync", temporary) }
            if close(fd) != 0 { throw SystemCallError.last("close", temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let error = SystemCallError.last("rename", "\(temporary) → \(path)")
            unlink(temporary)
            throw error
        }
        try syncDirectory(directory)
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
    public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .system(SystemCallError.last("open", path))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(SystemCallError.last("fstat", path)) }
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
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(SystemCallError.last("read", path))
            }
            if n == 0 { return contents }
            contents += chunk[0..<n]
            // The file may grow while it is read.
            if contents.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
    }

    static func writeAll(_ fd: CInt, _ bytes: [UInt8], subject: String) throws(SystemCallError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemCallError.last("write", subject)
            }
            offset += n
        }
    }

    static func syncDirectory(_ directory: String) throws(SystemCallError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError.last("open", directory) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw SystemCallError.last("fsync", directory) }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
