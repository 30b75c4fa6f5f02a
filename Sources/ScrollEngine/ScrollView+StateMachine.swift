/// The scroll view's one state machine: an enum of phases, an enum of inputs, and one transition
/// function (`send(_:)`) that every change of phase goes through. The diagram in docs/engine.md
/// matches `transition(_:)` case by case.
///
/// A phase that moves by itself follows a closed-form motion kept beside the phase, in `offsetMotion`
/// or `zoomMotion` (set by the transition that enters the phase), rather than in its payload: a motion
/// is some 280 bytes, the phase is read for every input and every message, and the payloads that
/// remain are a few numbers.
extension ScrollView {
    enum Phase: Hashable {
        case idle
        case tracking(Tracking)
        case dragging(Drag)
        case pinching(Pinch)
        /// The content follows `offsetMotion` (a fling, a bounce, settling on a page).
        case decelerating
        /// The content follows `offsetMotion`, a programmatic animation of this kind.
        case scrollAnimating(ScrollAnimationKind)
        /// Scale and offset follow `zoomMotion` back inside the limits; `changesScale`: the scale
        /// moves (a bounce back from past a limit, UIKit's isZoomBouncing), not only the offset.
        case zoomSettling(changesScale: Bool)
        /// Scale and offset follow `zoomMotion`, a programmatic zoom animation.
        case zoomAnimating

        var `public`: ScrollPhase {
            switch self {
            case .idle: .idle
            case .tracking: .tracking
            case .dragging: .dragging
            case .pinching: .pinching
            case .decelerating: .decelerating
            case .scrollAnimating: .scrollAnimating
            case .zoomSettling: .zoomSettling
            case .zoomAnimating: .zoomAnimating
            }
        }

        /// UIKit's isDragging: a drag, or a pinch that began as one (the other flags are the
        /// phase's name alone: `ScrollView.state`).
        var isDragging: Bool {
            switch self {
            case .dragging: true
            case .pinching(let p): p.alsoDragging
            case .idle, .tracking, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating: false
            }
        }
        /// UIKit's isZoomBouncing: the scale settles back inside its limits.
        var isZoomBouncing: Bool {
            if case .zoomSettling(let changesScale) = self { changesScale } else { false }
        }
    }

    struct Tracking: Hashable {
        /// The fingers' movement since they landed (compared with the pan threshold).
        var translation: Point = .zero
        /// The change of finger spread since two fingers were down (pinch threshold), points.
        var spreadChange: Double = 0
        /// The spread ratio since the fingers landed: applied when the pinch is recognised, so the
        /// scale follows the spread from touch-down (UIPinchGestureRecognizer's scale).
        var scale: Double = 1
    }

    enum DirectionalLock: Hashable { case none, horizontal, vertical }

    struct Drag: Hashable {
        /// The offset the fingers ask for before rubber-banding.
        var raw: Point
        var lock: DirectionalLock
        /// The page the drag started on (paging).
        var startOffset: Point
        var spreadChange: Double = 0
        var scale: Double = 1
    }

    struct Pinch: Hashable {
        /// The scale the fingers ask for before the zoom rubber band.
        var rawScale: Double
        /// The pinch began during a drag (UIKit keeps both gestures going).
        var alsoDragging: Bool
        /// The latest focal point (the persisting fingers' centroid).
        var focus: Point
    }

    enum ScrollAnimationKind: Hashable { case setContentOffset, scrollToTop, keyboard }

    enum Input: Hashable {
        /// The first finger lands on the content.
        case touchDown
        /// The fingers moved (translation, spread ratio and focal point of the persisting ones).
        case touchesMoved(TouchMotion)
        /// Some fingers lifted, at least one is still down.
        case fingersLifted
        /// The last finger lifted.
        case touchesLifted
        /// The last finger was taken away (no fling).
        case touchesCancelled
        /// Time passed (the engine's clock moved).
        case tick
        /// A programmatic animated scroll starts. (Indirect: a motion is large, and every input
        /// would be as large as the largest; these two are rare.)
        indirect case animateScroll(OffsetMotion, ScrollAnimationKind)
        /// A programmatic animated zoom starts.
        indirect case animateZoom(ZoomMotion)
        /// A non-animated programmatic offset (setContentOffset, or any scroll while a finger is down).
        case setOffset(Point)
        /// A non-animated programmatic zoom.
        case setZoom(scale: Double, offset: Point)
        /// stopScrollingAndZooming().
        case stop
        /// A programmatic call is about to be computed: a zoom bounce-back lands on its limit first.
        case landZoomBounce
        /// Infinite scrolling moves the offset by whole periods; applied after any transition that
        /// left the offset too far from the centre.
        case recenter(shift: Point)
        /// A nested scroll view's drag reached its edge on an axis it transfers to its parent
        /// (UIKit's transfersHorizontalScrollingToParent / transfersVerticalScrollingToParent):
        /// this view carries the drag on by `translation` (in its own points), without fingers of
        /// its own.
        case carriedDrag(Point)
        /// The fingers of a carried drag lifted, moving at this velocity (pt/s, this view's points).
        case carriedDragEnded(fingerVelocityPerSecond: Point)

        var name: String {
            switch self {
            case .touchDown: "touchDown"
            case .touchesMoved: "touchesMoved"
            case .fingersLifted: "fingersLifted"
            case .touchesLifted: "touchesLifted"
            case .touchesCancelled: "touchesCancelled"
            case .tick: "tick"
            case .animateScroll: "animateScroll"
            case .animateZoom: "animateZoom"
            case .setOffset: "setOffset"
            case .setZoom: "setZoom"
            case .stop: "stop"
            case .landZoomBounce: "landZoomBounce"
            case .recenter: "recenter"
            case .carriedDrag: "carriedDrag"
            case .carriedDragEnded: "carriedDragEnded"
            }
        }
    }

    /// The one transition function: applies `input`, records the change of phase, then recentres
    /// infinite content when the transition left the offset too far from the centre.
    func send(_ input: Input) {
        let old = phaseName
        transition(input)
        if phaseName != old {
            record(PhaseTransition(time: time, from: old, input: input.name, to: phaseName))
        }
        if case .recenter = input { return }
        if configuration.infiniteScrolling != nil, let shift = recenterShift() { send(.recenter(shift: shift)) }
    }

    private func invalid(_ input: Input) {
        note("invalid input \(input.name) in phase \(phaseName.rawValue); ignored")
    }

    /// The phase once a zoom motion ends or is interrupted: a finger left over from a pinch keeps
    /// tracking, so it can start a drag.
    private var afterZoomMotion: Phase { touches.isEmpty ? .idle : .tracking(Tracking()) }

    private func transition(_ input: Input) {
        switch input {
        case .touchDown:
            switch phase {
            case .idle:
                phase = .tracking(Tracking())
            case .decelerating, .scrollAnimating:
                // UIKit: a finger on moving content stops it where it is and sends no end message;
                // touchscroll says so with its own message.
                phase = .tracking(Tracking())
                emit(.motionStopped(reason: .touch))
            case .zoomSettling(changesScale: true):
                // The zoom bounce-back runs to its end (a scale past its limits never rests); the finger
                // waits, as one left over from the pinch does, and tracks from there.
                break
            case .zoomSettling, .zoomAnimating:
                // The scale is inside its limits (an offset-only settle after a pinch, an animated
                // zoom): the motion stops where it is, like a caught bounce.
                emit(.didEndZooming(atScale: zoomScale))
                phase = .tracking(Tracking())
            case .tracking, .dragging, .pinching:
                invalid(input)
            }

        case .touchesMoved(let m):
            switch phase {
            case .tracking(let t): phase = recognize(t, m)
            case .dragging(let d): phase = dragged(d, m)
            case .pinching(let p): phase = pinched(p, by: m)
            case .zoomSettling, .zoomAnimating:
                break // a finger left over from a pinch waits for the zoom to settle
            case .idle, .decelerating, .scrollAnimating:
                invalid(input)
            }

        case .fingersLifted:
            switch phase {
            case .pinching(let p) where touches.count < 2:
                phase = pinchEnded(p, fingerRemains: true)
            case .tracking, .dragging, .pinching, .zoomSettling, .zoomAnimating:
                break
            case .idle, .decelerating, .scrollAnimating:
                invalid(input)
            }

        case .touchesLifted, .touchesCancelled:
            let cancelled = input == .touchesCancelled
            switch phase {
            case .tracking: phase = settledAfterTouch()
            case .dragging(let d): phase = released(d, fingerVelocityPerSecond: cancelled ? .zero : velocityTracker.velocityPerSecond(at: time))
            case .pinching(let p): phase = pinchEnded(p, fingerRemains: false)
            case .zoomSettling, .zoomAnimating: break
            case .idle, .decelerating, .scrollAnimating: invalid(input)
            }

        case .tick:
            switch phase {
            case .decelerating:
                let m = offsetMotion
                move(to: m.offset(at: time))
                if m.isFinished(at: time) {
                    phase = .idle
                    emit(.didEndDecelerating)
                }
            case .scrollAnimating(let kind):
                let m = offsetMotion
                move(to: m.offset(at: time))
                if m.isFinished(at: time) {
                    phase = .idle
                    emit(kind == .scrollToTop ? .didScrollToTop : .didEndScrollingAnimation)
                }
            case .zoomSettling, .zoomAnimating:
                let z = zoomMotion
                let (scale, offset) = z.sample(at: time)
                zoom(to: scale, offset: offset)
                if z.isFinished(at: time) {
                    phase = afterZoomMotion
                    emit(.didEndZooming(atScale: zoomScale))
                }
            case .idle, .tracking, .dragging, .pinching:
                break
            }

        case .animateScroll(let m, let kind):
            switch phase {
            case .idle, .decelerating, .scrollAnimating:
                // A new animation replaces whatever moves by itself, without an end message.
                offsetMotion = m
                phase = .scrollAnimating(kind)
            case .zoomSettling, .zoomAnimating:
                stopMotion(reason: .programmatic)
                offsetMotion = m
                phase = .scrollAnimating(kind)
            case .tracking, .dragging, .pinching:
                invalid(input)
            }

        case .animateZoom(let z):
            switch phase {
            case .zoomSettling(changesScale: true):
                // The bounce-back completes first (the programmatic entry points complete it before they
                // compute the animation, so `z` starts where it ends).
                stopMotion(reason: .programmatic)
                zoomMotion = z
                phase = .zoomAnimating
            case .idle, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
                zoomMotion = z
                phase = .zoomAnimating
            case .tracking, .dragging, .pinching:
                invalid(input)
            }

        case .setOffset(let target):
            stopMotion(reason: .programmatic)
            move(to: target)
            rebaseGesture()

        case .setZoom(let scale, let offset):
            stopMotion(reason: .programmatic)
            zoom(to: scale, offset: offset)
            emit(.didEndZooming(atScale: zoomScale))
            rebaseGesture()

        case .stop:
            stopMotion(reason: .stopScrollingAndZooming)

        case .landZoomBounce:
            switch phase {
            case .zoomSettling(changesScale: true):
                stopMotion(reason: .programmatic)
            case .idle, .tracking, .dragging, .pinching, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
                break
            }

        case .recenter(let shift):
            applyRecenter(shift)

        case .carriedDrag(let translation):
            switch phase {
            case .dragging(var d):
                drag(&d, by: translation)
                phase = .dragging(d)
            case .idle, .tracking:
                phase = beganCarriedDrag(by: translation)
            case .decelerating, .scrollAnimating:
                // As a finger landing on it would: the motion stops where it is.
                phase = .idle
                emit(.motionStopped(reason: .touch))
                phase = beganCarriedDrag(by: translation)
            case .pinching, .zoomSettling, .zoomAnimating:
                invalid(input)
            }

        case .carriedDragEnded(let velocity):
            switch phase {
            case .dragging(let d):
                phase = released(d, fingerVelocityPerSecond: velocity)
            case .idle, .tracking, .pinching, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
                invalid(input)
            }
        }
    }

    /// Whatever moves by itself stops where it is: an offset motion with touchscroll's
    /// `touchscrollMotionStopped`, a zoom motion with didEndZooming. The zoom bounce-back of a scale
    /// past its limits is the exception: such a scale never rests, so stopping the bounce completes
    /// it at once (scale and offset on its end) before didEndZooming. Gestures are not motions.
    private func stopMotion(reason: MotionStopReason) {
        switch phase {
        case .decelerating, .scrollAnimating:
            phase = .idle
            emit(.motionStopped(reason: reason))
        case .zoomSettling(changesScale: true):
            let z = zoomMotion
            phase = afterZoomMotion
            zoom(to: z.targetScale, offset: z.targetOffset)
            emit(.didEndZooming(atScale: zoomScale))
        case .zoomSettling, .zoomAnimating:
            phase = afterZoomMotion
            emit(.didEndZooming(atScale: zoomScale))
        case .idle, .tracking, .dragging, .pinching:
            break
        }
    }

    /// The offset or scale was set from outside while fingers are down: the gesture continues from
    /// the new place (the fingers' unconstrained offset and scale are re-derived from it).
    private func rebaseGesture() {
        switch phase {
        case .dragging(var d):
            d.raw = rawOffset(forDisplayed: contentOffset)
            phase = .dragging(d)
        case .pinching(var p):
            p.rawScale = rawScale(forDisplayed: zoomScale)
            phase = .pinching(p)
        case .idle, .tracking, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
            break
        }
    }

    /// A programmatic call during the zoom bounce-back completes the bounce first, so that the call
    /// is computed in the geometry the content comes to rest in.
    func completeZoomBounce() {
        if phase.isZoomBouncing { send(.landZoomBounce) }
    }

    func rawOffset(forDisplayed offset: Point) -> Point {
        let g = geometry
        return Point(x: g.raw(forDisplayed: offset.x, .horizontal), y: g.raw(forDisplayed: offset.y, .vertical))
    }
}
