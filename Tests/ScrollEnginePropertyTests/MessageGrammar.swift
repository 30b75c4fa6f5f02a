import ScrollEngine

/// The delegate stream's grammar: drags, decelerations, zooms and animations open and close in pairs, in the
/// order UIKit sends them, and the state flags a message carries agree with it. Every number is finite.
struct MessageGrammar {
    var dragging = false
    var decelerating = false
    var zooming = false
    /// The last message was didEndDragging(willDecelerate: true): willBeginDecelerating must follow.
    var expectingDeceleration = false
    /// The targetContentOffset of the last willEndDragging, while the release it announced is still
    /// under way: the content must come to rest exactly there (UIKit's promise to the delegate).
    var announcedTarget: Point?

    mutating func accept(_ event: DelegateEvent) -> String? {
        let s = event.state
        let name = event.message.name
        for (label, value) in [("contentOffset.x", s.contentOffset.x), ("contentOffset.y", s.contentOffset.y), ("zoomScale", s.zoomScale)]
        where !value.isFinite {
            return "\(name): \(label) is \(value)"
        }
        if let problem = finite(event.message) { return "\(name): \(problem)" }
        if expectingDeceleration, case .willBeginDecelerating = event.message {} else if expectingDeceleration {
            return "\(name) after didEndDragging(willDecelerate: true), instead of scrollViewWillBeginDecelerating"
        }
        expectingDeceleration = false
        if let problem = keepsItsAnnouncedTarget(event) { return "\(name): \(problem)" }
        switch event.message {
        case .willBeginDragging:
            if dragging { return "willBeginDragging while already dragging" }
            if !s.isDragging { return "willBeginDragging with dragging false" }
            dragging = true
            decelerating = false
        case .willEndDragging:
            if !dragging { return "willEndDragging without a drag" }
        case .didEndDragging(let willDecelerate):
            if !dragging { return "didEndDragging without a drag" }
            if s.isDragging { return "didEndDragging with dragging true" }
            dragging = false
            expectingDeceleration = willDecelerate
        case .willBeginDecelerating:
            if !s.isDecelerating { return "willBeginDecelerating with decelerating false" }
            decelerating = true
        case .didEndDecelerating:
            if s.isDecelerating { return "didEndDecelerating with decelerating true" }
            decelerating = false
        case .willBeginZooming:
            if zooming { return "willBeginZooming while already zooming" }
            zooming = true
        case .didEndZooming:
            // A zoom set without animation ends with didEndZooming alone; a pinch or an animated zoom opened
            // with willBeginZooming.
            if s.isZooming { return "didEndZooming with zooming true" }
            zooming = false
        case .didEndScrollingAnimation:
            if s.isScrollAnimating { return "didEndScrollingAnimation with scrollAnimating true" }
        case .motionStopped:
            // touchscroll's extension: a motion ended without a UIKit message (a finger caught it, or
            // stopScrollingAndZooming): whatever moved by itself has stopped.
            if s.isDecelerating || s.isScrollAnimating || s.isZoomBouncing || s.isZoomAnimating {
                return "touchscrollMotionStopped while something still moves: \(s)"
            }
            decelerating = false
        case .didScroll, .didZoom, .shouldScrollToTop, .didScrollToTop, .touchesBegan, .touchesMoved, .touchesEnded,
             .touchesCancelled, .tap, .swipe, .longPress, .recentered:
            break
        }
        if s.isDragging != dragging, !isContentTouch(event.message) {
            return "\(name) says dragging \(s.isDragging), but the stream's drag is \(dragging ? "open" : "closed")"
        }
        return nil
    }

    /// The release announced by willEndDragging ends where it said: on didEndDragging(willDecelerate:
    /// false), or on didEndDecelerating after it (a recentre moves the target by its shift; any other
    /// message means the release was interrupted or replaced, and the promise lapses). A pinch's drag
    /// ends with the zoom's own settle, so didEndDragging while zooming is not checked.
    private mutating func keepsItsAnnouncedTarget(_ event: DelegateEvent) -> String? {
        let s = event.state
        func differs(_ target: Point) -> Bool {
            abs(s.contentOffset.x - target.x) > SessionRunner.tolerance || abs(s.contentOffset.y - target.y) > SessionRunner.tolerance
        }
        switch event.message {
        case .willEndDragging(_, let target):
            announcedTarget = target
        case .didEndDragging(let willDecelerate):
            if willDecelerate { break }
            defer { announcedTarget = nil }
            if let target = announcedTarget, !s.isZooming, differs(target) {
                return "rests at \(s.contentOffset) after announcing targetContentOffset \(target)"
            }
        case .didEndDecelerating:
            defer { announcedTarget = nil }
            if let target = announcedTarget, differs(target) {
                return "rests at \(s.contentOffset) after announcing targetContentOffset \(target)"
            }
        case .recentered(let shift):
            announcedTarget = announcedTarget.map { $0 + shift }
        case .didScroll, .willBeginDecelerating, .touchesMoved, .touchesEnded, .touchesCancelled, .tap, .swipe, .longPress:
            break
        default:
            announcedTarget = nil
        }
        return nil
    }

    private func isContentTouch(_ message: DelegateMessage) -> Bool {
        switch message {
        case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled, .tap, .swipe, .longPress: true
        default: false
        }
    }

    private func finite(_ message: DelegateMessage) -> String? {
        func bad(_ p: Point) -> Bool { !p.x.isFinite || !p.y.isFinite }
        switch message {
        case .willEndDragging(let velocity, let target):
            if bad(velocity) || bad(target) { return "velocity \(velocity) / target \(target) not finite" }
        case .didEndZooming(let scale):
            if !scale.isFinite { return "atScale \(scale)" }
        case .recentered(let shift):
            if bad(shift) { return "shift \(shift)" }
        case .touchesBegan(let t), .touchesMoved(let t), .touchesEnded(let t), .touchesCancelled(let t):
            if bad(t.contentPoint) || bad(t.screenPoint) { return "touch points not finite" }
        case .tap(let g), .swipe(let g, _), .longPress(let g):
            if bad(g.contentPoint) || bad(g.screenPoint) { return "gesture points not finite" }
        default:
            break
        }
        return nil
    }
}
