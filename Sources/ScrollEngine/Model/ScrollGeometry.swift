/// The scroll view's geometry on one axis at one zoom scale: where the content offset may rest,
/// whether the axis scrolls at all and whether it bounces. Pure functions of the configuration.
public struct ScrollGeometry: Hashable, Sendable {
    public var boundsSize: Size
    public var contentSize: Size
    public var insets: EdgeInsets
    public var contentAlignmentPoint: Point
    public var bounces: Bool
    public var bouncesHorizontally: Bool
    public var bouncesVertically: Bool
    public var alwaysBounceHorizontal: Bool
    public var alwaysBounceVertical: Bool

    public init(configuration c: ScrollViewConfiguration, contentSize: Size) {
        boundsSize = c.boundsSize
        self.contentSize = contentSize
        insets = c.adjustedContentInset
        contentAlignmentPoint = c.contentAlignmentPoint
        bounces = c.bounces
        bouncesHorizontally = c.bouncesHorizontally
        bouncesVertically = c.bouncesVertically
        alwaysBounceHorizontal = c.alwaysBounceHorizontal
        alwaysBounceVertical = c.alwaysBounceVertical
    }

    /// The offsets at which the content may rest on `axis`. Content smaller than the space inside
    /// the insets has a single resting offset, placed by contentAlignmentPoint (0: leading edge, as
    /// UIKit; 0.5: centred; 1: trailing).
    public func range(_ axis: Axis) -> ClosedRange<Double> {
        let leading = insets.leading(axis), trailing = insets.trailing(axis)
        let lower = -leading
        let upper = contentSize[axis] + trailing - boundsSize[axis]
        if upper >= lower { return lower...upper }
        let slack = lower - upper
        let resting = lower - slack * contentAlignmentPoint[axis]
        return resting...resting
    }

    /// True when the content is larger than the viewport on `axis`.
    public func exceedsViewport(_ axis: Axis) -> Bool {
        let r = range(axis)
        return r.upperBound > r.lowerBound
    }

    /// Whether dragging moves the content on `axis` at all (UIKit: the content exceeds the bounds,
    /// or alwaysBounce… asks for bouncing anyway while bounces is on).
    public func scrolls(_ axis: Axis) -> Bool { scrolls(axis, in: range(axis)) }

    /// The same, given `range(axis)` (a drag asks for both on every frame).
    func scrolls(_ axis: Axis, in r: ClosedRange<Double>) -> Bool {
        if r.upperBound > r.lowerBound { return true }
        return bounces(axis) && (axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical)
    }

    /// Whether the axis may go past its edges (rubber band and bounce back).
    public func bounces(_ axis: Axis) -> Bool {
        bounces && (axis == .horizontal ? bouncesHorizontally : bouncesVertically)
    }

    public func clamp(_ offset: Point) -> Point {
        var p = offset
        for axis in Axis.allCases {
            let r = range(axis)
            p[axis] = min(max(p[axis], r.lowerBound), r.upperBound)
        }
        return p
    }

    /// The displayed offset for an unconstrained "raw" offset the fingers ask for: 1:1 inside the
    /// range, rubber-banded past an edge (or clamped where the axis does not bounce).
    public func displayed(raw: Double, _ axis: Axis) -> Double { displayed(raw: raw, axis, in: range(axis)) }

    /// The same, given `range(axis)`.
    func displayed(raw: Double, _ axis: Axis, in r: ClosedRange<Double>) -> Double {
        if raw >= r.lowerBound && raw <= r.upperBound { return raw }
        let edge = raw < r.lowerBound ? r.lowerBound : r.upperBound
        guard bounces(axis) else { return edge }
        return edge + RubberBand.overscroll(forExcess: raw - edge, dimension: boundsSize[axis])
    }

    /// d(displayed)/d(raw) at `raw`: how fast the content moves per point the fingers move — 1
    /// inside the range, the rubber band's slope c/(1 + excess·c/d)² past a bouncing edge, 0 past
    /// an edge that does not bounce.
    public func displayedSlope(raw: Double, _ axis: Axis) -> Double {
        let r = range(axis)
        if raw >= r.lowerBound && raw <= r.upperBound { return 1 }
        guard bounces(axis) else { return 0 }
        return RubberBand.slope(forExcess: raw < r.lowerBound ? r.lowerBound - raw : raw - r.upperBound,
                                dimension: boundsSize[axis])
    }

    /// The raw offset whose rubber-banded display is `displayed` (inverse of `displayed`).
    public func raw(forDisplayed displayed: Double, _ axis: Axis) -> Double {
        let r = range(axis)
        if displayed >= r.lowerBound && displayed <= r.upperBound { return displayed }
        let edge = displayed < r.lowerBound ? r.lowerBound : r.upperBound
        guard bounces(axis) else { return edge }
        return edge + RubberBand.excess(forOverscroll: displayed - edge, dimension: boundsSize[axis])
    }
}
