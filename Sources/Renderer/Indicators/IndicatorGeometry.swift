import ScrollEngine

/// Where UIKit puts the scroll indicators: pure functions of the scroll view's geometry.
///
/// For the vertical indicator (the horizontal one is the same with the axes swapped):
/// - effective insets  E = verticalScrollIndicatorInsets (+ adjustedContentInset when automatic)
/// - track             from E.top + margin to bounds.height − E.bottom − margin
///                     (− thickness − margin when the other indicator is shown, to keep the corner free)
/// - visible fraction  f = (bounds.height − inset.top − inset.bottom) / contentSize.height   (inset = adjustedContentInset)
/// - length            ℓ = clamp(track · f, minimumLength, track); no indicator when f ≥ 1
/// - progress          p = (offset.y + inset.top) / (contentSize.height + inset.top + inset.bottom − bounds.height)
/// - position          y = trackStart + p · (track − ℓ)
/// - overscroll by o   ℓ' = max(minimumOverscrollLength, ℓ − o), pinned to the end it is past
/// - across the axis   x = bounds.width − E.right − margin − thickness
public struct IndicatorGeometry: Hashable, Sendable {
    public var boundsSize: Size
    public var contentSize: Size
    public var contentOffset: Point
    public var adjustedContentInset: EdgeInsets
    public var settings: IndicatorSettings

    public init(boundsSize: Size, contentSize: Size, contentOffset: Point, adjustedContentInset: EdgeInsets, settings: IndicatorSettings) {
        self.boundsSize = boundsSize
        self.contentSize = contentSize
        self.contentOffset = contentOffset
        self.adjustedContentInset = adjustedContentInset
        self.settings = settings
    }

    /// Whether the indicator for `axis` is drawn at all: its show flag is set and the content
    /// is longer than what is visible along it.
    public func isShown(_ axis: Axis) -> Bool {
        let flag = axis == .vertical ? settings.showsVerticalScrollIndicator : settings.showsHorizontalScrollIndicator
        return flag && visibleFraction(axis) < 1
    }

    /// The part of the content visible along `axis` (may exceed 1).
    public func visibleFraction(_ axis: Axis) -> Double {
        let content = contentSize[axis]
        guard content > 0 else { return .infinity }
        let visible = boundsSize[axis] - adjustedContentInset.leading(axis) - adjustedContentInset.trailing(axis)
        return visible / content
    }

    /// The indicator insets in effect for `axis`.
    public func effectiveInsets(_ axis: Axis) -> EdgeInsets {
        let own = axis == .vertical ? settings.verticalScrollIndicatorInsets : settings.horizontalScrollIndicatorInsets
        return settings.automaticallyAdjustsScrollIndicatorInsets ? own + adjustedContentInset : own
    }

    /// The indicator's rectangle in screen coordinates, or nil when it is not shown.
    public func indicatorRect(_ axis: Axis) -> Rect? {
        guard isShown(axis) else { return nil }
        let other: Axis = axis == .vertical ? .horizontal : .vertical
        let s = settings
        let e = effectiveInsets(axis)
        let inset = adjustedContentInset
        let trackStart = e.leading(axis) + s.edgeMargin
        var trackEnd = boundsSize[axis] - e.trailing(axis) - s.edgeMargin
        if isShown(other) { trackEnd -= s.thickness + s.edgeMargin }
        let track = max(0, trackEnd - trackStart)

        let length = min(track, max(s.minimumLength, track * visibleFraction(axis)))
        let minOffset = -inset.leading(axis)
        let maxOffset = contentSize[axis] + inset.trailing(axis) - boundsSize[axis]
        let offset = contentOffset[axis]

        let position: Double
        let drawnLength: Double
        if offset < minOffset {
            drawnLength = max(s.minimumOverscrollLength, length - (minOffset - offset))
            position = trackStart
        } else if offset > maxOffset {
            drawnLength = max(s.minimumOverscrollLength, length - (offset - maxOffset))
            position = trackEnd - drawnLength
        } else {
            let progress = maxOffset > minOffset ? (offset - minOffset) / (maxOffset - minOffset) : 0
            drawnLength = length
            position = trackStart + progress * (track - length)
        }
        let across = boundsSize[other] - e.trailing(other) - s.edgeMargin - s.thickness
        return axis == .vertical
            ? Rect(x: across, y: position, width: s.thickness, height: drawnLength)
            : Rect(x: position, y: across, width: drawnLength, height: s.thickness)
    }
}
