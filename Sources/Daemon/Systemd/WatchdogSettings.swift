import ScrollEngine

/// What systemd asked for in `$WATCHDOG_USEC` / `$WATCHDOG_PID` (sd_watchdog_enabled(3)).
public struct WatchdogSettings: Hashable, Sendable {
    /// systemd kills the service when no WATCHDOG=1 arrives within this many microseconds.
    public var timeoutMicroseconds: Int64

    public init(timeoutMicroseconds: Int64) {
        self.timeoutMicroseconds = timeoutMicroseconds
    }

    /// How often to ping: half the timeout, as sd_watchdog_enabled(3) recommends.
    public var pingIntervalMicroseconds: Int64 { timeoutMicroseconds / 2 }

    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        case notANumber(variable: String, value: String)
        public var description: String {
            switch self {
            case .notANumber(let variable, let value): "\(variable)=\(value) is not a positive whole number"
            }
        }
    }

    /// The watchdog systemd set up for process `pid`; nil when there is none, or it is meant for
    /// another process (`$WATCHDOG_PID` names a different pid, e.g. a parent shell's).
    public static func fromEnvironment(_ environment: [String: String], pid: Int32) throws(ParseError) -> WatchdogSettings? {
        guard let usecText = environment["WATCHDOG_USEC"], !usecText.isEmpty else { return nil }
        guard let usec = Int64(usecText), usec > 0 else {
            throw .notANumber(variable: "WATCHDOG_USEC", value: usecText)
        }
        if let pidText = environment["WATCHDOG_PID"], !pidText.isEmpty {
            guard let watchdogPID = Int32(pidText), watchdogPID > 0 else {
                throw .notANumber(variable: "WATCHDOG_PID", value: pidText)
            }
            if watchdogPID != pid { return nil }
        }
        return WatchdogSettings(timeoutMicroseconds: usec)
    }
}
