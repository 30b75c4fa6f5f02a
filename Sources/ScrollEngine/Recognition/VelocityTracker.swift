/// Estimates the finger's velocity at lift-off from the samples of the last `window` seconds.
///
/// A pause discards history: if the finger rested (no movement for longer than `pauseThreshold`,
/// whether the device kept reporting the same position or stopped reporting), only samples after
/// the pause count — so a finger that stops and then lifts does not fling.
public struct VelocityTracker: Sendable {
    public static let window = 0.1             // seconds
    public static let pauseThreshold = 0.05    // seconds without movement
    public static let stillDistance = 0.5      // points: closer samples count as not moving
    /// How far back samples are kept: a little more than the window (twice it), in microseconds,
    /// negated. A literal: a global computed by a call is initialised lazily, and every read of it
    /// then calls `swift_once` (once per frame here). `init` checks it against `window` in debug builds.
    private static let keptMicroseconds: Int64 = -200_000

    /// The samples, oldest first, from `first` on: those before `first` have left the window and
    /// are dropped in bulk now and then, not shifted out one by one on every add.
    private var samples: [(time: Timestamp, location: Point)] = []
    private var first = 0

    public init() {
        assert(Self.keptMicroseconds == Timestamp.saturatingMicroseconds(-2 * Self.window * 1_000_000))
    }

    public mutating func reset() {
        if !samples.isEmpty { samples.removeAll(keepingCapacity: true) }
        first = 0
    }

    /// Record where the tracked point (the centroid of the fingers) is at `time`.
    @inline(__always)
    public mutating func add(_ location: Point, at time: Timestamp) {
        if let last = samples.last, last.time == time {
            samples[samples.count - 1].location = location
        } else {
            samples.append((time, location))
        }
        // Keep a little more than the window; older samples can never matter again. Times only
        // grow (the engine's clock never goes back), so the kept ones are a suffix.
        let horizon = time.adding(microseconds: Self.keptMicroseconds)
        while first < samples.count - 1 && samples[first].time < horizon { first += 1 }
        if first >= 32 && first * 2 >= samples.count {
            samples.removeFirst(first)
            first = 0
        }
    }

    /// Shift every sample (the tracked point jumped for a reason that is not motion, e.g. a finger
    /// was added and the centroid moved; the history is kept continuous).
    public mutating func offsetHistory(by delta: Point) {
        for i in first..<samples.count { samples[i].location = samples[i].location + delta }
    }

    /// Velocity in points per second at `time` (the lift), by least squares over the samples in the
    /// window after the last pause. Zero when the finger rested or there is too little motion.
    public func velocityPerSecond(at time: Timestamp) -> Point {
        guard first < samples.count else { return .zero }
        // Finger stopped reporting (or stopped moving) before the lift: no fling.
        var lastMove = samples.count - 1
        while lastMove > first, samples[lastMove].location.distance(to: samples[lastMove - 1].location) < Self.stillDistance {
            lastMove -= 1
        }
        let restedUntil = samples[lastMove].time
        if time.seconds(since: restedUntil) > Self.pauseThreshold { return .zero }
        // Walk back from the last movement; stop at the window's edge or at a pause.
        var firstUsed = lastMove
        while firstUsed > first {
            let previous = samples[firstUsed - 1]
            if time.seconds(since: previous.time) > Self.window { break }
            if samples[firstUsed].time.seconds(since: previous.time) > Self.pauseThreshold { break }
            firstUsed -= 1
        }
        let used = samples[firstUsed...lastMove]
        guard used.count >= 2 else { return .zero }
        let t0 = used.first!.time
        var sumT = 0.0, sumTT = 0.0, sumX = 0.0, sumY = 0.0, sumTX = 0.0, sumTY = 0.0
        for s in used {
            let t = s.time.seconds(since: t0)
            sumT += t; sumTT += t * t
            sumX += s.location.x; sumY += s.location.y
            sumTX += t * s.location.x; sumTY += t * s.location.y
        }
        let n = Double(used.count)
        let denominator = n * sumTT - sumT * sumT
        guard denominator > 1e-15 else { return .zero }
        return Point(x: (n * sumTX - sumT * sumX) / denominator, y: (n * sumTY - sumT * sumY) / denominator)
    }
}
