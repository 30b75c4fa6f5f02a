import ScrollEngine

/// A rectangle of whole device pixels in a frame: a view's clip on the screen, or where a partial
/// redraw goes.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A negative width or height is an empty rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The pixels whose centres lie inside `rect` (edges rounded to the nearest pixel boundary).
    public init(rounding rect: Rect) {
        let x0 = Int(rect.minX.rounded()), y0 = Int(rect.minY.rounded())
        self.init(x: x0, y: y0, width: Int(rect.maxX.rounded()) - x0, height: Int(rect.maxY.rounded()) - y0)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The part of this rectangle inside `other` (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return PixelRect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// The part of this rectangle inside `other`, or nil when they do not overlap.
    func overlap(_ other: PixelRect) -> PixelRect? {
        let common = intersection(other)
        return common.isEmpty ? nil : common
    }

    /// The part of this rectangle inside `rows`, or nil when none is.
    func clipped(rows: Range<Int>) -> PixelRect? {
        overlap(PixelRect(x: x, y: rows.lowerBound, width: width, height: rows.count))
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
