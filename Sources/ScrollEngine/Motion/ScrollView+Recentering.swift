/// Infinite scrolling (StreetScroller): content that repeats every `period` along one axis is kept
/// near the middle of its range by moving the offset by whole periods. The check runs after every
/// transition; the move is the state machine's `recenter` input, so whatever moves the content (a
/// drag, a fling, an animation) carries on from the recentred place.
extension ScrollView {
    /// The repeat period in points at the current zoom, when infinite scrolling is configured and
    /// usable (a period of at most half the content size, so a recentre lands within a quarter of
    /// the centre and happens once per crossing).
    var recentringPeriod: Double? {
        guard let infinite = configuration.infiniteScrolling, infinite.period > 0 else { return nil }
        let period = infinite.period * zoomScale
        return period <= contentSize[infinite.axis] / 2 ? period : nil
    }

    /// The shift that brings the offset back within a quarter of the content size from the centre
    /// of its range, or nil when it is there already.
    func recenterShift() -> Point? {
        guard let infinite = configuration.infiniteScrolling, infinite.period > 0 else { return nil }
        guard let period = recentringPeriod else {
            note("infinite scrolling needs a period of at most half the content size; not recentring")
            return nil
        }
        let axis = infinite.axis
        let size = contentSize[axis]
        let r = geometry.range(axis)
        let drift = contentOffset[axis] - (r.lowerBound + r.upperBound) / 2
        guard abs(drift) > size / 4 else { return nil }
        let periods = (drift / period).rounded()
        guard periods != 0 else { return nil }
        var shift = Point.zero
        shift[axis] = -periods * period
        return shift
    }

    /// The `recenter` transition: the offset, the motion or gesture in flight and the content
    /// views' hit regions all move by `shift`, so the picture and what a tap hits are unchanged.
    func applyRecenter(_ shift: Point) {
        contentOffset = contentOffset + shift
        switch phase {
        case .dragging(var d):
            d.raw = d.raw + shift
            d.startOffset = d.startOffset + shift
            phase = .dragging(d)
        case .decelerating, .scrollAnimating:
            offsetMotion.shift = offsetMotion.shift + shift
        case .zoomSettling, .zoomAnimating:
            zoomMotion.startOffset = zoomMotion.startOffset + shift
            zoomMotion.targetOffset = zoomMotion.targetOffset + shift
        case .idle, .tracking, .pinching:
            break
        }
        // Content views are in unscaled content coordinates: they move by the shift over the zoom
        // (the zoom view is the whole content and stays).
        let contentShift = shift / zoomScale
        for i in configuration.contentViews.indices where configuration.contentViews[i].id != configuration.zoomView {
            configuration.contentViews[i].frame.origin = configuration.contentViews[i].frame.origin + contentShift
        }
        emit(.recentered(shift: shift))
    }
}
