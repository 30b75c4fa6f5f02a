import ScrollEngine

/// Touchscreen calibration as xinput_calibrator and weston-touch-calibrator do it: targets are
/// drawn at known screen positions, the user taps each, and the affine map from where the panel
/// reported the taps to where the targets are is fitted by least squares (each output coordinate
/// separately: x' = a·u + b·v + c, y' = d·u + e·v + f). Both sides are normalised (0…1 across the
/// device and across the screen), which is the space `LIBINPUT_CALIBRATION_MATRIX` lives in, so
/// the six numbers go into the udev property (or `input.calibration`) as they are.
///
/// Three targets determine an affine map exactly; with four or more the fit averages out the
/// finger's imprecision and the residuals show how good each tap was.
public struct CalibrationFit: Hashable, Sendable {
    /// One target and the tap the panel reported for it, both normalised.
    public struct Pair: Hashable, Sendable {
        public var touched: Point
        public var target: Point
        public init(touched: Point, target: Point) {
            self.touched = touched
            self.target = target
        }
    }

    public enum Failure: Error, Hashable, CustomStringConvertible {
        case tooFewTargets(Int)
        /// The taps lie (nearly) on one line: no affine map follows from them.
        case degenerate

        public var description: String {
            switch self {
            case .tooFewTargets(let n): "calibration needs at least 4 targets, got \(n)"
            case .degenerate: "the taps lie on a line (was every target tapped, each at its own place?); no matrix follows from them"
            }
        }
    }

    /// `[a, b, c, d, e, f]`, libinput's order.
    public let matrix: [Double]
    public let pairs: [Pair]

    public init(_ pairs: [Pair]) throws(Failure) {
        guard pairs.count >= 4 else { throw .tooFewTargets(pairs.count) }
        // Normal equations: (Σ w wᵀ) · coefficients = Σ w · target, with w = (u, v, 1).
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rx: [Double] = [0, 0, 0], ry: [Double] = [0, 0, 0]
        for p in pairs {
            let w = [p.touched.x, p.touched.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += w[i] * w[j] }
                rx[i] += w[i] * p.target.x
                ry[i] += w[i] * p.target.y
            }
        }
        guard let abc = Self.solve(m, rx), let def = Self.solve(m, ry) else { throw .degenerate }
        matrix = abc + def
        self.pairs = pairs
    }

    /// Where the matrix sends a normalised tap.
    public func apply(_ p: Point) -> Point {
        Point(x: matrix[0] * p.x + matrix[1] * p.y + matrix[2], y: matrix[3] * p.x + matrix[4] * p.y + matrix[5])
    }

    /// How far each corrected tap lands from its target, in pixels of a `screen`-sized display.
    public func residuals(screen: Size) -> [Double] {
        pairs.map { pair in
            let landed = apply(pair.touched)
            let dx = (landed.x - pair.target.x) * screen.width, dy = (landed.y - pair.target.y) * screen.height
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// The six numbers as udev and the configuration take them: shortest form, at most 6 decimals.
    public var matrixText: [String] {
        matrix.map { value in
            let rounded = (value * 1_000_000).rounded() / 1_000_000
            return YAMLNodeReader.format(rounded == 0 ? 0 : rounded)
        }
    }

    /// Cramer's rule on a 3×3 system; nil when it is (nearly) singular.
    private static func solve(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let scale = m[0][0] * m[1][1] * m[2][2]
        guard d.isFinite, abs(d) > 1e-9 * max(scale, 1e-12) else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = r[row] }
            return det(replaced) / d
        }
    }
}
