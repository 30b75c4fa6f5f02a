/// A clockwise turn by a whole number of quarters: the one rotation type of the tree. It says how
/// the drawn picture is turned onto the display panel (the renderer), and how a touch panel is
/// turned relative to the screen (the configuration's `input.rotation`, recordings' screen mapping,
/// live input's calibration matrix). The raw value is the angle in degrees.
public enum ScreenRotation: Int, Hashable, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// The rotation by `degrees` (any multiple of 90, negative ones counted anticlockwise); nil otherwise.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// The turn that undoes this one.
    public var inverse: ScreenRotation { ScreenRotation(rawValue: (360 - rawValue) % 360) ?? .none }

    /// This turn, then `next`.
    public func followed(by next: ScreenRotation) -> ScreenRotation {
        ScreenRotation(rawValue: (rawValue + next.rawValue) % 360) ?? .none
    }

    /// A quarter or three-quarter turn: width and height change places.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }
}
