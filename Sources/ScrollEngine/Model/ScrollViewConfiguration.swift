/// Everything that describes a scroll view, named after UIScrollView's properties, with UIKit's
/// defaults. The YAML configuration maps onto this one to one (`scrollView.<name>`).
public struct ScrollViewConfiguration: Hashable, Sendable {
    // MARK: Geometry
    /// The scroll view's bounds size (the screen, unless the config sets a frame).
    public var boundsSize: Size = Size(width: 1280, height: 800)
    public var contentSize: Size = .zero
    /// The starting contentOffset.
    public var contentOffset: Point = .zero
    public var contentInset: EdgeInsets = .zero
    /// Extra inset the system adds (UIKit's safe area); adjustedContentInset = contentInset + this.
    public var safeAreaInsets: EdgeInsets = .zero

    // MARK: Scrolling
    public var isScrollEnabled: Bool = true
    public var bounces: Bool = true
    public var bouncesHorizontally: Bool = true
    public var bouncesVertically: Bool = true
    public var alwaysBounceHorizontal: Bool = false
    public var alwaysBounceVertical: Bool = false
    public var isPagingEnabled: Bool = false
    public var isDirectionalLockEnabled: Bool = false
    /// In a nested scroll view, a horizontal drag that reaches the edge carries on in the nearest
    /// parent scroll view that scrolls horizontally instead of rubber-banding (UIKit, iOS 18).
    public var transfersHorizontalScrollingToParent: Bool = false
    /// The same for vertical drags.
    public var transfersVerticalScrollingToParent: Bool = false
    public var decelerationRate: DecelerationRate = .normal
    public var scrollsToTop: Bool = true
    /// Height of the status-bar strip at the top of the screen whose tap scrolls to the top.
    public var statusBarHeight: Double = 20
    /// What `scrollViewShouldScrollToTop` answers when the caller installs no handler.
    public var shouldScrollToTop: Bool = true
    /// allowsKeyboardScrolling (arrow keys, page keys, Home/End).
    public var allowsKeyboardScrolling: Bool = true

    // MARK: Zooming
    public var minimumZoomScale: Double = 1
    public var maximumZoomScale: Double = 1
    public var zoomScale: Double = 1
    public var bouncesZoom: Bool = true
    /// The id of the content view that zooms (viewForZooming); nil: pinches do nothing.
    public var zoomView: String? = nil
    /// Where content smaller than the bounds sits: (0,0) top-left as UIKit, (0.5,0.5) centred.
    public var contentAlignmentPoint: Point = .zero
    /// Double-tap-to-zoom; off by default (so single taps are never delayed).
    public var doubleTapZoom: DoubleTapZoom = DoubleTapZoom()
    /// Height of a stationary header laid out above the zoom view: it scrolls with the content but
    /// never zooms (the renderer's pinned header). While the zoom view defines the contentSize, the
    /// header is added to the zoom view's scaled height, so the whole zoomed content stays reachable
    /// below it. Set by the display from its header, not a YAML key.
    public var stationaryHeaderHeight: Double = 0

    // MARK: Infinite scrolling
    /// Content that repeats along one axis (StreetScroller): when the offset drifts more than a
    /// quarter of the content size from the centre of its range, the engine moves it back by whole
    /// periods, so nothing visibly jumps, and says so with a `recentered` message.
    public var infiniteScrolling: InfiniteScrolling? = nil

    // MARK: Touch delivery
    public var delaysContentTouches: Bool = true
    public var canCancelContentTouches: Bool = true
    public var contentViews: [ContentView] = []
    public var edgeSwipe: EdgeSwipe? = nil
    public var longPress: LongPress = LongPress()
    public var wakeTouch: WakeTouch = WakeTouch()

    public init() {}

    public struct DoubleTapZoom: Hashable, Sendable {
        public var enabled: Bool = false
        /// The scale a double tap zooms to (clamped to the limits); a second double tap returns
        /// to minimumZoomScale.
        public var scale: Double = 2
        public init(enabled: Bool = false, scale: Double = 2) {
            self.enabled = enabled
            self.scale = scale
        }
    }

    /// A strip along one screen edge where a swipe is a gesture of its own and does not scroll.
    public struct EdgeSwipe: Hashable, Sendable {
        public enum Edge: String, Hashable, Sendable, CaseIterable { case top, left, bottom, right }
        public var edge: Edge
        /// The strip's depth in points, measured from the edge of the screen.
        public var depth: Double
        public init(edge: Edge, depth: Double) {
            self.edge = edge
            self.depth = depth
        }
    }

    public struct LongPress: Hashable, Sendable {
        public var enabled: Bool = false
        public var minimumPressDuration: Double = 0.5
        public init(enabled: Bool = false, minimumPressDuration: Double = 0.5) {
            self.enabled = enabled
            self.minimumPressDuration = minimumPressDuration
        }
    }

    public struct InfiniteScrolling: Hashable, Sendable {
        public var axis: Axis
        /// The length after which the content repeats, points (at zoom scale 1). At most half the
        /// content size on that axis, so a recentre always lands within a quarter of the centre.
        public var period: Double
        public init(axis: Axis, period: Double) {
            self.axis = axis
            self.period = period
        }
    }

    /// The first touch after `idleSeconds` without input is swallowed (it wakes a blanked screen).
    public struct WakeTouch: Hashable, Sendable {
        public var enabled: Bool = false
        public var idleSeconds: Double = 60
        public init(enabled: Bool = false, idleSeconds: Double = 60) {
            self.enabled = enabled
            self.idleSeconds = idleSeconds
        }
    }

    /// contentInset plus the safe area (UIKit's adjustedContentInset).
    public var adjustedContentInset: EdgeInsets { contentInset + safeAreaInsets }

    /// UIKit's contentSize at `scale`: the zoom view's size times the scale, plus the stationary
    /// header, when zooming is possible; the configured contentSize otherwise.
    public func contentSize(atScale scale: Double) -> Size {
        contentSize(atScale: scale, zoomViewSize: zoomingContentView?.frame.size)
    }

    /// The same, given the size of `zoomingContentView` (nil when zooming is not possible).
    func contentSize(atScale scale: Double, zoomViewSize: Size?) -> Size {
        guard let zoomViewSize else { return contentSize }
        var size = zoomViewSize * scale
        size.height += stationaryHeaderHeight
        return size
    }

    /// The zoom view, when zooming is possible at all (a zoom view exists and the limits differ).
    public var zoomingContentView: ContentView? {
        guard let zoomView, minimumZoomScale != maximumZoomScale else { return nil }
        return contentViews.first { $0.id == zoomView }
    }
}
