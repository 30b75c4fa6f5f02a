import RealModule

/// A damped spring settling on `target` without oscillating, in closed form.
///
/// The displacement from the target is the sum of two decaying exponentials with decay rates
/// `slowRate` ≤ `fastRate` (per second), fixed by the start position and velocity:
///
///     overdamped (slow < fast):  x(t) = target + A·e^(−slow·t) + B·e^(−fast·t)
///                                A = (v0 + fast·c)/(fast − slow),  B = −(v0 + slow·c)/(fast − slow)
///     critically damped (ω = slow = fast):  x(t) = target + (c + (v0 + ω·c)·t)·e^(−ω·t)
///
/// with c = x0 − target. It crosses the target at most once, and never when the start velocity does
/// not point at the target faster than fast·|c| (`withoutOvershoot` enforces that).
///
/// Two springs are used (docs/engine.md): the bounce after a fling meets an edge (critically damped,
/// ω = 11 s⁻¹) and the return of content released past an edge (overdamped, 9 and 74 s⁻¹), both
/// fitted to iOS 26.1 measurements.
public struct SpringCurve: Hashable, Sendable {
    /// The bounce after a fling crosses an edge: critically damped, ω = 11 s⁻¹ (overshoot and
    /// settle within 1 pt / 2 % of iOS).
    public static let bounceRate = 11.0
    /// The return of content released past an edge: a 235 pt overscroll is halved in 91 ms and is
    /// within 2 pt of the edge after 0.55 s (iOS). The slow rate sets the tail, the fast one the start.
    public static let returnSlowRate = 9.0
    public static let returnFastRate = 74.0
    /// The spring rests once within this distance of the target (points) ...
    public static let restDistance = 0.5
    /// ... and slower than this (points per second).
    public static let restSpeedPerSecond = 10.0

    public let start: Double
    public let target: Double
    /// Start velocity, points per second.
    public let velocityPerSecond: Double
    public let slowRate: Double
    public let fastRate: Double
    /// Seconds until rest (see `restingTime`), computed once: every sample compares with it.
    public let duration: Double

    public init(start: Double, target: Double, velocityPerSecond: Double, slowRate: Double, fastRate: Double) {
        precondition(slowRate > 0 && fastRate >= slowRate, "spring decay rates must satisfy 0 < slow ≤ fast")
        self.start = start
        self.target = target
        self.velocityPerSecond = velocityPerSecond
        self.slowRate = slowRate
        self.fastRate = fastRate
        self.duration = Self.restingTime(start - target, velocityPerSecond, slowRate, fastRate)
    }

    /// The critically damped bounce (ω = `bounceRate`).
    public static func bounce(start: Double, target: Double, velocityPerSecond: Double) -> SpringCurve {
        SpringCurve(start: start, target: target, velocityPerSecond: velocityPerSecond, slowRate: bounceRate, fastRate: bounceRate)
    }

    /// The overdamped return to an edge, starting with the content's own velocity, limited so it
    /// cannot overshoot.
    public static func edgeReturn(start: Double, edge: Double, velocityPerSecond: Double) -> SpringCurve {
        withoutOvershoot(SpringCurve(start: start, target: edge, velocityPerSecond: velocityPerSecond,
                                     slowRate: returnSlowRate, fastRate: returnFastRate))
    }

    /// The same spring with a start velocity pointing at the target capped at fast·|distance|
    /// (then the motion is the fast exponential alone), so it never crosses the target.
    public static func withoutOvershoot(_ s: SpringCurve) -> SpringCurve {
        let c = s.start - s.target
        var v = s.velocityPerSecond
        if c != 0, v * c < 0, abs(v) > s.fastRate * abs(c) { v = -s.fastRate * c }
        return SpringCurve(start: s.start, target: s.target, velocityPerSecond: v, slowRate: s.slowRate, fastRate: s.fastRate)
    }

    private var isCritical: Bool { fastRate == slowRate }
    private var weights: (Double, Double) { Self.weights(start - target, velocityPerSecond, slowRate, fastRate) }

    /// Overdamped weights (A, B) of the two exponentials; for the critical case (c, v0 + ω·c).
    private static func weights(_ c: Double, _ v: Double, _ slow: Double, _ fast: Double) -> (Double, Double) {
        if fast == slow { return (c, v + slow * c) }
        let span = fast - slow
        return ((v + fast * c) / span, -(v + slow * c) / span)
    }

    private func displacement(at t: Double) -> Double {
        let (p, q) = weights
        if isCritical { return (p + q * t) * Double.exp(-slowRate * t) }
        return p * Double.exp(-slowRate * t) + q * Double.exp(-fastRate * t)
    }

    public func value(at t: Double) -> Double {
        if t <= 0 { return start }
        if t >= duration { return target }
        return target + displacement(at: t)
    }

    /// Velocity in points per second (the derivative of `value`).
    public func velocityPerSecond(at t: Double) -> Double {
        if t >= duration { return 0 }
        let t = max(t, 0)
        let (p, q) = weights
        let w = slowRate
        if isCritical { return (q - w * (p + q * t)) * Double.exp(-w * t) }
        return -w * p * Double.exp(-w * t) - fastRate * q * Double.exp(-fastRate * t)
    }

    /// Seconds until rest: the first instant from which the spring stays within `restDistance` of
    /// the target with a speed under `restSpeedPerSecond`. Both are bounded by envelopes that
    /// decrease as K·e^(−slow·t/2); solving those for the rest thresholds gives a closed-form
    /// upper bound, and a fixed number of bisection steps below it finds the instant (independent of
    /// sampling, and finite for any finite start).
    private static func restingTime(_ c: Double, _ v: Double, _ slow: Double, _ fast: Double) -> Double {
        let isCritical = fast == slow
        let (p, q) = weights(c, v, slow, fast)
        guard p.isFinite, q.isFinite, slow.isFinite, fast.isFinite else { return 0 }
        let a = abs(p), b = abs(q), w = slow, f = fast
        if a < 1e-12 && b < 1e-12 { return 0 }
        // Envelopes of |displacement| and |speed|.
        func envelope(_ t: Double) -> (Double, Double) {
            if isCritical {
                let e = Double.exp(-w * t)
                return ((a + b * t) * e, (b + w * (a + b * t)) * e)
            }
            let es = Double.exp(-w * t), ef = Double.exp(-f * t)
            return (a * es + b * ef, w * a * es + f * b * ef)
        }
        func settled(_ t: Double) -> Bool {
            let (x, v) = envelope(t)
            return x < restDistance && v < restSpeedPerSecond
        }
        if settled(0) { return 0 }
        // t·e^(−w·t/2) ≤ 2/(e·w), so both envelopes are at most K·e^(−w·t/2) with:
        let kDisplacement = isCritical ? a + 2 * b / (M_E * w) : a + b
        let kSpeed = isCritical ? b + w * a + 2 * b / M_E : w * a + f * b
        func bound(_ k: Double, _ limit: Double) -> Double {
            k <= limit ? 0 : 2 * (Double.log(k) - Double.log(limit)) / w
        }
        var hi = max(bound(kDisplacement, restDistance), bound(kSpeed, restSpeedPerSecond))
        guard hi.isFinite, hi > 0 else { return 0 }
        var lo = 0.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if settled(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}

private let M_E = 2.718281828459045
