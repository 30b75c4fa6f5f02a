import Daemon
import Logging

/// Logs of the live commands (`run`, `record`): the daemon's journald handler (one line each on
/// standard error with the `<N>` priority prefix of sd-daemon(3), metadata as key=value), level from
/// `$TOUCHSCROLL_LOG_LEVEL`, or debug with `--verbose`. Bootstrapped once by the command, never by a
/// library.
enum LiveLogging {
    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { label in
            var handler = JournalLogHandler.standardError(label: label)
            if verbose { handler.logLevel = .debug }
            return handler
        }
    }
}
