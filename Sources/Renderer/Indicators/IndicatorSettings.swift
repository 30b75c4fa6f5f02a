import ScrollEngine

/// The scroll-indicator properties of UIScrollView, plus the metrics UIKit uses for drawing them.
/// Lengths are in points (1 point = 1 pixel).
public struct IndicatorSettings: Hashable, Sendable {
    public var showsVerticalScrollIndicator: Bool = true
    public var showsHorizontalScrollIndicator: Bool = true
    public var verticalScrollIndicatorInsets: EdgeInsets = .zero
    public var horizontalScrollIndicatorInsets: EdgeInsets = .zero
    /// automaticallyAdjustsScrollIndicatorInsets: the indicators are further inset by the
    /// adjusted content inset, so they run alongside the content and not under bars.
    public var automaticallyAdjustsScrollIndicatorInsets: Bool = true
    public var indicatorStyle: IndicatorStyle = .default

    /// The knob's thickness: UIKit's classic 3 pt (newer systems draw 2.5; with 1 pt = 1 px a
    /// half pixel would only blur, so 3).
    public var thickness: Double = 3
    /// Distance between the knob and the scroll view's edge (and the track's ends).
    public var edgeMargin: Double = 3
    /// The shortest knob while the content is in range.
    public var minimumLength: Double = 36
    /// The shortest knob while overscrolled: it shrinks down to a round dot.
    public var minimumOverscrollLength: Double = 3
    /// Seconds the indicators stay fully visible after scrolling stops (our choice: 0.5 s).
    public var fadeDelay: Double = 0.5
    /// Seconds the fade-out takes (our choice: 0.3 s).
    public var fadeDuration: Double = 0.3

    public init() {}
}
