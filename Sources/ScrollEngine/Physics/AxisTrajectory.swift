/// The motion of one axis of the content offset after the finger lifts or an animation starts,
/// as a closed-form function of the seconds since it started.
///
/// A deceleration that would carry the content past an edge hands off, at the exact instant it
/// crosses the edge, to a critically damped spring that carries its velocity and settles on the
/// edge (or stops dead at the edge when the axis does not bounce).
public struct AxisTrajectory: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case deceleration(DecelerationCurve)
        case spring(SpringCurve)
        case ease(EaseInOutCurve)
        case hold(Double)

        func value(at t: Double) -> Double {
            switch self {
            case .deceleration(let c): c.value(at: t)
            case .spring(let c): c.value(at: t)
            case .ease(let c): c.value(at: t)
            case .hold(let x): x
            }
        }

        func velocityPerSecond(at t: Double) -> Double {
            switch self {
            case .deceleration(let c): return c.velocityPerSecond(at: t)
            case .spring(let c): return c.velocityPerSecond(at: t)
            case .ease(let c):
                // Central difference of a closed form (used only for reporting, never integrated).
                let h = 1e-4
                return (c.value(at: t + h) - c.value(at: t - h)) / (2 * h)
            case .hold: return 0
            }
        }

        var duration: Double {
            switch self {
            case .deceleration(let c): c.duration
            case .spring(let c): c.duration
            case .ease(let c): c.duration
            case .hold: 0
            }
        }

        var endValue: Double {
            switch self {
            case .deceleration(let c): c.destination
            case .spring(let c): c.target
            case .ease(let c): c.to
            case .hold(let x): x
            }
        }
    }

    public let first: Segment
    /// The segment that takes over at `handoffTime` (seconds after the start), if any.
    public let handoffTime: Double?
    public let second: Segment?

    public init(_ segment: Segment) {
        first = segment
        handoffTime = nil
        second = nil
    }

    public init(first: Segment, handoffAt time: Double, then second: Segment) {
        self.first = first
        self.handoffTime = time
        self.second = second
    }

    public static func resting(at x: Double) -> AxisTrajectory { AxisTrajectory(.hold(x)) }

    public func value(at t: Double) -> Double {
        // From `duration` on, exactly the destination (t − handoffTime may round below the second
        // segment's own duration).
        if t >= duration { return destination }
        if let handoffTime, let second, t >= handoffTime { return second.value(at: t - handoffTime) }
        return first.value(at: t)
    }

    public func velocityPerSecond(at t: Double) -> Double {
        if let handoffTime, let second, t >= handoffTime { return second.velocityPerSecond(at: t - handoffTime) }
        return first.velocityPerSecond(at: t)
    }

    /// Seconds from the start until the axis rests on `destination`.
    public var duration: Double {
        if let handoffTime, let second { return handoffTime + second.duration }
        return first.duration
    }

    public var destination: Double { (second ?? first).endValue }

    /// The motion after a release at `position` with `velocityPerSecond` inside `range`,
    /// decelerating at `rate`.
    ///
    /// - Overscrolled (outside the range): the overdamped return to the nearest edge, starting with
    ///   the content's own velocity (no jump of speed at the lift), never overshooting.
    /// - Inside: decelerate; when the resting point is past an edge, hand off to the critically
    ///   damped bounce at the exact crossing instant (bouncing) or stop dead at the edge (not bouncing).
    /// - `target`: a caller-rewritten resting point (clamped to the range); the deceleration is
    ///   re-aimed to rest exactly on it.
    public static func release(
        position: Double, velocityPerSecond velocity: Double, range: ClosedRange<Double>, bounces: Bool,
        rate: Double, target: Double? = nil
    ) -> AxisTrajectory {
        if position < range.lowerBound || position > range.upperBound {
            let edge = position < range.lowerBound ? range.lowerBound : range.upperBound
            return AxisTrajectory(.spring(.edgeReturn(start: position, edge: edge, velocityPerSecond: velocity)))
        }
        if let target {
            let landing = min(max(target, range.lowerBound), range.upperBound)
            if landing == position { return .resting(at: position) }
            return AxisTrajectory(.deceleration(DecelerationCurve(start: position, landingOn: landing, rate: rate)))
        }
        let curve = DecelerationCurve(start: position, velocityPerSecond: velocity, rate: rate)
        if curve.duration == 0 { return .resting(at: position) }
        let landing = curve.destination
        guard landing < range.lowerBound || landing > range.upperBound else {
            return AxisTrajectory(.deceleration(curve))
        }
        let edge = landing < range.lowerBound ? range.lowerBound : range.upperBound
        guard let crossing = curve.time(toReach: edge) else {
            return AxisTrajectory(.deceleration(curve))
        }
        if !bounces {
            return AxisTrajectory(first: .deceleration(curve), handoffAt: crossing, then: .hold(edge))
        }
        let spring = SpringCurve.bounce(start: edge, target: edge, velocityPerSecond: curve.velocityPerSecond(at: crossing))
        return AxisTrajectory(first: .deceleration(curve), handoffAt: crossing, then: .spring(spring))
    }
}
