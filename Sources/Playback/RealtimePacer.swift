import ScrollEngine

/// Paces a replay by its recorded timestamps for `--realtime`: before each step at virtual time t
/// it sleeps until the monotonic clock has advanced by (t − first t).
///
/// It does not read a clock itself: the caller passes `now` (monotonic µs) and `sleep` (µs), so
/// the engine and this type stay clock-free and tests can drive it with a fake clock.
public final class RealtimePacer {
    private let now: () -> Int64
    private let sleep: (Int64) -> Void
    private var origin: (virtual: Timestamp, real: Int64)? = nil

    public init(now: @escaping () -> Int64, sleep: @escaping (Int64) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// Virtual seconds elapsed since the first step.
    public private(set) var elapsed: Double = 0

    public func wait(until time: Timestamp) {
        guard let origin else {
            self.origin = (time, now())
            return
        }
        let due = origin.real + (time.microseconds - origin.virtual.microseconds)
        let remaining = due - now()
        if remaining > 0 { sleep(remaining) }
        elapsed = time.seconds(since: origin.virtual)
    }
}
