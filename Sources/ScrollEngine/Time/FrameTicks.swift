/// The animation frame grid: tick n is at origin + round(n × 10⁶ / frameRate) µs. Computed from
/// n each time rather than by adding an interval, so 60 Hz (16 666.67 µs) never drifts.
public struct FrameTicks: Hashable, Sendable {
    public let origin: Timestamp
    public let frameRate: Double
    /// A quarter of a frame interval, in µs: the closest a tick may follow the step before it.
    public let minimumGap: Int64

    public init(origin: Timestamp, frameRate: Double) {
        precondition(frameRate > 0, "frame rate must be positive")
        self.origin = origin
        self.frameRate = frameRate
        // The quotient is positive, so truncating is rounding down.
        minimumGap = Int64(250_000 / frameRate)
    }

    public func time(ofTick n: Int64) -> Timestamp {
        origin.adding(microseconds: Int64(roundingHalfAwayFromZero: Double(n) * 1_000_000 / frameRate))
    }

    /// The first tick strictly after `instant`.
    public func tick(after instant: Timestamp) -> Timestamp {
        let elapsed = Double(instant.microseconds - origin.microseconds)
        // Truncation toward zero, which is rounding down but for a negative quotient, where both
        // give at most 0.
        var n = max(0, Int64(elapsed * frameRate / 1_000_000))
        while time(ofTick: n) <= instant { n += 1 }
        while n > 0, time(ofTick: n - 1) > instant { n -= 1 }
        return time(ofTick: n)
    }
}
