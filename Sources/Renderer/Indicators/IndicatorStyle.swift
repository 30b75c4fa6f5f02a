/// UIScrollView.IndicatorStyle.
public enum IndicatorStyle: String, Hashable, Sendable, CaseIterable {
    /// Dark with a light border, visible on any background.
    case `default`
    /// Black, for light content.
    case black
    /// White, for dark content.
    case white

    /// The knob's fill colour at full opacity: black or white at 35 %, as UIKit draws it.
    public var fill: Color {
        switch self {
        case .default, .black: Color(white: false, opacity: 0.35)
        case .white: Color(white: true, opacity: 0.35)
        }
    }

    /// The 1-pixel border (only the default style has one): white at 50 % (our choice; UIKit does
    /// not publish the value).
    public var border: Color? {
        self == .default ? Color(white: true, opacity: 0.5) : nil
    }
}
