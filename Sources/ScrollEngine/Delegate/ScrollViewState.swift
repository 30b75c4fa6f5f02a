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

    public init(
        contentOffset: Point, zoomScale: Double, contentSize: Size,
        isTracking: Bool = false, isDragging: Bool = false, isDecelerating: Bool = false,
        isScrollAnimating: Bool = false, isZooming: Bool = false, isZoomBouncing: Bool = false,
        isZoomAnimating: Bool = false
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
    }
}
