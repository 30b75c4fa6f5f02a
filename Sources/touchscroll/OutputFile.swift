import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes besides the stream (a plot, a recording, a touch tee), created or
/// truncated through the one system-call layer. A file that cannot be opened is an
/// `OutputFileError`, which `ExitCodes` turns into its message and exit code 1.
enum OutputFile {
    /// Opens `path` for writing, creating it (mode 0644) or truncating it.
    static func create(_ path: String, system: SystemCalls = .live) throws(OutputFileError) -> Int32 {
        do {
            return try system.create(path, O_WRONLY | O_TRUNC, 0o644)
        } catch {
            throw OutputFileError(path: path, errno: error)
        }
    }

    /// Closes a file `create` opened.
    static func close(_ fd: Int32, system: SystemCalls = .live) {
        system.close(fd)
    }
}

/// An output file that cannot be written: "cannot write /tmp/x/plot.svg: No such file or directory".
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var errno: Errno

    var description: String { "cannot write \(path): \(errno)" }
}
