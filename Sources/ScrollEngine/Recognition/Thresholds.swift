/// Distances and times that decide what a touch means, named with their units.
public enum Thresholds {
    /// Centroid movement that turns a touch into a drag (UIKit's pan hysteresis), points.
    public static let panDistance = 10.0
    /// Change of finger spread that turns two touches into a pinch, points.
    public static let pinchSpreadChange = 8.0
    /// Directional lock: a drag whose start is within this angle of an axis stays on it, degrees.
    public static let directionalLockAngle = 25.0
    /// Paging: release speed above which a flick turns the page, points per second.
    public static let pagingFlickSpeedPerSecond = 200.0
    /// Keyboard scrolling: one arrow-key step, points.
    public static let keyboardLine = 40.0
    /// Keyboard scrolling: a page step keeps this much of the old page visible, points.
    public static let keyboardPageOverlap = 44.0
    /// Duration of a wheel-scroll animation, seconds.
    public static let wheelAnimationDuration = 0.15
}
