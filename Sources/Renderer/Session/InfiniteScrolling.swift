import ScrollEngine

/// Infinite scrolling along one axis (WWDC 2011 "Advanced ScrollView Techniques", StreetScroller): the
/// content repeats with its own width as the period, the scroll view's contentSize spans `periods`
/// copies, and when contentOffset drifts more than a quarter of the content width from the centre it
/// is moved back to the centre and the content is moved by the same amount, so nothing visibly jumps.
public struct InfiniteScrolling: Hashable, Sendable {
    public var axis: Axis
    /// How many periods the scroll view's contentSize spans along `axis` (room to fling).
    public var periods: Int

    public init(axis: Axis = .horizontal, periods: Int = 5) {
        self.axis = axis
        self.periods = periods
    }

    /// The contentOffset (along `axis`) at which the view of the content is centred.
    public func centreOffset(contentLength: Double, boundsLength: Double) -> Double {
        (contentLength - boundsLength) / 2
    }

    /// How far contentOffset has drifted past a quarter of the content length from the centre, or
    /// nil. The engine makes the real decision (`ScrollView` with `infiniteScrolling`, whole
    /// periods, `recentered` message); this is the same threshold for driving a `RenderSession`
    /// without an engine, as the renderer's own tests do.
    public func recenterDelta(offset: Point, contentSize: Size, boundsSize: Size) -> Point? {
        let centre = centreOffset(contentLength: contentSize[axis], boundsLength: boundsSize[axis])
        let drift = offset[axis] - centre
        guard abs(drift) > contentSize[axis] / 4 else { return nil }
        var delta = Point.zero
        delta[axis] = drift
        return delta
    }
}
