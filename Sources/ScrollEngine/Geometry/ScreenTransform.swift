/// How the panel's touch coordinates relate to the screen, in the order of the configuration's
/// `input` section (docs/configuration.md) and of the replay path (`Recordings.ScreenMapping`, then
/// the calibration in screen space): the flips mirror the device's own axes, the rotation turns the
/// panel onto the screen, the calibration matrix corrects what is left. Composed into the 2×3
/// matrix libinput's calibration API takes.
///
/// Matrices work in normalised coordinates (0…1 on both axes), libinput's convention: a point
/// (x, y) maps to (a·x + b·y + c, d·x + e·y + f) for the row-major `[a, b, c, d, e, f]`.
public struct ScreenTransform: Hashable, Sendable {
    /// Clockwise rotation of the touch panel relative to the screen (the tree's one rotation type).
    public var rotation: ScreenRotation
    public var flipHorizontally: Bool
    public var flipVertically: Bool
    /// Applied last, to normalised screen coordinates (identity unless the config sets one).
    public var calibration: CalibrationMatrix

    public init(rotation: ScreenRotation = .none, flipHorizontally: Bool = false, flipVertically: Bool = false,
                calibration: CalibrationMatrix = .identity) {
        self.rotation = rotation
        self.flipHorizontally = flipHorizontally
        self.flipVertically = flipVertically
        self.calibration = calibration
    }

    public static let identity = ScreenTransform()

    /// No flip, rotation or calibration.
    public var isIdentity: Bool { rotation == .none && !flipHorizontally && !flipVertically && calibration.isIdentity }

    /// The composed matrix: the flips first (device axes), then the rotation, then the calibration.
    public var matrix: CalibrationMatrix {
        let rotationMatrix: CalibrationMatrix = switch rotation {
        case .none: .identity
        // libinput's documented matrices for a panel rotated by 90°, 180°, 270° clockwise.
        case .quarter: CalibrationMatrix([0, -1, 1, 1, 0, 0])
        case .half: CalibrationMatrix([-1, 0, 1, 0, -1, 1])
        case .threeQuarters: CalibrationMatrix([0, 1, 0, -1, 0, 1])
        }
        var m = CalibrationMatrix.identity
        if flipHorizontally { m = CalibrationMatrix([-1, 0, 1, 0, 1, 0]).after(m) }
        if flipVertically { m = CalibrationMatrix([1, 0, 0, 0, -1, 1]).after(m) }
        return calibration.after(rotationMatrix.after(m))
    }
}

