import ScrollEngine

/// How device coordinates become screen px: the device range is scaled to the screen size, then
/// flipped, then rotated. Scaling follows libinput (`(value - min) · size / (max - min + 1)`), so a
/// 0…1279 axis on a 1280 px screen maps each unit to one pixel.
public struct ScreenMapping: Hashable, Sendable {
    /// The screen in px (= scroll-view points).
    public var screenSize: Size
    /// Clockwise rotation of the touch panel relative to the screen.
    public var rotation: ScreenRotation
    /// Mirror the device's x (y) axis before rotating.
    public var flipX: Bool
    public var flipY: Bool

    public init(screenSize: Size, rotation: ScreenRotation = .none, flipX: Bool = false, flipY: Bool = false) {
        self.screenSize = screenSize
        self.rotation = rotation
        self.flipX = flipX
        self.flipY = flipY
    }

    /// Maps a device position to screen px, given the x and y axes' ranges.
    ///
    /// Works on integer numerators over each axis' range so that a range equal to the screen size
    /// maps exactly (no floating-point drift like 490.00000000000006).
    public func screenPoint(x: Int32, y: Int32, xAxis: AbsInfo, yAxis: AbsInfo) -> Point {
        let xRange = Int64(xAxis.maximum) - Int64(xAxis.minimum) + 1
        let yRange = Int64(yAxis.maximum) - Int64(yAxis.minimum) + 1
        var u = Int64(x) - Int64(xAxis.minimum)
        var v = Int64(y) - Int64(yAxis.minimum)
        if flipX { u = xRange - u }
        if flipY { v = yRange - v }
        // (numerator, denominator) of the fraction of the screen's width and height.
        let (sx, sy): ((Int64, Int64), (Int64, Int64))
        switch rotation {
        case .none: (sx, sy) = ((u, xRange), (v, yRange))
        case .quarter: (sx, sy) = ((yRange - v, yRange), (u, xRange))
        case .half: (sx, sy) = ((xRange - u, xRange), (yRange - v, yRange))
        case .threeQuarters: (sx, sy) = ((v, yRange), (xRange - u, xRange))
        }
        // A value far outside the axis' range (a broken device, a damaged recording) could land
        // 10¹³ px away; positions are held within the coordinates the engine accepts.
        let limit = InputLimits.maximumCoordinate
        func held(_ value: Double) -> Double { min(max(value, -limit), limit) }
        return Point(x: held(Double(sx.0) * screenSize.width / Double(sx.1)), y: held(Double(sy.0) * screenSize.height / Double(sy.1)))
    }

    /// The inverse of `screenPoint` (rounded to whole device units), for writing synthetic recordings.
    public func devicePosition(of point: Point, xAxis: AbsInfo, yAxis: AbsInfo) -> (x: Int32, y: Int32) {
        let su = point.x / screenSize.width, sv = point.y / screenSize.height
        var (u, v): (Double, Double)
        switch rotation {
        case .none: (u, v) = (su, sv)
        case .quarter: (u, v) = (sv, 1 - su)
        case .half: (u, v) = (1 - su, 1 - sv)
        case .threeQuarters: (u, v) = (1 - sv, su)
        }
        if flipX { u = 1 - u }
        if flipY { v = 1 - v }
        return (Self.value(u, xAxis), Self.value(v, yAxis))
    }

    private static func value(_ fraction: Double, _ axis: AbsInfo) -> Int32 {
        let raw = (fraction * (Double(Int64(axis.maximum) - Int64(axis.minimum)) + 1)).rounded() + Double(axis.minimum)
        guard raw.isFinite else { return axis.minimum } // a zero-sized screen
        return Int32(max(Double(axis.minimum), min(Double(axis.maximum), raw)))
    }
}
