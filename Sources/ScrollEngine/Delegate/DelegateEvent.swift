/// One message of the UIScrollViewDelegate stream (plus the content-touch messages), stamped with
/// the engine time at which it was sent and the state the scroll view had at that moment.
public struct DelegateEvent: Hashable, Sendable {
    public var time: Timestamp
    public var message: DelegateMessage
    public var state: ScrollViewState
    /// The scroll view that sent it, when the screen hosts a tree of scroll views
    /// (`ScrollViewTree`); nil from a lone `ScrollView`. Interned (`ViewName`), so that an event
    /// is a plain value, copied without reference counting.
    public var viewName: ViewName?

    public init(time: Timestamp, message: DelegateMessage, state: ScrollViewState, viewName: ViewName?) {
        self.time = time
        self.message = message
        self.state = state
        self.viewName = viewName
    }

    public init(time: Timestamp, message: DelegateMessage, state: ScrollViewState, view: String? = nil) {
        self.init(time: time, message: message, state: state, viewName: view.map { ViewName($0) })
    }

    /// The id of the scroll view that sent it (`viewName` as a string).
    public var view: String? {
        get { viewName?.string }
        set { viewName = newValue.map { ViewName($0) } }
    }
}

/// The messages, named as UIKit names them (`name`), with the arguments UIKit passes.
public enum DelegateMessage: Hashable, Sendable {
    case willBeginDragging
    case didScroll
    /// The release velocity in points per millisecond, as UIKit reports it; `targetContentOffset`
    /// is where the content will rest, after any rewrite by the caller's adjuster (UIKit's inout
    /// parameter).
    case willEndDragging(velocityPerMillisecond: Point, targetContentOffset: Point)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
    /// The status-bar tap asked the delegate; `answer` is what it said.
    case shouldScrollToTop(answer: Bool)
    case didScrollToTop
    case willBeginZooming
    case didZoom
    case didEndZooming(atScale: Double)
    case touchesBegan(ContentTouch)
    case touchesMoved(ContentTouch)
    case touchesEnded(ContentTouch)
    case touchesCancelled(ContentTouch)
    case tap(ContentGesture)
    case swipe(ContentGesture, direction: SwipeDirection)
    case longPress(ContentGesture)
    /// Infinite scrolling moved the offset (and the content under it) by `shift` points: the
    /// picture is unchanged because the content repeats every period.
    case recentered(shift: Point)
    /// touchscroll's extension, not a UIKit message: a deceleration or an animated scroll was
    /// stopped where it is without a UIKit end message (a finger landed on the moving content,
    /// stopScrollingAndZooming, or a non-animated programmatic change). The state says where.
    case motionStopped(reason: MotionStopReason)

    /// UIKit's name for the message (the `"message"` field of the JSON Lines stream).
    public var name: String { nameLiteral.description }

    /// The same name as a literal fixed in the source (ASCII, needing no escape in JSON), which the
    /// stream encoder copies without building a `String`.
    public var nameLiteral: StaticString {
        switch self {
        case .willBeginDragging: "scrollViewWillBeginDragging"
        case .didScroll: "scrollViewDidScroll"
        case .willEndDragging: "scrollViewWillEndDragging"
        case .didEndDragging: "scrollViewDidEndDragging"
        case .willBeginDecelerating: "scrollViewWillBeginDecelerating"
        case .didEndDecelerating: "scrollViewDidEndDecelerating"
        case .didEndScrollingAnimation: "scrollViewDidEndScrollingAnimation"
        case .shouldScrollToTop: "scrollViewShouldScrollToTop"
        case .didScrollToTop: "scrollViewDidScrollToTop"
        case .willBeginZooming: "scrollViewWillBeginZooming"
        case .didZoom: "scrollViewDidZoom"
        case .didEndZooming: "scrollViewDidEndZooming"
        case .touchesBegan: "touchesBegan"
        case .touchesMoved: "touchesMoved"
        case .touchesEnded: "touchesEnded"
        case .touchesCancelled: "touchesCancelled"
        case .tap: "tap"
        case .swipe: "swipe"
        case .longPress: "longPress"
        case .recentered: "recentered"
        case .motionStopped: "touchscrollMotionStopped"
        }
    }
}

/// A touch as a content view receives it.
public struct ContentTouch: Hashable, Sendable {
    /// The view the touch belongs to, or nil for the content itself.
    public var viewName: ViewName?
    public var slot: TouchSlot
    /// The touch's own time: for a delayed touchesBegan, the original touch-down time.
    public var touchTime: Timestamp
    /// Where the finger is, in content coordinates (unscaled by zoom).
    public var contentPoint: Point
    /// Where the finger is on screen.
    public var screenPoint: Point

    public init(viewName: ViewName?, slot: TouchSlot, touchTime: Timestamp, contentPoint: Point, screenPoint: Point) {
        self.viewName = viewName
        self.slot = slot
        self.touchTime = touchTime
        self.contentPoint = contentPoint
        self.screenPoint = screenPoint
    }

    public init(view: String?, slot: TouchSlot, touchTime: Timestamp, contentPoint: Point, screenPoint: Point) {
        self.init(viewName: view.map { ViewName($0) }, slot: slot, touchTime: touchTime, contentPoint: contentPoint,
                  screenPoint: screenPoint)
    }

    /// The id of the view the touch belongs to (`viewName` as a string).
    public var view: String? {
        get { viewName?.string }
        set { viewName = newValue.map { ViewName($0) } }
    }
}

/// A recognised content gesture (tap, swipe, long press).
public struct ContentGesture: Hashable, Sendable {
    /// The view the gesture was made on, or nil for the content itself.
    public var viewName: ViewName?
    public var contentPoint: Point
    public var screenPoint: Point
    /// Fingers that made the gesture (1 for an ordinary tap).
    public var touches: Int

    public init(viewName: ViewName?, contentPoint: Point, screenPoint: Point, touches: Int = 1) {
        self.viewName = viewName
        self.contentPoint = contentPoint
        self.screenPoint = screenPoint
        self.touches = touches
    }

    public init(view: String?, contentPoint: Point, screenPoint: Point, touches: Int = 1) {
        self.init(viewName: view.map { ViewName($0) }, contentPoint: contentPoint, screenPoint: screenPoint, touches: touches)
    }

    /// The id of the view the gesture was made on (`viewName` as a string).
    public var view: String? {
        get { viewName?.string }
        set { viewName = newValue.map { ViewName($0) } }
    }
}

public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right
}

/// What stopped a motion (the `reason` of `touchscrollMotionStopped`).
public enum MotionStopReason: String, Hashable, Sendable, CaseIterable {
    /// A finger landed on the moving content.
    case touch
    /// stopScrollingAndZooming() was called.
    case stopScrollingAndZooming
    /// A non-animated setContentOffset, setZoomScale or zoom(to:) replaced the motion.
    case programmatic
}
