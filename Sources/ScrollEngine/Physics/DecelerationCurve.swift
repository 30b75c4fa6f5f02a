import RealModule

/// A fling slowing down, in closed form.
///
/// UIKit keeps the fraction `r` (the deceleration rate) of the velocity every millisecond. With the
/// release velocity `v` in points per millisecond, the speed after `t` seconds is `v·r^(1000·t)` and
/// the position is the geometric series of those steps:
///
///     x(t) = x0 + v·r·(1 − r^(1000·t)) / (1 − r)
///
/// Any instant can be sampled directly, so 30, 60, 120 or 144 Hz sampling agree exactly. As on iOS,
/// the motion stops dead, on the curve, at the instant the speed falls under `restSpeedPerSecond`
/// (10 pt/s = 0.01 pt/ms): r^(1000·T) = 0.01/|v|, where the position is
///
///     destination = x0 + (v − 0.01)·r / (1 − r)        (v signed, 0.01 with v's sign)
///
/// — 5 pt short of Apple's projection x0 + v·r/(1 − r) at the normal rate (measured on iOS 26.1).
public struct DecelerationCurve: Hashable, Sendable {
    /// The speed under which a fling stops dead (iOS, measured), points per second.
    public static let restSpeedPerSecond = 10.0

    public let start: Double
    /// Release velocity, points per second.
    public let velocityPerSecond: Double
    /// Fraction of the velocity kept per millisecond, 0 < rate < 1.
    public let rate: Double
    /// ln(rate), and the seconds until the speed falls under the rest speed:
    /// ln(0.01/|v|) / (1000·ln r) (0 when it already is under it). Both computed once: a motion
    /// asks for them on every frame.
    private let logRate: Double
    public let duration: Double

    public init(start: Double, velocityPerSecond: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "deceleration rate must lie in (0, 1)")
        self.start = start
        self.velocityPerSecond = velocityPerSecond
        self.rate = rate
        logRate = Double.log(rate)
        let speed = abs(velocityPerSecond)
        duration = speed > Self.restSpeedPerSecond ? Double.log(Self.restSpeedPerSecond / speed) / (1000 * logRate) : 0
    }

    /// The deceleration that starts at `start` and rests exactly on `target` (UIKit's rewritten
    /// targetContentOffset): the release velocity is the one whose resting point is the target.
    public init(start: Double, landingOn target: Double, rate: Double) {
        let travel = target - start
        let restPerMs = Self.restSpeedPerSecond / 1000
        let perMs = travel == 0 ? 0 : travel * (1 - rate) / rate + (travel < 0 ? -restPerMs : restPerMs)
        self.init(start: start, velocityPerSecond: perMs * 1000, rate: rate)
    }

    /// Where the fling rests.
    public var destination: Double {
        start + Self.restingDistance(velocityPerSecond: velocityPerSecond, rate: rate)
    }

    /// How far a fling released at `velocityPerSecond` travels before it stops dead:
    /// (|v| − 0.01)·r/(1 − r) with v in pt/ms, signed like v; 0 when it is already under the rest speed.
    public static func restingDistance(velocityPerSecond: Double, rate: Double) -> Double {
        let speed = abs(velocityPerSecond)
        guard speed > restSpeedPerSecond else { return 0 }
        let d = (speed - restSpeedPerSecond) / 1000 * rate / (1 - rate)
        return velocityPerSecond < 0 ? -d : d
    }

    /// r^(1000·t), the fraction of the release speed left after `t` seconds.
    @inline(__always)
    private func decay(_ t: Double) -> Double {
        Double.exp(1000 * t * logRate)
    }

    /// Position `t` seconds after the start (exactly `destination` from `duration` on).
    public func value(at t: Double) -> Double {
        if t <= 0 { return start }
        if t >= duration { return destination }
        return start + (velocityPerSecond / 1000) * rate * (1 - decay(t)) / (1 - rate)
    }

    /// Velocity in points per second `t` seconds after the start: the derivative of `value`,
    /// v·r·(−ln r)/(1 − r)·r^(1000·t) (within 0.5 % of UIKit's stepped v·r^(1000·t) for r ≥ 0.99).
    public func velocityPerSecond(at t: Double) -> Double {
        if t >= duration { return 0 }
        return velocityPerSecond * rate * (-logRate) / (1 - rate) * decay(max(t, 0))
    }

    /// The first time at which the curve reaches `position`, if it does before it rests.
    public func time(toReach position: Double) -> Double? {
        let travel = position - start
        let total = destination - start
        guard total != 0, travel / total >= 0, abs(travel) <= abs(total) else { return nil }
        // 1 − decay = travel·(1 − r)/(v·r), v in pt/ms
        let remainingFraction = 1 - travel * 1000 * (1 - rate) / (velocityPerSecond * rate)
        guard remainingFraction > 0 else { return nil }
        let t = Double.log(remainingFraction) / (1000 * logRate)
        return t <= duration ? max(0, t) : nil
    }
}
