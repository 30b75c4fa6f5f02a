/// The ranges every value from outside must lie in before it reaches the engine: recordings,
/// touch scripts, the configuration, control requests and the preserved state all check against
/// these, so the engine only ever sees numbers it can honour (finite, and small enough that its
/// sums, products and time conversions stay finite and exact enough). docs/configuration.md lists
/// them for users; this is the one place they are decided.
public enum InputLimits {
    /// Positions, offsets, insets and frame origins: |value| ≤ 10⁷ points (a content 10 million
    /// points long is about 25 km of text; UIKit itself gets imprecise long before).
    public static let maximumCoordinate: Double = 10_000_000
    /// Sizes (content size, frame sizes, status bar height, edge-swipe depth, periods): 0…10⁷ points.
    public static let maximumLength: Double = 10_000_000
    /// Zoom scales (limits, the starting scale, double-tap scale, `setZoomScale`): 0.001…1000.
    public static let zoomScaleRange: ClosedRange<Double> = 0.001...1000
    /// Durations from the configuration (long-press time, wake-touch idle time): ≤ 10⁶ s (11.5 days).
    public static let maximumDuration: Double = 1_000_000
    /// The deceleration rate per millisecond is at most this (velocity falls to 1/e in 10 s); a rate
    /// closer to 1 makes a flick last for years.
    public static let maximumDecelerationRate: Double = 0.9999
    /// The screen: 1…32768 px on each side (twice the largest framebuffer DRM drivers allow).
    public static let maximumScreenPixels: Double = 32768
    /// Physical screen size: ≤ 100 000 mm on each side.
    public static let maximumScreenMillimetres: Double = 100_000
    /// Each entry of the calibration matrix (normalised units): |value| ≤ 1000.
    public static let maximumCalibration: Double = 1000
    /// Image pixels per content point (`display.pixelsPerPoint`): a 64× image is already far past any panel.
    public static let maximumPixelsPerPoint: Double = 64

    /// Why `value` is not a coordinate (nil when it is one).
    public static func coordinateProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "must be a finite number" }
        guard isCoordinate(value) else { return "must be between -1e7 and 1e7 points" }
        return nil
    }

    /// Whether `value` is a coordinate (`coordinateProblem` gives nil): a readers' per-sample check,
    /// a comparison rather than an optional message. NaN compares false, infinities are too large.
    @inline(__always)
    public static func isCoordinate(_ value: Double) -> Bool { abs(value) <= maximumCoordinate }

    /// Why `value` is not a length (nil when it is one); `positive`: 0 itself is refused too.
    public static func lengthProblem(_ value: Double, positive: Bool = false) -> String? {
        guard value.isFinite else { return "must be a finite number" }
        if positive, value <= 0 { return "must be greater than 0" }
        guard value >= 0 else { return "must not be negative" }
        guard value <= maximumLength else { return "must be at most 1e7 points" }
        return nil
    }

    /// Why `value` is not a zoom scale (nil when it is one).
    public static func zoomScaleProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "must be a finite number" }
        guard zoomScaleRange.contains(value) else { return "must be from 0.001 to 1000" }
        return nil
    }
}
