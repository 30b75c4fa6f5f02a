import RealModule

/// A fling slowing down, in closed form.
///
/// With velocity `v0` (points per second) at release, and the rate `r` the fraction of velocity kept
/// after each millisecond, the position after `t` seconds is
///
///     x(t) = x0 + (v0/1000)·r·(1 − r^(1000·t)) / (1 − r)
///
/// — the sum of the per-millisecond steps UIKit takes, written as the geometric series it is, so any
/// instant can be sampled directly and 30, 60, 120 or 144 Hz sampling agree exactly. It comes to rest
/// on `destination` = x0 + (v0/1000)·r/(1 − r), the projection Apple's fluid-interface sample uses,
/// once the remaining travel is under `restDistance` or the speed under `restSpeed`.
public struct DecelerationCurve: Hashable, Sendable {
    public static let restDistance = 0.5      // points
    public static let restSpeed = 10.0        // points per second

    public let start: Double
    public let initialVelocity: Double        // points per second
    public let rate: Double                   // per millisecond, 0 < rate < 1

    public init(start: Double, initialVelocity: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "deceleration rate must lie in (0, 1)")
        self.start = start
        self.initialVelocity = initialVelocity
        self.rate = rate
    }

    /// The deceleration that starts at `start` and lands exactly on `target` (UIKit's rewritten
    /// targetContentOffset): the initial velocity is chosen so the projection is the target.
    public init(start: Double, landingOn target: Double, rate: Double) {
        self.init(start: start, initialVelocity: (target - start) * 1000 * (1 - rate) / rate, rate: rate)
    }

    /// Where the fling would come to rest.
    public var destination: Double {
        start + Self.projectedDistance(velocity: initialVelocity, rate: rate)
    }

    /// The distance a fling of `velocity` points per second travels before it stops.
    public static func projectedDistance(velocity: Double, rate: Double) -> Double {
        (velocity / 1000) * rate / (1 - rate)
    }

    /// r^(1000·t), the fraction of the original velocity left after `t` seconds.
    @inline(__always)
    private func decay(_ t: Double) -> Double {
        Double.exp(1000 * t * Double.log(rate))
    }

    /// Position `t` seconds after the start (exactly `destination` from `duration` on).
    public func value(at t: Double) -> Double {
        if t <= 0 { return start }
        if t >= duration { return destination }
        return start + (initialVelocity / 1000) * rate * (1 - decay(t)) / (1 - rate)
    }

    /// Velocity in points per second `t` seconds after the start (the derivative of `value`).
    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        let t = max(t, 0)
        return initialVelocity * rate * (-Double.log(rate)) / (1 - rate) * decay(t)
    }

    /// Seconds until rest: the first instant at which the remaining travel is under
    /// `restDistance` or the speed under `restSpeed`.
    public var duration: Double {
        let v = abs(initialVelocity)
        guard v > 0 else { return 0 }
        let lnr = Double.log(rate)
        // remaining(t) = (v/1000)·r·decay/(1−r) < restDistance
        let k = (v / 1000) * rate / (1 - rate)
        let tDistance = k <= Self.restDistance ? 0 : Double.log(Self.restDistance / k) / (1000 * lnr)
        // speed(t) = v·r·(−ln r)/(1−r)·decay < restSpeed
        let s = v * rate * (-lnr) / (1 - rate)
        let tSpeed = s <= Self.restSpeed ? 0 : Double.log(Self.restSpeed / s) / (1000 * lnr)
        return max(0, min(tDistance, tSpeed))
    }

    /// The first time at which the curve reaches `position`, if it does before it rests.
    public func time(toReach position: Double) -> Double? {
        let travel = position - start
        let total = destination - start
        guard total != 0, travel / total >= 0, abs(travel) <= abs(total) else { return nil }
        // (1 − decay) = travel·1000·(1−r)/(v0·r)
        let remainingFraction = 1 - travel * 1000 * (1 - rate) / (initialVelocity * rate)
        guard remainingFraction > 0 else { return nil }
        let t = Double.log(remainingFraction) / (1000 * Double.log(rate))
        return t <= duration ? max(0, t) : nil
    }
}
