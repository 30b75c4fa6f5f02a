/// The rubber band that resists dragging beyond an edge (UIKit's formula).
///
/// For a finger that has gone `excess` points past the edge, the content moves
/// `(1 − 1/(excess·c/d + 1))·d`, where `d` is the bounds dimension on that axis and `c` = 0.55.
/// The result is continuous, equals the excess to first order near the edge, and never reaches `d`.
public enum RubberBand {
    /// UIKit's rubber-band coefficient.
    public static let coefficient = 0.55

    /// How far the content is displaced for a finger `excess` points past the edge (sign kept).
    public static func overscroll(forExcess excess: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = abs(excess)
        let displaced = (1 - 1 / (magnitude * coefficient / d + 1)) * d
        return excess < 0 ? -displaced : displaced
    }

    /// The derivative of `overscroll` at `excess`: c/(1 + |excess|·c/d)², 0.55 at the edge.
    public static func slope(forExcess excess: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let k = 1 + abs(excess) * coefficient / d
        return coefficient / (k * k)
    }

    /// The inverse: how far past the edge a finger must be to displace the content by
    /// `overscroll` (used when a finger catches content mid-bounce, so it does not jump).
    public static func excess(forOverscroll overscroll: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = min(abs(overscroll), d * (1 - 1e-9))
        let excess = d * (1 / (1 - magnitude / d) - 1) / coefficient
        return overscroll < 0 ? -excess : excess
    }
}
