import RealModule

/// A critically damped spring settling on `target`, in closed form.
///
///     x(t) = target + (c1 + c2·t)·e^(−ω·t),   c1 = x0 − target,   c2 = v0 + ω·c1
///
/// It never oscillates; it crosses the target at most once, and not at all when the start velocity
/// does not point at the target faster than ω·|c1| (use `withoutOvershoot` to enforce that).
/// ω = 11 s⁻¹ gives UIKit's bounce: about half a second to settle from a full-screen flick.
public struct SpringCurve: Hashable, Sendable {
    public static let defaultAngularFrequency = 11.0
    public static let restDistance = 0.5      // points
    public static let restSpeed = 10.0        // points per second

    public let start: Double
    public let target: Double
    public let initialVelocity: Double        // points per second
    public let omega: Double

    public init(start: Double, target: Double, initialVelocity: Double, omega: Double = SpringCurve.defaultAngularFrequency) {
        self.start = start
        self.target = target
        self.initialVelocity = initialVelocity
        self.omega = omega
    }

    /// A spring whose start velocity is limited so it cannot overshoot the target: a velocity
    /// pointing at the target is capped at ω·|distance| (then the motion is a pure exponential).
    public static func withoutOvershoot(start: Double, target: Double, initialVelocity: Double, omega: Double = defaultAngularFrequency) -> SpringCurve {
        let c1 = start - target
        var v = initialVelocity
        if c1 != 0, v * c1 < 0, abs(v) > omega * abs(c1) {
            v = -omega * c1
        } else if c1 == 0 {
            // At the target already: any velocity carries it out and back, never across.
        }
        return SpringCurve(start: start, target: target, initialVelocity: v, omega: omega)
    }

    private var c1: Double { start - target }
    private var c2: Double { initialVelocity + omega * c1 }

    public func value(at t: Double) -> Double {
        if t <= 0 { return start }
        if t >= duration { return target }
        return target + (c1 + c2 * t) * Double.exp(-omega * t)
    }

    public func velocity(at t: Double) -> Double {
        if t >= duration { return 0 }
        let t = max(t, 0)
        return (c2 - omega * (c1 + c2 * t)) * Double.exp(-omega * t)
    }

    /// Seconds until rest: the first instant from which the spring stays within `restDistance`
    /// of the target with a speed under `restSpeed`. The envelope (|c1| + |c2|·t)·e^(−ωt) bounds
    /// the displacement and decreases once past its peak, so a bisection on it is exact enough and
    /// independent of sampling.
    public var duration: Double {
        let a = abs(c1), b = abs(c2)
        if a < 1e-12 && b < 1e-12 { return 0 }
        func settled(_ t: Double) -> Bool {
            let e = Double.exp(-omega * t)
            let displacement = (a + b * t) * e
            let speed = (b + omega * (a + b * t)) * e
            return displacement < Self.restDistance && speed < Self.restSpeed
        }
        if settled(0) { return 0 }
        var hi = 1.0 / omega
        while !settled(hi) { hi *= 2 }
        var lo = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if settled(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
