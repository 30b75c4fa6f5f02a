import ScrollEngine

/// One scroll indicator as drawn: its rectangle and opacity (in 1/255 steps, so the frame only
/// counts as changed when a pixel can change).
public struct IndicatorKnob: Hashable, Sendable {
    public var axis: Axis
    public var rect: Rect
    public var alpha: UInt8

    public init(axis: Axis, rect: Rect, alpha: UInt8) {
        self.axis = axis
        self.rect = rect
        self.alpha = alpha
    }
}

/// Everything one frame's pixels depend on. Two equal descriptions draw identical frames, so the
/// renderer draws only when the description changes.
public struct FrameDescription: Hashable, Sendable {
    public var content: ContentPlacement
    public var indicators: [IndicatorKnob]
    /// The header's top edge on screen (0 shown, −height hidden), nil when there is no header.
    public var headerTop: Int?
    public var showsDebugViews: Bool

    public init(content: ContentPlacement, indicators: [IndicatorKnob], headerTop: Int?, showsDebugViews: Bool) {
        self.content = content
        self.indicators = indicators
        self.headerTop = headerTop
        self.showsDebugViews = showsDebugViews
    }
}
