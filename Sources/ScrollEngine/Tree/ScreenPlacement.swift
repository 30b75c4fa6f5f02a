/// Where a scroll view of a tree is on screen: the map from its own coordinates (its bounds, with
/// the origin at its frame's top-left corner) to screen points, and the part of the screen it may
/// draw on and be touched in (its frame, clipped by every frame around it).
///
/// A nested view's frame is in its parent's unscaled content coordinates, so it moves with the
/// parent's contentOffset and is scaled by the parent's zoomScale (and by theirs, all the way up).
public struct ScreenPlacement: Hashable, Sendable {
    /// Screen points per point of the view's own coordinates (the product of the zoom scales of
    /// every scroll view around it).
    public var scale: Double
    /// The screen point of the view's top-left corner.
    public var origin: Point
    /// The visible part of the view's frame on screen; empty (zero size) when none of it shows.
    public var clip: Rect

    public init(scale: Double, origin: Point, clip: Rect) {
        self.scale = scale
        self.origin = origin
        self.clip = clip
    }

    /// A screen point in the view's own coordinates.
    public func local(_ screen: Point) -> Point { (screen - origin) / scale }

    /// The view's own coordinates are the screen's: `local` gives back every point bit for bit
    /// (scale exactly 1, origin exactly +0, so that even -0 stays -0).
    public var isIdentity: Bool {
        scale == 1 && origin.x.bitPattern == 0 && origin.y.bitPattern == 0
    }

    /// A point of the view's own coordinates on screen.
    public func screen(_ local: Point) -> Point { local * scale + origin }

    /// Some of the view shows on screen.
    public var isVisible: Bool { clip.width > 0 && clip.height > 0 }

    /// The placement of a view whose frame is `frame` in the content of the view placed by `self`,
    /// scrolled to `offset` and zoomed by `zoomScale`.
    func child(frame: Rect, parentOffset offset: Point, parentZoom zoomScale: Double) -> ScreenPlacement {
        let origin = screen(frame.origin * zoomScale - offset)
        let scale = self.scale * zoomScale
        let onScreen = Rect(origin: origin, size: frame.size * scale)
        return ScreenPlacement(scale: scale, origin: origin, clip: onScreen.intersection(clip))
    }
}

extension Rect {
    /// The overlap of two rectangles (zero size at the nearest corner when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }
}
