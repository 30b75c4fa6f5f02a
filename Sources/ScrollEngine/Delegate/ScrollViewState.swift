/// The observable state of a scroll view at one instant: what every delegate message carries.
public struct ScrollViewState: Hashable, Sendable {
    public var contentOffset: Point
    public var zoomScale: Double
    public var contentSize: Size
    /// The user has touched the content and may not have started dragging yet (UIKit `isTracking`).
    public var isTracking: Bool
    /// The user has started scrolling the content (UIKit `isDragging`).
    public var isDragging: Bool
    /// The content is moving after the user lifted their finger (UIKit `isDecelerating`);
    /// a bounce back from an edge counts as deceleration, as in UIKit.
    public var isDecelerating: Bool
    /// A programmatic animated scroll is running (setContentOffset / scrollRectToVisible /
    /// scroll to top / keyboard and wheel scrolling).
    public var isScrollAnimating: Bool
    /// A pinch is zooming the content (UIKit `isZooming`).
    public var isZooming: Bool
    /// The zoom scale is animating back inside its limits (UIKit `isZoomBouncing`).
    public var isZoomBouncing: Bool
    /// A programmatic animated zoom is running (setZoomScale / zoom(to:) / double tap).
    public var isZoomAnimating: Bool
    /// The engine's interaction phase (the state of its state machine, docs/engine.md); the flags
    /// above are derived from it.
    public var phase: ScrollPhase

    public init(
        contentOffset: Point, zoomScale: Double, contentSize: Size,
        isTracking: Bool = false, isDragging: Bool = false, isDecelerating: Bool = false,
        isScrollAnimating: Bool = false, isZooming: Bool = false, isZoomBouncing: Bool = false,
        isZoomAnimating: Bool = false, phase: ScrollPhase = .idle
    ) {
        self.contentOffset = contentOffset
        self.zoomScale = zoomScale
        self.contentSize = contentSize
        self.isTracking = isTracking
        self.isDragging = isDragging
        self.isDecelerating = isDecelerating
        self.isScrollAnimating = isScrollAnimating
        self.isZooming = isZooming
        self.isZoomBouncing = isZoomBouncing
        self.isZoomAnimating = isZoomAnimating
        self.phase = phase
    }
}

/// The phases of the scroll view's state machine, as published in its state.
public enum ScrollPhase: String, Hashable, Sendable, CaseIterable {
    /// At rest, no finger on the content.
    case idle
    /// Fingers on the content; no drag or pinch recognised yet.
    case tracking
    /// The pan won: the content follows the fingers' centroid.
    case dragging
    /// Two or more fingers zoom the content (and pan it with their centroid).
    case pinching
    /// After the lift: a fling, a bounce or return to an edge, or settling on a page.
    case decelerating
    /// A programmatic animated scroll.
    case scrollAnimating
    /// The zoom scale (and offset) settling inside the limits after a pinch.
    case zoomSettling
    /// A programmatic animated zoom.
    case zoomAnimating
}

extension ScrollPhase {
    /// Something moves by itself (the caller should advance at its frame rate).
    var isMotion: Bool {
        switch self {
        case .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating: true
        case .idle, .tracking, .dragging, .pinching: false
        }
    }
}

/// One change of phase: `from → input → to`, at `time`.
public struct PhaseTransition: Hashable, Sendable, CustomStringConvertible {
    public var time: Timestamp
    public var from: ScrollPhase
    public var input: String
    public var to: ScrollPhase
    /// The id of the scroll view that changed, when it is one of a screen's several (ScrollViewTree sets it).
    public var view: String?

    public init(time: Timestamp, from: ScrollPhase, input: String, to: ScrollPhase, view: String? = nil) {
        self.time = time
        self.from = from
        self.input = input
        self.to = to
        self.view = view
    }

    public var description: String { "\(from.rawValue) → \(input) → \(to.rawValue)" }
}
