#if canImport(Glibc)
import Glibc
#endif

/// Checks that an output file can be written before any work is done for it, so a typo in
/// `--screenshot` or `--out` fails in the first millisecond instead of after every frame is drawn.
public enum OutputPathCheck {
    /// Opens `path` for writing (creating it when missing) and closes it again; a file that did not
    /// exist before is removed, so a run that fails later leaves nothing behind. Returns the errno
    /// when the file cannot be written.
    public static func writableFileError(_ path: String) -> Int32? {
        var info = stat()
        let existed = stat(path, &info) == 0
        if existed, info.st_mode & S_IFMT == S_IFDIR { return EISDIR }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        _ = close(fd)
        if !existed { _ = unlink(path) }
        return nil
    }
}
