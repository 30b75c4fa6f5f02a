import ScrollEngine

/// Where and how the content is drawn in one frame: everything the pixels depend on, so two equal
/// placements draw identical pixels.
public struct ContentPlacement: Hashable, Sendable {
    /// Screen position of the content's top-left corner, in whole pixels (UIKit aligns layers to
    /// the pixel grid; whole pixels keep an unzoomed pan exact).
    public var origin: Point
    /// Screen pixels per content point (the zoom scale).
    public var scale: Double
    /// Which pyramid level is sampled.
    public var level: Int
    public var filter: ContentFilter
    /// The axis along which the content repeats (infinite scrolling), if any.
    public var repeatAxis: Axis?

    public init(origin: Point, scale: Double, level: Int, filter: ContentFilter, repeatAxis: Axis? = nil) {
        self.origin = origin
        self.scale = scale
        self.level = level
        self.filter = filter
        self.repeatAxis = repeatAxis
    }
}
