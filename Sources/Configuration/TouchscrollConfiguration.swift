import ScrollEngine

/// Everything a configuration file describes: the screen, the scroll view on it (with its
/// content views), how touch coordinates are transformed, and how often animation frames run.
///
/// `scrollView.boundsSize` is always the screen size; `scrollView.contentViews` comes from the
/// file's top-level `contentViews` list.
public struct TouchscrollConfiguration: Hashable, Sendable {
    public var screen: ScreenConfiguration
    public var scrollView: ScrollViewConfiguration
    public var input: InputTransform
    public var output: OutputConfiguration
    /// What a live session draws and where; nil: nothing is drawn.
    public var display: DisplayConfiguration? = nil
    /// The scroll indicators the display draws (keys of `scrollView:`).
    public var indicators = ScrollIndicatorConfiguration()
    /// The screen's scroll views when the file lists them (`scrollViews:`), top-level views in
    /// z-order with their nested views; empty when the file describes one scroll view
    /// (`scrollView:`), and then `scrollView` is it. With `scrollViews:`, `scrollView` is the first
    /// top-level view's (the default target of control commands).
    public var scrollViews: [ScrollViewTree.Node] = []
    /// What each view of `scrollViews:` draws (its `content`, `pixelsPerPoint` and indicator
    /// keys), by view id; every listed view has an entry.
    public var viewDisplays: [String: ViewDisplayConfiguration] = [:]

    /// The id the one scroll view of the `scrollView:` shorthand goes by in the stream.
    public static let shorthandViewID = "main"

    /// The screen's scroll views as a tree: the listed ones, or the one-view shorthand as a
    /// full-screen view named `shorthandViewID`.
    public var viewTree: [ScrollViewTree.Node] {
        if !scrollViews.isEmpty { return scrollViews }
        return [ScrollViewTree.Node(id: Self.shorthandViewID, frame: Rect(origin: .zero, size: screen.size), configuration: scrollView)]
    }

    public init(
        screen: ScreenConfiguration = ScreenConfiguration(),
        scrollView: ScrollViewConfiguration = ScrollViewConfiguration(),
        input: InputTransform = InputTransform(),
        output: OutputConfiguration = OutputConfiguration()
    ) {
        self.screen = screen
        self.scrollView = scrollView
        self.input = input
        self.output = output
        self.scrollView.boundsSize = screen.size
    }

    /// How touches become screen points: the `input` section's per-device corrections (flips,
    /// rotation, calibration) on a panel turned by `screen.rotation`. The display turns its picture
    /// clockwise by that rotation onto the panel, so the touchscreen on the panel is turned back by it:
    /// a touch lands on the screen point drawn under the finger. Replay, `run` and `daemon` all use this.
    public var touchTransform: ScreenTransform {
        var transform = input.transform
        transform.rotation = input.rotation.followed(by: screen.rotation.inverse)
        return transform
    }

    /// The configuration used when no file is given: UIKit's defaults on the default screen.
    public static let defaults = TouchscrollConfiguration()
}

/// The physical screen: its size in pixels (1 point = 1 pixel) and, when known, in millimetres.
public struct ScreenConfiguration: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var widthMM: Double?
    public var heightMM: Double?
    /// `screen.rotation`: how the panel is mounted, clockwise — the display draws turned by it and
    /// the touchscreen on the panel is turned with it (flutter-pi's `-r`). `width` and `height` are
    /// the screen as the user sees it, after the turn.
    public var rotation: ScreenRotation

    public init(width: Double = 1280, height: Double = 800, widthMM: Double? = nil, heightMM: Double? = nil,
                rotation: ScreenRotation = .none) {
        self.width = width
        self.height = height
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.rotation = rotation
    }

    public var size: Size { Size(width: width, height: height) }
}

/// Output settings.
public struct OutputConfiguration: Hashable, Sendable {
    /// Animation frames per second, in Hz: how often a replay or the live loop advances the
    /// engine while something animates.
    public var frameRate: Double

    public init(frameRate: Double = 60) {
        self.frameRate = frameRate
    }

    /// The allowed frame rates, in Hz.
    public static let frameRateRange: ClosedRange<Double> = 1...1000
}
