import SystemInterface

/// The monotonic clock and a sleep, for `--realtime` pacing only (replays otherwise never read a
/// clock).
enum MonotonicClock {
    static func microseconds() -> Int64 {
        SystemCalls.live.monotonicNow()
    }

    static func sleep(microseconds: Int64) {
        SystemCalls.live.sleep(microseconds)
    }
}
