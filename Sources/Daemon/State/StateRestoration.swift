import ScrollEngine

/// Puts a preserved state back into a scroll view's configuration before the scroll view is made,
/// so the content appears where it was, clamped to what the current configuration allows (the
/// content or screen may have changed size since the state was saved).
public enum StateRestoration {
    /// `configuration` with the preserved offset, zoom and inset. The zoom is clamped to the zoom
    /// limits (and kept at the configured scale when zooming is not possible), then the offset to the
    /// scrollable range: from -inset at the leading edges to contentSize (zoom view × zoom) + inset - bounds at the
    /// trailing ones (the leading end when the content is smaller than the bounds).
    public static func restore(_ preserved: PreservedScrollViewState, into configuration: ScrollViewConfiguration) -> ScrollViewConfiguration {
        var restored = configuration
        restored.contentInset = preserved.contentInset
        if configuration.zoomingContentView != nil {
            let low = min(configuration.minimumZoomScale, configuration.maximumZoomScale)
            let high = max(configuration.minimumZoomScale, configuration.maximumZoomScale)
            restored.zoomScale = min(max(preserved.zoomScale, low), high)
        }
        restored.contentOffset = clampedOffset(preserved.contentOffset, in: restored)
        return restored
    }

    /// The nearest offset to `offset` inside the scrollable range of `configuration` at its zoom.
    public static func clampedOffset(_ offset: Point, in configuration: ScrollViewConfiguration) -> Point {
        let inset = configuration.adjustedContentInset
        // The engine's ScrollView.contentSize: the zoom view's size times the scale (plus a
        // stationary header) when the content zooms, the configured contentSize otherwise.
        let content = configuration.contentSize(atScale: configuration.zoomScale)
        var clamped = offset
        for axis in Axis.allCases {
            let lowest = -inset.leading(axis)
            let highest = max(lowest, content[axis] + inset.trailing(axis) - configuration.boundsSize[axis])
            clamped[axis] = min(max(offset[axis], lowest), highest) + 0  // + 0: never -0 (from a zero inset)
        }
        return clamped
    }
}
