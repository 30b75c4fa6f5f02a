/// How fast a fling slows down: the fraction of velocity kept after each millisecond
/// (UIScrollView.DecelerationRate). `.normal` is 0.998, `.fast` is 0.99.
public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }

    public static let normal = DecelerationRate(rawValue: 0.998)
    public static let fast = DecelerationRate(rawValue: 0.99)
}
