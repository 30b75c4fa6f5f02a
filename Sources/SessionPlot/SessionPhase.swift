import ScrollEngine

/// What the scroll view is doing at an instant, as the plot colours it. One phase at a time, the
/// most specific winning (a bounce is a deceleration outside the scrollable range).
public enum SessionPhase: String, Hashable, Sendable, CaseIterable {
    case resting
    case tracking
    case dragging
    case decelerating
    case bouncing
    case scrollAnimating
    case zooming
    case zoomBouncing
    case zoomAnimating

    /// The phase of `state` in a scroll view of `boundsSize` with `adjustedInset`.
    public static func of(_ state: ScrollViewState, boundsSize: Size, adjustedInset: EdgeInsets) -> SessionPhase {
        if state.isZoomBouncing { return .zoomBouncing }
        if state.isZooming { return .zooming }
        if state.isZoomAnimating { return .zoomAnimating }
        if state.isDragging { return .dragging }
        if state.isDecelerating {
            return isOutsideRange(state, boundsSize: boundsSize, adjustedInset: adjustedInset) ? .bouncing : .decelerating
        }
        if state.isScrollAnimating { return .scrollAnimating }
        if state.isTracking { return .tracking }
        return .resting
    }

    /// True when the offset lies beyond UIKit's scrollable range on either axis (by more than
    /// 0.01 pt, so landing exactly on an edge is not a bounce).
    static func isOutsideRange(_ state: ScrollViewState, boundsSize: Size, adjustedInset: EdgeInsets) -> Bool {
        for axis in Axis.allCases {
            let minimum = -adjustedInset.leading(axis)
            let maximum = max(minimum, state.contentSize[axis] + adjustedInset.trailing(axis) - boundsSize[axis])
            let offset = state.contentOffset[axis]
            if offset < minimum - 0.01 || offset > maximum + 0.01 { return true }
        }
        return false
    }

    /// The colour the plot gives the phase (resting is not drawn).
    public var colour: String {
        switch self {
        case .resting: "#ffffff"
        case .tracking: "#c7c7c7"
        case .dragging: "#4e79a7"
        case .decelerating: "#59a14f"
        case .bouncing: "#e15759"
        case .scrollAnimating: "#b07aa1"
        case .zooming: "#f28e2b"
        case .zoomBouncing: "#ff9da7"
        case .zoomAnimating: "#edc948"
        }
    }
}
