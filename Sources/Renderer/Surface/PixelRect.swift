/// A rectangle of whole device pixels in a frame: where a partial redraw goes.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension PixelRect {
    /// The part of this rectangle inside `rows`, or nil when none is.
    func clipped(rows: Range<Int>) -> PixelRect? {
        intersection(PixelRect(x: x, y: rows.lowerBound, width: width, height: rows.count))
    }

    /// The part of this rectangle inside `other`, or nil when they do not overlap.
    func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
