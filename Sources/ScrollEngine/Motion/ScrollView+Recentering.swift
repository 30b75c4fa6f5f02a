/// Infinite scrolling (StreetScroller): content that repeats every `period` along one axis is kept
/// near the middle of its range by moving the offset by whole periods.
extension ScrollView {
    func recenterIfNeeded() {
        guard let infinite = configuration.infiniteScrolling, infinite.period > 0 else { return }
        let axis = infinite.axis
        let period = infinite.period * zoomScale
        let size = contentSize[axis]
        guard period <= size / 2 else {
            note("infinite scrolling needs a period of at most half the content size; not recentring")
            return
        }
        let r = geometry.range(axis)
        let drift = contentOffset[axis] - (r.lowerBound + r.upperBound) / 2
        guard abs(drift) > size / 4 else { return }
        let periods = (drift / period).rounded()
        guard periods != 0 else { return }
        var shift = Point.zero
        shift[axis] = -periods * period
        contentOffset = contentOffset + shift
        // Whatever is moving the content keeps moving it, from the recentred place.
        switch phase {
        case .dragging(var d):
            d.raw = d.raw + shift
            d.startOffset = d.startOffset + shift
            phase = .dragging(d)
        case .decelerating(var m):
            m.shift = m.shift + shift
            phase = .decelerating(m)
        case .scrollAnimating(var m, let kind):
            m.shift = m.shift + shift
            phase = .scrollAnimating(m, kind)
        case .zoomSettling(var z):
            z.startOffset = z.startOffset + shift
            z.targetOffset = z.targetOffset + shift
            phase = .zoomSettling(z)
        case .zoomAnimating(var z):
            z.startOffset = z.startOffset + shift
            z.targetOffset = z.targetOffset + shift
            phase = .zoomAnimating(z)
        case .idle, .tracking, .pinching:
            break
        }
        emit(.recentered(shift: shift))
    }
}
