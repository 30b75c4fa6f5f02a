import ScrollEngine

/// The configuration's `input` section: how raw touchscreen coordinates become screen coordinates
/// (`transform`, the tree's one flip/rotation/calibration value: the flips mirror the device's own
/// axes, the rotation turns the panel onto the screen, and the calibration matrix corrects what is
/// left, in that order), and which devices are read.
public struct InputTransform: Hashable, Sendable {
    public var transform: ScreenTransform
    /// Read touchscreens only: keyboards (arrow / page keys, a barcode scanner is a keyboard too), mice and
    /// wheels are left alone. Not part of the coordinate mapping; it lives here because it is the `input`
    /// section's other key. `--touch-only` turns it on from the command line.
    public var touchOnly: Bool

    public init(rotation: ScreenRotation = .none, flipX: Bool = false, flipY: Bool = false, calibration: CalibrationMatrix = .identity,
                touchOnly: Bool = false) {
        transform = ScreenTransform(rotation: rotation, flipHorizontally: flipX, flipVertically: flipY, calibration: calibration)
        self.touchOnly = touchOnly
    }

    /// `input.rotation`: clockwise rotation of the panel relative to the screen.
    public var rotation: ScreenRotation { get { transform.rotation } set { transform.rotation = newValue } }

    /// `input.flipX`: mirror the device's x axis (before rotating).
    public var flipX: Bool { get { transform.flipHorizontally } set { transform.flipHorizontally = newValue } }

    /// `input.flipY`: mirror the device's y axis (before rotating).
    public var flipY: Bool { get { transform.flipVertically } set { transform.flipVertically = newValue } }

    /// `input.calibration`: libinput's matrix (LIBINPUT_CALIBRATION_MATRIX), applied to normalised
    /// screen coordinates after flips and rotation. With no rotation it means exactly what
    /// libinput's matrix means.
    public var calibration: CalibrationMatrix { get { transform.calibration } set { transform.calibration = newValue } }

    public var isIdentity: Bool { transform.isIdentity }
}
