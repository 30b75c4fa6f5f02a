import ScrollEngine

/// How device coordinates become screen px: the device range is scaled to the screen size, then
/// flipped, then rotated. Scaling follows libinput (`(value - min) · size / (max - min + 1)`), so a
/// 0…1279 axis on a 1280 px screen maps each unit to one pixel.
public struct ScreenMapping: Hashable, Sendable {
    /// Clockwise rotation of the touch panel relative to the screen.
    public enum Rotation: Int, Hashable, Sendable, CaseIterable {
        case none = 0
        case clockwise90 = 90
        case clockwise180 = 180
        case clockwise270 = 270
    }

    /// The screen in px (= scroll-view points).
    public var screenSize: Size
    public var rotation: Rotation
    /// Mirror the device's x (y) axis before rotating.
    public var flipX: Bool
    public var flipY: Bool

    public init(screenSize: Size, rotation: Rotation = .none, flipX: Bool = false, flipY: Bool = false) {
        self.screenSize = screenSize
        self.rotation = rotation
        self.flipX = flipX
        self.flipY = flipY
    }

    /// Maps a device position to screen px, given the x and y axes' ranges.
    public func screenPoint(x: Int32, y: Int32, xAxis: AbsInfo, yAxis: AbsInfo) -> Point {
        var u = Self.fraction(x, xAxis)
        var v = Self.fraction(y, yAxis)
        if flipX { u = 1 - u }
        if flipY { v = 1 - v }
        let (su, sv): (Double, Double)
        switch rotation {
        case .none: (su, sv) = (u, v)
        case .clockwise90: (su, sv) = (1 - v, u)
        case .clockwise180: (su, sv) = (1 - u, 1 - v)
        case .clockwise270: (su, sv) = (v, 1 - u)
        }
        return Point(x: su * screenSize.width, y: sv * screenSize.height)
    }

    /// The inverse of `screenPoint` (rounded to whole device units), for writing synthetic recordings.
    public func devicePosition(of point: Point, xAxis: AbsInfo, yAxis: AbsInfo) -> (x: Int32, y: Int32) {
        let su = point.x / screenSize.width, sv = point.y / screenSize.height
        var (u, v): (Double, Double)
        switch rotation {
        case .none: (u, v) = (su, sv)
        case .clockwise90: (u, v) = (sv, 1 - su)
        case .clockwise180: (u, v) = (1 - su, 1 - sv)
        case .clockwise270: (u, v) = (1 - sv, su)
        }
        if flipX { u = 1 - u }
        if flipY { v = 1 - v }
        return (Self.value(u, xAxis), Self.value(v, yAxis))
    }

    private static func fraction(_ value: Int32, _ axis: AbsInfo) -> Double {
        Double(Int64(value) - Int64(axis.minimum)) / (Double(Int64(axis.maximum) - Int64(axis.minimum)) + 1)
    }

    private static func value(_ fraction: Double, _ axis: AbsInfo) -> Int32 {
        let raw = (fraction * (Double(Int64(axis.maximum) - Int64(axis.minimum)) + 1)).rounded() + Double(axis.minimum)
        return Int32(max(Double(axis.minimum), min(Double(axis.maximum), raw)))
    }
}
