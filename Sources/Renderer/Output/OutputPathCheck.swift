import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// Checks that an output file can be written before any work is done for it, so a typo in
/// `--screenshot` or `--out` fails in the first millisecond instead of after every frame is drawn.
public enum OutputPathCheck {
    /// Opens `path` for writing (creating it when missing) and closes it again; a file that did not
    /// exist before is removed, so a run that fails later leaves nothing behind. Returns the errno
    /// when the file cannot be written (EISDIR for a directory).
    public static func writableFileError(_ path: String, system: SystemCalls = .live) -> Errno? {
        let existed = (try? system.linkStatus(path)) != nil
        let fd: Int32
        do {
            fd = try system.create(path, O_WRONLY, 0o644)
        } catch {
            return error
        }
        system.close(fd)
        if !existed { try? system.unlink(path) }
        return nil
    }
}
