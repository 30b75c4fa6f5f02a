/// A scroll view inside a `ScrollViewTree`: what the tree decides for it, and the parts of the
/// drag that depend on having a parent scroll view. A lone scroll view keeps the defaults.
extension ScrollView {
    struct Nesting: Hashable {
        /// The view is the deepest one under the gesture's first finger: its content views hear of
        /// the fingers (UIKit delivers a touch to the hit view only; the scroll views around it
        /// just watch it with their pan and pinch recognisers).
        var deliversContentTouches = true
        /// The wake touch and the status-bar strip are the view's own (a lone scroll view), not
        /// the screen's.
        var handlesScreenTouches = true
        /// This view is the one a pinch may zoom (the deepest zoomable view under the centroid).
        var allowsPinch = true
        /// A content view of a nested scroll view holds a delivered finger that this view may not
        /// cancel (UIKit's touchesShouldCancel(in:)): its pan must not start.
        var panBlockedBySubview = false
        /// A scroll view around this one was moving when the gesture's first finger landed: that
        /// touch stops it and reaches no content view, as on moving content of its own.
        var ancestorWasMoving = false
        /// The axes on which a drag that reaches the edge carries on in a parent scroll view
        /// (transfersHorizontalScrollingToParent / transfersVerticalScrollingToParent, and a parent
        /// exists) instead of rubber-banding.
        var transfersToParent: Set<Axis> = []
        /// The finger translation this view could not take at its edge since the tree last looked
        /// (its own points); the tree hands it to the parent.
        var transferred: Point = .zero
    }

    /// On an axis that transfers to the parent, the drag's unconstrained offset stops at the edge
    /// and what lies beyond it is kept for the parent.
    func transferBeyondEdge(_ raw: inout Double, _ axis: Axis, _ g: ScrollGeometry) {
        guard nesting.transfersToParent.contains(axis) else { return }
        let r = g.range(axis)
        let kept = min(max(raw, r.lowerBound), r.upperBound)
        nesting.transferred[axis] += kept - raw
        raw = kept
    }

    /// At the lift, a fling that points out of the content on an axis that transfers to the parent
    /// is the parent's: this view rests at its edge.
    func carriesOn(_ axis: Axis, offsetVelocity v: Double, _ g: ScrollGeometry) -> Bool {
        guard nesting.transfersToParent.contains(axis) else { return false }
        let r = g.range(axis)
        return (v < 0 && contentOffset[axis] <= r.lowerBound) || (v > 0 && contentOffset[axis] >= r.upperBound)
    }

    /// The drag a nested scroll view hands over at its edge begins here, without a pan distance:
    /// the content follows the carried translation at once.
    func beganCarriedDrag(by translation: Point) -> Phase {
        var d = Drag(raw: rawOffset(forDisplayed: contentOffset), lock: .none, startOffset: contentOffset)
        phase = .dragging(d)
        emit(.willBeginDragging)
        drag(&d, by: translation)
        return .dragging(d)
    }

    /// The gesture that a scroll view inside this one owned has ended. This view watched its fingers
    /// until the inner view won, then kept still (UIKit's pan recogniser failed, but the fingers were
    /// still on it): now they are gone. A drag it carried on behalf of the inner view is released
    /// with `carriedVelocity` (the fingers' velocity, pt/s, in this view's points); otherwise content
    /// caught mid-bounce returns to its edge, as after any touch that did not drag.
    func endWatchedGesture(carriedVelocity: Point) {
        touches = TouchSet()
        switch phase {
        case .dragging:
            send(.carriedDragEnded(fingerVelocityPerSecond: carriedVelocity))
        case .tracking:
            send(.touchesCancelled)
        case .idle, .pinching, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
            break
        }
        delivery.gestureEnded()
    }

    /// The wake touch would swallow a finger landing now (the screen was idle long enough).
    var swallowsWakeTouch: Bool {
        let wake = configuration.wakeTouch
        return wake.enabled && time.seconds(since: delivery.lastInput) >= wake.idleSeconds
    }

    /// The fingers' velocity at this instant (pt/s, this view's points), as a release measures it.
    var fingerVelocityPerSecond: Point { velocityTracker.velocityPerSecond(at: time) }
}
