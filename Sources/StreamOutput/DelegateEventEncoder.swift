import ScrollEngine

/// Encodes one `DelegateEvent` as one JSON line, keys in a fixed order (docs/protocol.md):
/// `t`, `message`, `view` (the scroll view's id), `contentOffset`, `zoomScale`, the state flags, then the
/// message's own fields.
public enum DelegateEventEncoder {
    public static func encodedLine(_ event: DelegateEvent) -> [UInt8] {
        var line: [UInt8] = []
        encodeLine(event, into: &line)
        return line
    }

    /// The same line, written into `buffer` (replacing what it held, reusing its storage), so that
    /// a stream encodes event after event without allocating.
    public static func encodeLine(_ event: DelegateEvent, into buffer: inout [UInt8]) {
        var json = JSONObjectWriter(reusing: &buffer)
        defer { buffer = json.takeLine() }
        let s = event.state
        json.field("t", integer: event.time.microseconds)
        json.field("message", event.message.name)
        json.field("view", event.view)
        json.field("contentOffset", s.contentOffset)
        json.field("zoomScale", s.zoomScale)
        json.field("tracking", s.isTracking)
        json.field("dragging", s.isDragging)
        json.field("decelerating", s.isDecelerating)
        json.field("scrollAnimating", s.isScrollAnimating)
        json.field("zooming", s.isZooming)
        json.field("zoomBouncing", s.isZoomBouncing)
        json.field("zoomAnimating", s.isZoomAnimating)
        switch event.message {
        case .willEndDragging(let velocity, let target):
            json.field("velocity", velocity)
            json.field("targetContentOffset", target)
        case .didEndDragging(let willDecelerate):
            json.field("willDecelerate", willDecelerate)
        case .didEndZooming(let atScale):
            json.field("atScale", atScale)
        case .shouldScrollToTop(let answer):
            json.field("answer", answer)
        case .touchesBegan(let touch), .touchesMoved(let touch), .touchesEnded(let touch), .touchesCancelled(let touch):
            json.field("contentView", touch.view)
            json.field("slot", integer: Int64(touch.slot.rawValue))
            json.field("touchTime", integer: touch.touchTime.microseconds)
            json.field("contentPoint", touch.contentPoint)
            json.field("screenPoint", touch.screenPoint)
        case .tap(let gesture), .longPress(let gesture):
            appendGesture(gesture, to: &json)
        case .swipe(let gesture, let direction):
            appendGesture(gesture, to: &json)
            json.field("direction", direction.rawValue)
        case .recentered(let shift):
            json.field("shift", shift)
        case .motionStopped(let reason):
            json.field("reason", reason.rawValue)
        case .willBeginDragging, .didScroll, .willBeginDecelerating, .didEndDecelerating,
             .didEndScrollingAnimation, .didScrollToTop, .willBeginZooming, .didZoom:
            break
        }
    }

    private static func appendGesture(_ gesture: ContentGesture, to json: inout JSONObjectWriter) {
        json.field("contentView", gesture.view)
        json.field("touches", integer: Int64(gesture.touches))
        json.field("contentPoint", gesture.contentPoint)
        json.field("screenPoint", gesture.screenPoint)
    }
}
