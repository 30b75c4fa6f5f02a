/// The keys a configuration file may use, section by section, in the order the documentation and
/// `touchscroll config defaults` list them. Keys are UIKit's property names in camelCase.
public enum ConfigurationKeys {
    public static let root = ["screen", "scrollView", "contentViews", "scrollViews", "input", "output", "display"]
    public static let screen = ["width", "height", "widthMM", "heightMM", "rotation"]
    public static let scrollView = [
        "contentSize", "contentOffset", "contentInset", "safeAreaInsets",
        "isScrollEnabled", "bounces", "bouncesHorizontally", "bouncesVertically",
        "alwaysBounceHorizontal", "alwaysBounceVertical", "isPagingEnabled", "isDirectionalLockEnabled",
        "decelerationRate", "scrollsToTop", "statusBarHeight", "shouldScrollToTop", "allowsKeyboardScrolling",
        "minimumZoomScale", "maximumZoomScale", "zoomScale", "bouncesZoom", "zoomView",
        "contentAlignmentPoint", "doubleTapZoom", "infiniteScrolling",
        "delaysContentTouches", "canCancelContentTouches", "edgeSwipe", "longPress", "wakeTouch",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "indicatorStyle",
        "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets", "automaticallyAdjustsScrollIndicatorInsets",
    ]
    public static let size = ["width", "height"]
    public static let point = ["x", "y"]
    public static let insets = ["top", "left", "bottom", "right"]
    public static let rect = ["x", "y", "width", "height"]
    public static let doubleTapZoom = ["enabled", "scale"]
    public static let edgeSwipe = ["edge", "depth"]
    public static let infiniteScrolling = ["axis", "period"]
    public static let longPress = ["enabled", "minimumPressDuration"]
    public static let wakeTouch = ["enabled", "idleSeconds"]
    /// An entry of `scrollViews:`: its place in the tree, every key of `scrollView:`, the transfer
    /// flags of a nested view, its own content views and the scroll views inside its content.
    public static let scrollViewNode = ["id", "frame"] + scrollView
        + ["transfersHorizontalScrollingToParent", "transfersVerticalScrollingToParent", "contentViews", "scrollViews"]
        + ["content", "pixelsPerPoint"]
    public static let contentView = ["id", "frame", "role", "touchesShouldBegin", "touchesShouldCancel"]
    public static let input = ["rotation", "flipX", "flipY", "calibration", "touchOnly"]
    public static let output = ["frameRate"]
    public static let display = ["content", "pixelsPerPoint", "fb", "drm", "png", "blankAfter"]

    /// Keys people write by analogy that are deliberately not configurable, with the reason.
    static let scrollViewHints = [
        "boundsSize": "the bounds are the screen: set screen.width and screen.height",
        "contentViews": "contentViews is a top-level list, not part of scrollView",
        "frameRate": "the frame rate is output.frameRate",
    ]
    static let rootHints = [
        "zoomView": "zoomView belongs under scrollView",
    ]
}
