/// libinput's 2×3 calibration matrix, row-major `[a, b, c, d, e, f]`, in normalised coordinates:
/// the one calibration matrix of the tree (the configuration's `input.calibration`, udev's
/// `LIBINPUT_CALIBRATION_MATRIX`, the matrix live input hands libinput, the step that calibrates raw
/// evdev touches and replayed recordings).
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public var values: [Double]

    /// `values` must hold six numbers; anything else is treated as the identity.
    public init(_ values: [Double]) {
        self.values = values.count == 6 ? values : CalibrationMatrix.identity.values
    }

    /// `[a, b, c, d, e, f]`; anything but six numbers is the identity.
    public init(arrayLiteral values: Double...) { self.init(values) }

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
