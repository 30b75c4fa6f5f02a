/// An axis-aligned rectangle: origin is its top-left corner (y grows downwards, as on screen).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    public func min(_ axis: Axis) -> Double { origin[axis] }
    public func max(_ axis: Axis) -> Double { origin[axis] + size[axis] }

    /// True when `p` lies inside, counting the top and left edges but not the bottom and right
    /// ones, so adjacent views never both claim a point.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public var description: String { "{\(origin), \(size)}" }
}
