import RealModule

/// Keys that scroll when allowsKeyboardScrolling is on.
public enum ScrollKey: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right, pageUp, pageDown, space, home, end
}

/// A UIScrollView: takes touch frames and time, moves its content the way UIKit does, and produces
/// the delegate message stream. It never reads a clock and does no I/O.
///
/// The interaction is one explicit state machine (`Phase`, `Input`, `send(_:)`); an input that
/// makes no sense in a phase is recorded in `diagnostics` and ignored, never a crash.
public final class ScrollView {
    public internal(set) var configuration: ScrollViewConfiguration
    /// The engine's notion of now: the latest time it was advanced to.
    public private(set) var time: Timestamp
    public internal(set) var contentOffset: Point
    public internal(set) var zoomScale: Double
    /// When flashScrollIndicators was last asked for (the renderer shows the indicators then).
    public internal(set) var indicatorFlashTime: Timestamp?

    /// UIKit's inout targetContentOffset of scrollViewWillEndDragging: given the release velocity
    /// (points per millisecond) and the proposed target, return the target to land on.
    public var targetContentOffsetAdjuster: ((_ velocity: Point, _ proposed: Point) -> Point)?
    /// scrollViewShouldScrollToTop; when nil, `configuration.shouldScrollToTop` answers.
    public var shouldScrollToTopHandler: (() -> Bool)?

    var phase: Phase = .idle
    /// Fingers on the content (they drive pan, pinch and content-touch delivery).
    var touches = TouchSet()
    /// Fingers that are not the scroll view's: the status-bar strip, an edge swipe, a swallowed
    /// wake touch. Keyed by slot; kept in slot order.
    var foreignTouches: [(slot: TouchSlot, role: ForeignTouch)] = []
    var velocityTracker = VelocityTracker()
    /// The fingers' accumulated translation in the current gesture (velocity is measured on it,
    /// so fingers landing and lifting never read as speed).
    var fingerPath: Point = .zero
    var events: [DelegateEvent] = []
    public private(set) var diagnostics: [String] = []
    let delivery = TouchDelivery()

    public init(configuration: ScrollViewConfiguration, startTime: Timestamp = .zero) {
        self.configuration = configuration
        self.time = startTime
        self.contentOffset = configuration.contentOffset
        let hasZoom = configuration.zoomingContentView != nil
        self.zoomScale = hasZoom
            ? min(max(configuration.zoomScale, configuration.minimumZoomScale), configuration.maximumZoomScale)
            : 1
        delivery.lastInput = startTime
    }

    // MARK: - Observing

    public var state: ScrollViewState {
        ScrollViewState(
            contentOffset: contentOffset, zoomScale: zoomScale, contentSize: contentSize,
            isTracking: isTracking, isDragging: phase.isDragging, isDecelerating: phase.isDecelerating,
            isScrollAnimating: phase.isScrollAnimating, isZooming: phase.isZooming,
            isZoomBouncing: phase.isZoomBouncing, isZoomAnimating: phase.isZoomAnimating
        )
    }

    /// UIKit's contentSize: the zoom view's size times the zoom scale when zooming is configured,
    /// the configured contentSize otherwise.
    public var contentSize: Size { contentSize(atScale: zoomScale) }

    func contentSize(atScale scale: Double) -> Size {
        if let zoomView = configuration.zoomingContentView { return zoomView.frame.size * scale }
        return configuration.contentSize
    }

    public var geometry: ScrollGeometry { geometry(atScale: zoomScale) }

    func geometry(atScale scale: Double) -> ScrollGeometry {
        ScrollGeometry(configuration: configuration, contentSize: contentSize(atScale: scale))
    }

    public var isTracking: Bool { !touches.isEmpty }

    /// True while something moves by itself: the caller should advance at its frame rate.
    public var isAnimating: Bool { phase.isMotion }

    /// The next instant a timer (touch delay, long press, double-tap wait) needs the engine.
    public var nextTimerDeadline: Timestamp? { delivery.nextDeadline }

    /// No finger down, nothing moving, no timer pending.
    public var isAtRest: Bool {
        touches.isEmpty && foreignTouches.isEmpty && phase == .idle && delivery.nextDeadline == nil
    }

    /// The messages produced since the last call, in order.
    public func drainEvents() -> [DelegateEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Invalid transitions and ignored inputs since the last call (the caller logs them).
    public func drainDiagnostics() -> [String] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    func emit(_ message: DelegateMessage) {
        events.append(DelegateEvent(time: time, message: message, state: state))
    }

    func note(_ text: String) {
        diagnostics.append("\(time.microseconds)µs: \(text)")
    }

    // MARK: - Time

    /// Move animations and timers forward to `newTime`. Earlier times are ignored (noted).
    public func advance(to newTime: Timestamp) {
        if newTime < time {
            note("time went backwards (\(newTime.microseconds)µs < \(time.microseconds)µs); ignored")
            return
        }
        // Timers fire at their own deadlines, in order, with the clock set to each deadline.
        while let deadline = delivery.nextDeadline, deadline <= newTime {
            time = max(time, deadline)
            if phase.isMotion { send(.tick) }
            fireTimers()
            if let next = delivery.nextDeadline, next <= deadline {
                note("timer at \(deadline.microseconds)µs did not clear; dropped")
                break
            }
        }
        time = newTime
        if phase.isMotion { send(.tick) }
    }

    // MARK: - Touches

    /// Apply one frame of touches. The engine first advances to the frame's time.
    public func handle(_ frame: TouchFrame) {
        advance(to: frame.time)
        handleSamples(frame.samples, classifyForeign: true)
        delivery.lastInput = time
    }

    func handleSamples(_ samples: [TouchSample], classifyForeign: Bool) {
        let before = touches
        var added: [TouchSlot] = []
        var lifted: [TouchSlot] = []
        var cancelled = false
        for sample in samples {
            if classifyForeign, let i = foreignTouches.firstIndex(where: { $0.slot == sample.slot }) {
                handleForeign(sample, index: i)
                continue
            }
            switch sample.phase {
            case .down:
                if touches.contains(sample.slot) {
                    note("down for \(sample.slot), which is already down; treated as a move")
                    touches.move(sample.slot, to: sample.location)
                } else if classifyForeign, let role = foreignRole(forDownAt: sample.location) {
                    foreignTouches.append((sample.slot, role))
                    foreignTouches.sort { $0.slot < $1.slot }
                } else {
                    touches.insert(.init(slot: sample.slot, location: sample.location, downTime: time, downLocation: sample.location))
                    added.append(sample.slot)
                }
            case .move:
                if touches.contains(sample.slot) {
                    touches.move(sample.slot, to: sample.location)
                } else {
                    note("move for \(sample.slot), which is not down; ignored")
                }
            case .up, .cancel:
                if touches.contains(sample.slot) {
                    touches.move(sample.slot, to: sample.location)
                    lifted.append(sample.slot)
                    if sample.phase == .cancel { cancelled = true }
                } else {
                    note("\(sample.phase.rawValue) for \(sample.slot), which is not down; ignored")
                }
            }
        }
        applyContentTouches(before: before, added: added, lifted: lifted, cancelled: cancelled)
    }

    /// Every finger is taken away (the device was unplugged): the content settles as after a
    /// release without velocity, and content views get touchesCancelled.
    public func cancelAllTouches(at when: Timestamp) {
        advance(to: when)
        foreignTouches.removeAll()
        let before = touches
        let slots = touches.slots
        guard !slots.isEmpty else { return }
        applyContentTouches(before: before, added: [], lifted: slots, cancelled: true)
    }

    private func applyContentTouches(before: TouchSet, added: [TouchSlot], lifted: [TouchSlot], cancelled: Bool) {
        if added.isEmpty && lifted.isEmpty && before == touches { return }
        if before.isEmpty && !added.isEmpty {
            fingerPath = .zero
            velocityTracker.reset()
            velocityTracker.add(fingerPath, at: time)
            let wasMoving = phase.isMotion
            send(.touchDown)
            delivery.gestureBegan(movingWhenTouched: wasMoving, at: time, view: self)
        }
        let motion = TouchMotion.between(before, touches)
        if motion.translation != .zero || motion.scale != 1 {
            fingerPath = fingerPath + motion.translation
            velocityTracker.add(fingerPath, at: time)
            send(.touchesMoved(motion))
        } else if !added.isEmpty || !lifted.isEmpty {
            velocityTracker.add(fingerPath, at: time)
        }
        for slot in added { delivery.touchDown(slot, view: self) }
        if !before.isEmpty || !added.isEmpty { delivery.touchesMoved(view: self) }
        for slot in lifted {
            // The finger is gone before the view hears of it: the state in touchesEnded / tap says
            // whether anything is still tracking.
            touches.remove(slot)
            delivery.touchUp(slot, cancelled: cancelled, view: self)
        }
        if touches.isEmpty && !lifted.isEmpty {
            send(cancelled ? .touchesCancelled : .touchesLifted)
            delivery.gestureEnded(view: self)
            if let point = delivery.doubleTapZoomPoint {
                delivery.doubleTapZoomPoint = nil
                doubleTapZoom(at: point)
            }
        }
    }

    // MARK: - The state machine

    enum Phase: Hashable {
        /// At rest, no finger on the content.
        case idle
        /// Fingers on the content; no drag or pinch recognised yet.
        case tracking(Tracking)
        /// The pan won: the content follows the fingers' centroid.
        case dragging(Drag)
        /// Two or more fingers zoom the content (and pan it with their centroid).
        case pinching(Pinch)
        /// After the lift: a fling, a bounce back from an edge, or settling on a page.
        case decelerating(OffsetMotion)
        /// A programmatic animated scroll.
        case scrollAnimating(OffsetMotion, ScrollAnimationKind)
        /// The zoom scale (and offset) settling inside the limits after a pinch.
        case zoomSettling(ZoomMotion)
        /// A programmatic animated zoom (setZoomScale, zoom(to:), double tap).
        case zoomAnimating(ZoomMotion)

        var isDragging: Bool {
            switch self {
            case .dragging: true
            case .pinching(let p): p.alsoDragging
            default: false
            }
        }
        var isDecelerating: Bool { if case .decelerating = self { true } else { false } }
        var isScrollAnimating: Bool { if case .scrollAnimating = self { true } else { false } }
        var isZooming: Bool { if case .pinching = self { true } else { false } }
        var isZoomBouncing: Bool {
            if case .zoomSettling(let z) = self { z.startScale != z.targetScale } else { false }
        }
        var isZoomAnimating: Bool { if case .zoomAnimating = self { true } else { false } }
        var isMotion: Bool {
            switch self {
            case .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating: true
            default: false
            }
        }
        var name: String {
            switch self {
            case .idle: "idle"
            case .tracking: "tracking"
            case .dragging: "dragging"
            case .pinching: "pinching"
            case .decelerating: "decelerating"
            case .scrollAnimating: "scrollAnimating"
            case .zoomSettling: "zoomSettling"
            case .zoomAnimating: "zoomAnimating"
            }
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
        case touchDown
        case touchesMoved(TouchMotion)
        case touchesLifted
        case touchesCancelled
        case tick
        case animateScroll(OffsetMotion, ScrollAnimationKind)
        case animateZoom(ZoomMotion)
        case stop
    }

    /// The one transition function.
    func send(_ input: Input) {
        switch (phase, input) {
        // A finger lands.
        case (.idle, .touchDown):
            phase = .tracking(Tracking())
        case (.decelerating, .touchDown), (.scrollAnimating, .touchDown):
            // UIKit: a finger on moving content stops it where it is; no end message is sent.
            phase = .tracking(Tracking())
        case (.zoomSettling, .touchDown), (.zoomAnimating, .touchDown):
            emit(.didEndZooming(atScale: zoomScale))
            phase = .tracking(Tracking())

        // Fingers move.
        case (.tracking(var t), .touchesMoved(let m)):
            t.translation = t.translation + m.translation
            t.spreadChange += spreadDelta(m)
            t.scale *= m.scale
            let blocked = delivery.blocksScroll(configuration)
            if !blocked && canZoom && touches.count >= 2 && abs(t.spreadChange) >= Thresholds.pinchSpreadChange {
                beginPinch(alsoDragging: false, focus: m.focus)
                pinch(by: TouchMotion(translation: .zero, scale: t.scale, focus: m.focus))
            } else if !blocked && configuration.isScrollEnabled && t.translation.length >= Thresholds.panDistance {
                beginDrag(translation: t.translation)
            } else {
                phase = .tracking(t)
            }
        case (.dragging(var d), .touchesMoved(let m)):
            d.spreadChange += spreadDelta(m)
            d.scale *= m.scale
            if canZoom && touches.count >= 2 && abs(d.spreadChange) >= Thresholds.pinchSpreadChange {
                phase = .dragging(d)
                beginPinch(alsoDragging: true, focus: m.focus)
                pinch(by: TouchMotion(translation: m.translation, scale: d.scale, focus: m.focus))
            } else {
                drag(&d, by: m.translation)
                phase = .dragging(d)
            }
        case (.pinching, .touchesMoved(let m)):
            pinch(by: m)

        // The last finger lifts (or is cancelled).
        case (.tracking, .touchesLifted), (.tracking, .touchesCancelled):
            settleAfterTouch()
        case (.dragging(let d), .touchesLifted):
            releaseDrag(d, velocity: velocityTracker.velocity(at: time))
        case (.dragging(let d), .touchesCancelled):
            releaseDrag(d, velocity: .zero)
        case (.pinching(let p), .touchesLifted), (.pinching(let p), .touchesCancelled):
            releasePinch(p)

        // Time passes.
        case (.decelerating(let m), .tick):
            move(to: m.offset(at: time))
            if m.isFinished(at: time) {
                phase = .idle
                emit(.didEndDecelerating)
            }
        case (.scrollAnimating(let m, let kind), .tick):
            move(to: m.offset(at: time))
            if m.isFinished(at: time) {
                phase = .idle
                emit(kind == .scrollToTop ? .didScrollToTop : .didEndScrollingAnimation)
            }
        case (.zoomSettling(let z), .tick), (.zoomAnimating(let z), .tick):
            let (scale, offset) = z.sample(at: time)
            zoom(to: scale, offset: offset)
            if z.isFinished(at: time) {
                phase = .idle
                emit(.didEndZooming(atScale: zoomScale))
            }
        case (.idle, .tick), (.tracking, .tick), (.dragging, .tick), (.pinching, .tick):
            break

        // Programmatic animations replace whatever moves by itself.
        case (.idle, .animateScroll(let m, let kind)), (.decelerating, .animateScroll(let m, let kind)),
             (.scrollAnimating, .animateScroll(let m, let kind)):
            phase = .scrollAnimating(m, kind)
        case (.zoomSettling, .animateScroll(let m, let kind)), (.zoomAnimating, .animateScroll(let m, let kind)):
            emit(.didEndZooming(atScale: zoomScale))
            phase = .scrollAnimating(m, kind)
        case (.idle, .animateZoom(let z)), (.decelerating, .animateZoom(let z)), (.scrollAnimating, .animateZoom(let z)),
             (.zoomSettling, .animateZoom(let z)), (.zoomAnimating, .animateZoom(let z)):
            phase = .zoomAnimating(z)

        // stopScrollingAndZooming.
        case (.decelerating, .stop), (.scrollAnimating, .stop):
            phase = .idle
        case (.zoomSettling, .stop), (.zoomAnimating, .stop):
            phase = .idle
            emit(.didEndZooming(atScale: zoomScale))
        case (.idle, .stop):
            break

        default:
            note("invalid input \(input.name) in phase \(phase.name); ignored")
        }
    }

    // MARK: - Drag

    var canZoom: Bool { configuration.zoomingContentView != nil }

    private func spreadDelta(_ m: TouchMotion) -> Double {
        guard m.scale != 1, let spread = touches.spread() else { return 0 }
        return spread - spread / m.scale
    }

    private func beginDrag(translation: Point) {
        var lock = DirectionalLock.none
        if configuration.isDirectionalLockEnabled {
            let tangent = Double.tan(Thresholds.directionalLockAngle * .pi / 180)
            if abs(translation.y) <= abs(translation.x) * tangent {
                lock = .horizontal
            } else if abs(translation.x) <= abs(translation.y) * tangent {
                lock = .vertical
            }
        }
        let g = geometry
        let raw = Point(x: g.raw(forDisplayed: contentOffset.x, .horizontal), y: g.raw(forDisplayed: contentOffset.y, .vertical))
        // The slop is not applied: content stays where it is at recognition and follows from here.
        phase = .dragging(Drag(raw: raw, lock: lock, startOffset: contentOffset))
        delivery.scrollTookTouches(view: self)
        emit(.willBeginDragging)
    }

    private func dragAxes(_ lock: DirectionalLock) -> [Axis] {
        let g = geometry
        return Axis.allCases.filter { axis in
            guard g.scrolls(axis) else { return false }
            switch lock {
            case .none: return true
            case .horizontal: return axis == .horizontal
            case .vertical: return axis == .vertical
            }
        }
    }

    private func drag(_ d: inout Drag, by translation: Point) {
        let g = geometry
        var offset = contentOffset
        for axis in dragAxes(d.lock) {
            d.raw[axis] -= translation[axis]
            offset[axis] = g.displayed(raw: d.raw[axis], axis)
        }
        move(to: offset)
    }

    private func releaseDrag(_ d: Drag, velocity fingerVelocity: Point) {
        let g = geometry
        let axes = dragAxes(d.lock)
        var velocity = Point.zero
        for axis in axes where abs(fingerVelocity[axis]) >= DecelerationCurve.restSpeed {
            velocity[axis] = -fingerVelocity[axis]
        }
        let rate = configuration.decelerationRate.rawValue
        var proposed = contentOffset
        for axis in Axis.allCases {
            let r = g.range(axis)
            let x = contentOffset[axis]
            if x < r.lowerBound || x > r.upperBound {
                proposed[axis] = min(max(x, r.lowerBound), r.upperBound)
            } else if configuration.isPagingEnabled {
                proposed[axis] = pageTarget(axis, start: d.startOffset[axis], position: x, velocity: velocity[axis], geometry: g)
            } else {
                let landing = x + DecelerationCurve.projectedDistance(velocity: velocity[axis], rate: rate)
                proposed[axis] = min(max(landing, r.lowerBound), r.upperBound)
            }
        }
        let velocityPerMs = velocity / 1000
        let target = targetContentOffsetAdjuster?(velocityPerMs, proposed) ?? proposed
        emit(.willEndDragging(velocity: velocityPerMs, targetContentOffset: target))

        var trajectories: [AxisTrajectory] = []
        for axis in Axis.allCases {
            let r = g.range(axis)
            let x = contentOffset[axis]
            let overscrolled = x < r.lowerBound || x > r.upperBound
            if configuration.isPagingEnabled && !overscrolled {
                let t = target[axis]
                trajectories.append(t == x ? .resting(at: x)
                    : AxisTrajectory(.spring(.withoutOvershoot(start: x, target: t, initialVelocity: velocity[axis]))))
            } else {
                let rewritten = target[axis] != proposed[axis]
                trajectories.append(.release(position: x, velocity: velocity[axis], range: r, bounces: g.bounces(axis),
                                             rate: rate, target: rewritten ? target[axis] : nil))
            }
        }
        let motion = OffsetMotion(start: time, x: trajectories[0], y: trajectories[1])
        let willDecelerate = motion.end > time
        if willDecelerate {
            phase = .decelerating(motion)
            emit(.didEndDragging(willDecelerate: true))
            emit(.willBeginDecelerating)
        } else {
            phase = .idle
            emit(.didEndDragging(willDecelerate: false))
        }
    }

    /// Paging: the page the content settles on — the next or previous page for a flick, the nearest
    /// page otherwise, never more than one page from where the drag started.
    private func pageTarget(_ axis: Axis, start: Double, position: Double, velocity: Double, geometry g: ScrollGeometry) -> Double {
        let pageSize = configuration.boundsSize[axis]
        let r = g.range(axis)
        guard pageSize > 0, r.upperBound > r.lowerBound else { return min(max(position, r.lowerBound), r.upperBound) }
        let startPage = (start / pageSize).rounded()
        let fractional = position / pageSize
        var page: Double
        if abs(velocity) >= Thresholds.pagingFlickSpeed {
            page = velocity > 0 ? fractional.rounded(.down) + 1 : fractional.rounded(.up) - 1
        } else {
            page = fractional.rounded()
        }
        page = min(max(page, startPage - 1), startPage + 1)
        let lastPage = (r.upperBound / pageSize).rounded(.up)
        page = min(max(page, (r.lowerBound / pageSize).rounded(.down)), lastPage)
        return min(max(page * pageSize, r.lowerBound), r.upperBound)
    }

    /// The fingers lifted without a drag or pinch: content caught mid-bounce springs back.
    private func settleAfterTouch() {
        let g = geometry
        let target = g.clamp(contentOffset)
        guard target != contentOffset else {
            phase = .idle
            return
        }
        var trajectories: [AxisTrajectory] = []
        for axis in Axis.allCases {
            trajectories.append(.release(position: contentOffset[axis], velocity: 0, range: g.range(axis),
                                         bounces: g.bounces(axis), rate: configuration.decelerationRate.rawValue))
        }
        phase = .decelerating(OffsetMotion(start: time, x: trajectories[0], y: trajectories[1]))
        emit(.willBeginDecelerating)
    }

    // MARK: - Moving the content

    /// Set the offset, sending didScroll when it changed.
    func move(to offset: Point) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        emit(.didScroll)
        recenterIfNeeded()
    }

    /// Set scale and offset together, sending didZoom and didScroll for what changed.
    func zoom(to scale: Double, offset: Point) {
        let scaleChanged = scale != zoomScale
        let offsetChanged = offset != contentOffset
        zoomScale = scale
        contentOffset = offset
        if scaleChanged { emit(.didZoom) }
        if offsetChanged { emit(.didScroll) }
        if offsetChanged { recenterIfNeeded() }
    }
}

extension ScrollView.Input {
    var name: String {
        switch self {
        case .touchDown: "touchDown"
        case .touchesMoved: "touchesMoved"
        case .touchesLifted: "touchesLifted"
        case .touchesCancelled: "touchesCancelled"
        case .tick: "tick"
        case .animateScroll: "animateScroll"
        case .animateZoom: "animateZoom"
        case .stop: "stop"
        }
    }
}
