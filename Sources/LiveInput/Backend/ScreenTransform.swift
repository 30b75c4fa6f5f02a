import Recordings
import ScrollEngine

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

/// libinput's 2×3 calibration matrix, row-major `[a, b, c, d, e, f]`, in normalised coordinates.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var values: [Double]

    /// `values` must hold six numbers; anything else is treated as the identity.
    public init(_ values: [Double]) {
        self.values = values.count == 6 ? values : CalibrationMatrix.identity.values
    }

    private init(identity: Void) { values = [1, 0, 0, 0, 1, 0] }
    public static let identity = CalibrationMatrix(identity: ())

    public var isIdentity: Bool { values == CalibrationMatrix.identity.values }

    /// Parses udev's `LIBINPUT_CALIBRATION_MATRIX` text: six numbers separated by spaces.
    public init?(udevProperty text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count == 6 else { return nil }
        values = numbers
    }

    /// This matrix applied after `first` (the product self × first in homogeneous coordinates).
    public func after(_ first: CalibrationMatrix) -> CalibrationMatrix {
        let (a, b, c, d, e, f) = (values[0], values[1], values[2], values[3], values[4], values[5])
        let (p, q, r, s, t, u) = (first.values[0], first.values[1], first.values[2],
                                  first.values[3], first.values[4], first.values[5])
        return CalibrationMatrix([
            a * p + b * s, a * q + b * t, a * r + b * u + c,
            d * p + e * s, d * q + e * t, d * r + e * u + f,
        ])
    }

    /// Where the normalised point (x, y) goes.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (values[0] * x + values[1] * y + values[2], values[3] * x + values[4] * y + values[5])
    }

    /// Where the screen point `p` (px) goes: the matrix applied in normalised screen coordinates,
    /// as libinput applies it. The raw evdev backend and replay calibrate touches with this.
    public func apply(toScreenPoint p: Point, screenSize: Size) -> Point {
        guard !isIdentity, screenSize.width > 0, screenSize.height > 0 else { return p }
        let q = apply(x: p.x / screenSize.width, y: p.y / screenSize.height)
        return Point(x: q.x * screenSize.width, y: q.y * screenSize.height)
    }

    public var description: String {
        values.map { v in v == v.rounded() ? String(Int(v)) : String(v) }.joined(separator: " ")
    }
}
