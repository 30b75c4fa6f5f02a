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

    /// The phase of `state` in a scroll view configured by `configuration`.
    public static func of(_ state: ScrollViewState, in configuration: ScrollViewConfiguration) -> SessionPhase {
        if state.isZoomBouncing { return .zoomBouncing }
        if state.isZooming { return .zooming }
        if state.isZoomAnimating { return .zoomAnimating }
        if state.isDragging { return .dragging }
        if state.isDecelerating {
            return isOutsideRange(state, in: configuration) ? .bouncing : .decelerating
        }
        if state.isScrollAnimating { return .scrollAnimating }
        if state.isTracking { return .tracking }
        return .resting
    }

    /// True when the offset lies beyond the engine's resting range (`ScrollGeometry`) on either
    /// axis by more than 0.01 pt, so landing exactly on an edge is not a bounce.
    static func isOutsideRange(_ state: ScrollViewState, in configuration: ScrollViewConfiguration) -> Bool {
        let geometry = ScrollGeometry(configuration: configuration, contentSize: state.contentSize)
        for axis in Axis.allCases {
            let range = geometry.range(axis)
            let offset = state.contentOffset[axis]
            if offset < range.lowerBound - 0.01 || offset > range.upperBound + 0.01 { return true }
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
