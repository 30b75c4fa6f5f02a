/// When to advance the engine: the one schedule the replay driver (`PlaybackDriver`), the live
/// driver (`LiveScrollDriver`) and the engine tests' finger scripts share, so that a live run's tee
/// replays to the same bytes and a test sees the frames a user would.
///
/// - While the engine animates, the next wakeup is the first tick of the frame grid (`FrameTicks`,
///   anchored at the first input) more than a quarter frame after the last step: a lift at
///   116 666 µs is not followed by a frame at 116 667 µs that shows nothing new.
/// - The engine's timer deadline (touch delivery, long press) wakes it too, never before the last
///   step, whichever comes first.
/// - An input at time t is fed after every wakeup strictly before t, at max(t, last step).
/// - A wakeup due at or before the last step moves one microsecond, so every step makes progress.
public struct EngineSchedule: Hashable, Sendable {
    public let ticks: FrameTicks

    public init(origin: Timestamp, frameRate: Double) {
        ticks = FrameTicks(origin: origin, frameRate: frameRate)
    }

    /// When the engine must be advanced next after a step at `now`; nil: not until the next input.
    public func nextWakeup(after now: Timestamp, isAnimating: Bool, timerDeadline: Timestamp?) -> Timestamp? {
        var wakeUp: Timestamp? = isAnimating ? ticks.tick(after: now.adding(microseconds: ticks.minimumGap)) : nil
        if let timerDeadline {
            let due = max(timerDeadline, now)
            wakeUp = wakeUp.map { min($0, due) } ?? due
        }
        return wakeUp
    }

    /// The time to advance the engine to for `wakeUp`, the last step having been at `now`.
    public func stepTime(for wakeUp: Timestamp, after now: Timestamp) -> Timestamp {
        wakeUp > now ? wakeUp : now.adding(microseconds: 1)
    }

    /// The time an input stamped `time` is fed at, the last step having been at `now`.
    public static func inputTime(_ time: Timestamp, after now: Timestamp?) -> Timestamp {
        max(time, now ?? time)
    }
}
