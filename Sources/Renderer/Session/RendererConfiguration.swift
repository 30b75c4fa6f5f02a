import ScrollEngine

/// Everything the renderer draws besides the scroll view's state: the scroll view's geometry
/// (bounds, insets, content views), the indicators, the optional header and infinite scrolling,
/// the panel rotation, and the debug outlines.
public struct RendererConfiguration: Hashable, Sendable {
    public var scrollView: ScrollViewConfiguration
    public var indicators: IndicatorSettings = IndicatorSettings()
    public var header: StationaryHeader? = nil
    public var infiniteScrolling: InfiniteScrolling? = nil
    public var rotation: ScreenRotation = .none
    /// `--debug-views`: outline every content view of `scrollView.contentViews`.
    public var showsDebugViews: Bool = false
    /// What shows where there is no content: the strip a contentInset leaves (under a header, for
    /// instance), overscroll, content smaller than the screen. UIKit's light systemBackground
    /// (white), which is what shows through a UIScrollView whose own backgroundColor is nil in a
    /// standard light app, so an inset strip reads as part of the page rather than a black band.
    public var backgroundColor: Color = Color(rgb: 0xFFFFFF)

    public init(scrollView: ScrollViewConfiguration = ScrollViewConfiguration()) {
        self.scrollView = scrollView
    }

    /// The scroll view's contentSize for content of `pointSize` at `zoomScale`: the zoomed content,
    /// times the repeat count along an infinite axis, plus the header's height (which does not zoom).
    public func contentSize(contentPointSize pointSize: Size, zoomScale: Double) -> Size {
        var size = pointSize * zoomScale
        if let infiniteScrolling { size[infiniteScrolling.axis] *= Double(infiniteScrolling.periods) }
        size.height += header?.height ?? 0
        return size
    }
}
