import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// Whether standard error is connected to journald, decided as systemd itself decides it: a unit's
/// stdout/stderr connected to the journal carries `JOURNAL_STREAM=<device>:<inode>` (decimal) in its
/// environment, naming that stream socket; the variable is inherited by children whose stderr may
/// have been redirected since, so it counts only when the device and inode match what fstat(2) says
/// about file descriptor 2 (systemd.exec(5), "$JOURNAL_STREAM"; sd_journal_stream_fd(3)).
///
/// Under journald each log line starts with its `<N>` priority prefix (sd-daemon(3)), which the
/// journal strips and stores; anywhere else (a terminal, a file, a pipe) the line is plain text.
public enum JournalStream {
    /// The decision for this process, taken once: `$JOURNAL_STREAM` against fstat(2) of stderr.
    public static let standardErrorIsJournal: Bool = {
        guard let status = try? SystemCalls.live.status(STDERR_FILENO) else { return false }
        return matches(getenvString("JOURNAL_STREAM"), device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }()

    /// Whether a `JOURNAL_STREAM` value (`device:inode`, both decimal) names the given device and inode.
    /// A missing, empty or malformed value never matches.
    public static func matches(_ value: String?, device: UInt64, inode: UInt64) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let d = UInt64(parts[0]), let i = UInt64(parts[1]) else { return false }
        return d == device && i == inode
    }

    /// A line as it goes to stderr: with the priority prefix under journald, as is otherwise.
    public static func line(_ priority: JournalPriority, _ text: String, journal: Bool = standardErrorIsJournal) -> String {
        journal ? priority.prefix + text : text
    }
}
