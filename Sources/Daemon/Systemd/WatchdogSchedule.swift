import ScrollEngine

/// When the next WATCHDOG=1 is due. Pure: the run loop tells it the time; it never reads a clock.
/// The loop arms its timer for `nextPing` (so an idle daemon wakes only for the watchdog) and calls
/// `pinged(at:)` after sending; a loop stuck anywhere stops pinging and systemd restarts it.
public struct WatchdogSchedule: Hashable, Sendable {
    public let interval: Int64
    /// The time the next ping is due.
    public private(set) var nextPing: Timestamp

    /// The first ping is due one interval after `start`.
    public init(settings: WatchdogSettings, start: Timestamp) {
        interval = max(1, settings.pingIntervalMicroseconds)
        nextPing = start.adding(microseconds: interval)
    }

    public func isDue(at now: Timestamp) -> Bool { now >= nextPing }

    /// Records a ping sent at `now`; the next one is due one interval later.
    public mutating func pinged(at now: Timestamp) {
        nextPing = now.adding(microseconds: interval)
    }
}
