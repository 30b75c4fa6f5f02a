/// UIKit's ease-in-out timing (the cubic Bézier (0.42, 0, 0.58, 1)) between two values over a
/// fixed duration — the curve of animated setContentOffset and setZoomScale.
public struct EaseInOutCurve: Hashable, Sendable {
    public static let defaultDuration = 0.3   // seconds, UIKit's animated scroll

    public let from: Double
    public let to: Double
    public let duration: Double

    public init(from: Double, to: Double, duration: Double = EaseInOutCurve.defaultDuration) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    public func value(at t: Double) -> Double {
        if t <= 0 || duration <= 0 { return t <= 0 ? from : to }
        if t >= duration { return to }
        return from + (to - from) * Self.progress(t / duration)
    }

    /// The Bézier's y for a given x in [0, 1]. x(s) is monotonic, so Newton's method on s with a
    /// bisection fallback solves it to 1e-12: this is evaluating the closed form, not stepping time.
    public static func progress(_ x: Double) -> Double {
        let x1 = 0.42, x2 = 0.58, y1 = 0.0, y2 = 1.0
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func dbez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let err = bez(s, x1, x2) - x
            if abs(err) < 1e-12 { return bez(s, y1, y2) }
            let d = dbez(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            if bez(s, x1, x2) < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bez(s, y1, y2)
    }
}
