#if canImport(Glibc)
import Glibc
#endif
import ScrollEngine

/// The shape of a content pyramid: how many levels, and the pixel density of each.
public struct ContentLevels: Hashable, Sendable {
    public var pixelsPerPoint: Double
    public var count: Int
    /// The content's size in points at zoom scale 1.
    public var pointSize: Size

    public init(pixelsPerPoint: Double, count: Int, pointSize: Size) {
        self.pixelsPerPoint = pixelsPerPoint
        self.count = count
        self.pointSize = pointSize
    }

    /// Pixels per content point at level `k` (each level halves the one before).
    public func density(ofLevel k: Int) -> Double { pixelsPerPoint / Double(1 << k) }

    /// The level to draw at `zoomScale` (screen pixels per content point): the smallest level
    /// that still has at least one pixel per screen pixel; level 0 when even it is magnified.
    public func level(forScale zoomScale: Double) -> Int {
        var k = 0
        while k + 1 < count, density(ofLevel: k + 1) >= zoomScale - 1e-9 { k += 1 }
        return k
    }

    /// The level whose density is nearest `zoomScale` in octaves (log2 of the ratio rounded), for a
    /// scaled copy drawn with the nearest-neighbour filter: between 0.71 and 1.41 level pixels per
    /// screen pixel, so a frame reads about as many source pixels as it writes.
    public func nearestLevel(forScale zoomScale: Double) -> Int {
        guard zoomScale > 0 else { return count - 1 }
        let octaves = (log2(pixelsPerPoint / zoomScale)).rounded()
        return Swift.min(count - 1, Swift.max(0, Int(octaves)))
    }
}
