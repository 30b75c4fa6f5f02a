import ScrollEngine

/// Which pixels differ between two frames ("damage", as Wayland and X call it), so a frame that
/// only changed its overlays is drawn there and nowhere else: an indicator fading out changes a
/// few hundred pixels, not a whole frame resampled with the high-quality filter.
enum FrameDamage {
    /// The areas of a `frameWidth`-wide frame where `next` can differ from `previous`, or nil when
    /// the content itself changed (every pixel may differ). Exact, not approximate: outside the
    /// areas both descriptions draw the same pixels.
    static func areas(from previous: FrameDescription, to next: FrameDescription, frameWidth: Int, headerHeight: Double?) -> [PixelRect]? {
        guard previous.content == next.content, previous.showsDebugViews == next.showsDebugViews else { return nil }
        var areas: [PixelRect] = []
        if previous.indicators != next.indicators {
            // The pixels an indicator's mask covers (IndicatorDrawing: its rectangle rounded outwards).
            for knob in previous.indicators + next.indicators {
                let r = knob.rect
                let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
                areas.append(PixelRect(x: x0, y: y0, width: Int(r.maxX.rounded(.up)) - x0, height: Int(r.maxY.rounded(.up)) - y0))
            }
        }
        if previous.headerTop != next.headerTop {
            // The header's rows in either position; the header is drawn the full width of the frame.
            let height = Int((headerHeight ?? 0).rounded())
            let tops = [previous.headerTop, next.headerTop].compactMap { $0 }
            if let low = tops.min(), let high = tops.max() {
                areas.append(PixelRect(x: 0, y: low, width: frameWidth, height: high + height - low))
            }
        }
        return areas
    }
}
