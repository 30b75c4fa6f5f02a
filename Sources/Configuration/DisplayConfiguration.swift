import ScrollEngine

/// The `display:` section: what a live session draws and where. Absent: nothing is drawn.
/// The flags `--content`, `--pixels-per-point`, `--fb`, `--drm` and `--png` override these keys.
public struct DisplayConfiguration: Hashable, Sendable {
    /// Where frames go: exactly one of the three keys `fb`, `drm`, `png`.
    public enum Output: Hashable, Sendable {
        /// An fbdev framebuffer, e.g. /dev/fb0.
        case framebuffer(String)
        /// A DRM/KMS card, e.g. /dev/dri/card0.
        case drm(String)
        /// A directory that receives every drawn frame as frame-NNNNNN.png (for tests).
        case png(directory: String)
    }

    /// An image (PNG or JPEG), a tile folder DIR/<scale>/<col>_<row>.png, or nil for the generated page.
    public var content: String?
    /// Image pixels per content point.
    public var pixelsPerPoint: Double
    /// nil when the section names no output (a file that only sets `content` draws nothing
    /// until a flag names the output).
    public var output: Output?
    /// Seconds without input after which the panel is powered down (DRM DPMS off, fbdev
    /// FBIOBLANK) and nothing is drawn; the touch that wakes it is swallowed. nil: never.
    public var blankAfter: Double?

    public init(content: String? = nil, pixelsPerPoint: Double = 1, output: Output? = nil, blankAfter: Double? = nil) {
        self.content = content
        self.pixelsPerPoint = pixelsPerPoint
        self.output = output
        self.blankAfter = blankAfter
    }
}

/// What one view of `scrollViews:` draws: its own `content` and `pixelsPerPoint`, and its
/// scroll-indicator keys (the same keys as `display:` and `scrollView:` have).
public struct ViewDisplayConfiguration: Hashable, Sendable {
    /// An image (PNG or JPEG) or a tile folder; nil: the view has no content of its own.
    public var content: String?
    /// Image pixels per content point of `content`.
    public var pixelsPerPoint: Double
    public var indicators: ScrollIndicatorConfiguration

    public init(content: String? = nil, pixelsPerPoint: Double = 1, indicators: ScrollIndicatorConfiguration = ScrollIndicatorConfiguration()) {
        self.content = content
        self.pixelsPerPoint = pixelsPerPoint
        self.indicators = indicators
    }
}

/// UIScrollView's scroll-indicator properties, read from the `scrollView:` section under UIKit's
/// names, with UIKit's defaults.
public struct ScrollIndicatorConfiguration: Hashable, Sendable {
    /// UIScrollView.IndicatorStyle.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case `default`, black, white
    }

    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    public var indicatorStyle: Style = .default
    public var verticalScrollIndicatorInsets: EdgeInsets = .zero
    public var horizontalScrollIndicatorInsets: EdgeInsets = .zero
    public var automaticallyAdjustsScrollIndicatorInsets = true

    public init() {}
}
