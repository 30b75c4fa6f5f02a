import ScrollEngine

/// How raw touchscreen coordinates become screen coordinates: libinput's calibration matrix,
/// then a rotation, then flips, all in normalised coordinates (0…1 across the device).
public struct InputTransform: Hashable, Sendable {
    /// Clockwise rotation of the panel relative to the screen, in degrees.
    public enum Rotation: Int, Hashable, Sendable, CaseIterable {
        case none = 0
        case quarter = 90
        case half = 180
        case threeQuarters = 270
    }

    public var rotation: Rotation
    /// Mirror left–right (after rotating).
    public var flipX: Bool
    /// Mirror top–bottom (after rotating).
    public var flipY: Bool
    /// libinput's LIBINPUT_CALIBRATION_MATRIX: the first two rows of a 3×3 affine matrix
    /// `[a, b, c, d, e, f]` applied to normalised coordinates: x' = a·x + b·y + c, y' = d·x + e·y + f.
    public var calibration: [Double]

    public static let identityCalibration: [Double] = [1, 0, 0, 0, 1, 0]

    public init(rotation: Rotation = .none, flipX: Bool = false, flipY: Bool = false, calibration: [Double] = InputTransform.identityCalibration) {
        self.rotation = rotation
        self.flipX = flipX
        self.flipY = flipY
        self.calibration = calibration
    }

    /// Maps a normalised device point (0…1 on both axes) to a normalised screen point.
    public func apply(toNormalized p: Point) -> Point {
        let m = calibration.count == 6 ? calibration : InputTransform.identityCalibration
        var q = Point(x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5])
        switch rotation {
        case .none: break
        case .quarter: q = Point(x: 1 - q.y, y: q.x)
        case .half: q = Point(x: 1 - q.x, y: 1 - q.y)
        case .threeQuarters: q = Point(x: q.y, y: 1 - q.x)
        }
        if flipX { q.x = 1 - q.x }
        if flipY { q.y = 1 - q.y }
        return q
    }

    public var isIdentity: Bool {
        rotation == .none && !flipX && !flipY && calibration == InputTransform.identityCalibration
    }
}
