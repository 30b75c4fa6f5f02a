import ScrollEngine

/// How raw touchscreen coordinates become screen coordinates, in normalised coordinates (0…1
/// across the device and the screen), in this order: the flips mirror the device's own axes, the
/// rotation turns the panel onto the screen, and the calibration matrix corrects what is left.
/// (The same order as the Recordings module's `ScreenMapping`, which does the first two steps.)
public struct InputTransform: Hashable, Sendable {
    /// Clockwise rotation of the panel relative to the screen.
    public var rotation: ScreenRotation
    /// Mirror the device's x axis (before rotating).
    public var flipX: Bool
    /// Mirror the device's y axis (before rotating).
    public var flipY: Bool
    /// The first two rows of a 3×3 affine matrix `[a, b, c, d, e, f]` in libinput's form
    /// (LIBINPUT_CALIBRATION_MATRIX), applied to normalised screen coordinates after flips and
    /// rotation: x' = a·x + b·y + c, y' = d·x + e·y + f. With no rotation it means exactly what
    /// libinput's matrix means.
    public var calibration: [Double]
    /// Read touchscreens only: keyboards (arrow / page keys, a barcode scanner is a keyboard too), mice and
    /// wheels are left alone. Not part of the coordinate mapping; it lives here because it is the `input`
    /// section's other key. `--touch-only` turns it on from the command line.
    public var touchOnly: Bool

    public static let identityCalibration: [Double] = [1, 0, 0, 0, 1, 0]

    public init(rotation: ScreenRotation = .none, flipX: Bool = false, flipY: Bool = false, calibration: [Double] = InputTransform.identityCalibration,
                touchOnly: Bool = false) {
        self.rotation = rotation
        self.flipX = flipX
        self.flipY = flipY
        self.calibration = calibration
        self.touchOnly = touchOnly
    }

    /// Maps a normalised device point (0…1 on both axes) to a normalised screen point.
    public func apply(toNormalized p: Point) -> Point {
        var q = p
        if flipX { q.x = 1 - q.x }
        if flipY { q.y = 1 - q.y }
        switch rotation {
        case .none: break
        case .quarter: q = Point(x: 1 - q.y, y: q.x)
        case .half: q = Point(x: 1 - q.x, y: 1 - q.y)
        case .threeQuarters: q = Point(x: q.y, y: 1 - q.x)
        }
        return calibrate(normalized: q)
    }

    /// The calibration step alone, on a normalised screen point.
    public func calibrate(normalized q: Point) -> Point {
        guard calibration.count == 6, !isCalibrationIdentity else { return q }
        let m = calibration
        return Point(x: m[0] * q.x + m[1] * q.y + m[2], y: m[3] * q.x + m[4] * q.y + m[5])
    }

    /// The calibration step on a screen point in px.
    public func calibrate(screenPoint p: Point, screenSize: Size) -> Point {
        guard !isCalibrationIdentity, screenSize.width > 0, screenSize.height > 0 else { return p }
        let q = calibrate(normalized: Point(x: p.x / screenSize.width, y: p.y / screenSize.height))
        return Point(x: q.x * screenSize.width, y: q.y * screenSize.height)
    }

    public var isCalibrationIdentity: Bool { calibration == InputTransform.identityCalibration }

    public var isIdentity: Bool { rotation == .none && !flipX && !flipY && isCalibrationIdentity }
}
