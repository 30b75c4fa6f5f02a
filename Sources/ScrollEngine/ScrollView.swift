import RealModule

/// Keys that scroll when allowsKeyboardScrolling is on.
public enum ScrollKey: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right, pageUp, pageDown, space, home, end
}

/// A UIScrollView: takes touch frames and time, moves its content the way UIKit does, and produces
/// the delegate message stream. It never reads a clock and does no I/O.
///
/// The interaction is one explicit state machine (`Phase`, `Input`, `send(_:)`, diagram in
/// docs/engine.md); an input that makes no sense in a phase is recorded in `diagnostics` and
/// ignored, never a crash. Each change of phase is recorded in `transitions`.
public final class ScrollView {
    public internal(set) var configuration: ScrollViewConfiguration {
        didSet { zoomViewSize = configuration.zoomingContentView?.frame.size }
    }
    /// The size of `configuration.zoomingContentView`, nil when zooming is not possible: kept with
    /// the configuration, because every message asks for the content size.
    private(set) var zoomViewSize: Size?
    /// The engine's notion of now: the latest time it was advanced to.
    public private(set) var time: Timestamp
    public internal(set) var contentOffset: Point
    public internal(set) var zoomScale: Double
    /// When flashScrollIndicators was last asked for (the renderer shows the indicators then).
    public internal(set) var indicatorFlashTime: Timestamp?

    /// UIKit's inout targetContentOffset of scrollViewWillEndDragging: given the release velocity
    /// (points per millisecond, as UIKit passes it) and the proposed target (where the content would
    /// rest), return the target to land on.
    public var targetContentOffsetAdjuster: ((_ velocityPerMillisecond: Point, _ proposed: Point) -> Point)?
    /// scrollViewShouldScrollToTop; when nil, `configuration.shouldScrollToTop` answers.
    public var shouldScrollToTopHandler: (() -> Bool)?

    var phase: Phase = .idle {
        didSet { phaseName = phase.public }
    }
    /// The phase's name (`phase.public`), kept with it by `phase`'s observer. The flags every
    /// message carries, and whether anything moves, are read from this one byte: the phases
    /// without a payload (idle, decelerating, zoomAnimating) share one tag of `Phase` and are told
    /// apart only by comparing all of its payload's words, a dozen instructions a question.
    private(set) var phaseName: ScrollPhase = .idle
    /// What `.decelerating` and `.scrollAnimating` follow, set as the phase is entered (outside
    /// those phases: the last such motion, unused).
    var offsetMotion = OffsetMotion(start: .zero, x: .resting(at: 0), y: .resting(at: 0))
    /// What `.zoomSettling` and `.zoomAnimating` follow, set as the phase is entered.
    var zoomMotion = ZoomMotion(start: .zero, startScale: 1, targetScale: 1, startOffset: .zero, targetOffset: .zero,
                                focus: nil, progress: .ease(EaseInOutCurve(from: 0, to: 1, duration: 0)))
    /// Fingers on the content (they drive pan, pinch and content-touch delivery).
    var touches = TouchSet()
    /// The slots that landed and lifted in the frame being handled: per-frame scratch kept
    /// between frames.
    private var added: [TouchSlot] = []
    private var lifted: [TouchSlot] = []
    /// Fingers that are not the scroll view's: the status-bar strip, an edge swipe, a swallowed
    /// wake touch. Keyed by slot; kept in slot order.
    var foreignTouches: [(slot: TouchSlot, role: ForeignTouch)] = []
    var velocityTracker = VelocityTracker()
    /// The fingers' accumulated translation in the current gesture (velocity is measured on it,
    /// so fingers landing and lifting never read as speed).
    var fingerPath: Point = .zero
    var events: [DelegateEvent] = []
    /// The array the last `drainEvents()` returned, reused once its caller let go of it.
    private var drainedEvents: [DelegateEvent] = []
    private var drainedTransitions: [PhaseTransition] = []
    public private(set) var diagnostics: [String] = []
    /// Changes of phase since the last `drainTransitions()`, in order; only the newest
    /// `retainedLogEntries` are kept, so a caller that never drains does not grow without bound.
    public private(set) var transitions: [PhaseTransition] = []
    /// How many diagnostics and transitions are kept between drains.
    public static let retainedLogEntries = 256
    let delivery = TouchDelivery()
    /// What the enclosing `ScrollViewTree` decides for this view (defaults: a lone scroll view).
    var nesting = Nesting()
    /// The id the enclosing `ScrollViewTree` knows this view by, which every event it sends names
    /// (`DelegateEvent.viewName`); nil for a lone scroll view.
    public internal(set) var name: ViewName?

    public init(configuration: ScrollViewConfiguration, startTime: Timestamp = .zero) {
        self.configuration = configuration
        self.zoomViewSize = configuration.zoomingContentView?.frame.size
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
        // By the phase's name; the payload is read only for the two flags that depend on it.
        let name = phaseName
        return ScrollViewState(
            contentOffset: contentOffset, zoomScale: zoomScale, contentSize: contentSize,
            isTracking: isTracking, isDragging: name == .dragging || (name == .pinching && phase.isDragging),
            isDecelerating: name == .decelerating, isScrollAnimating: name == .scrollAnimating,
            isZooming: name == .pinching, isZoomBouncing: name == .zoomSettling && phase.isZoomBouncing,
            isZoomAnimating: name == .zoomAnimating, phase: name
        )
    }

    /// UIKit's contentSize: the zoom view's size times the zoom scale (plus a stationary header)
    /// when zooming is configured, the configured contentSize otherwise.
    public var contentSize: Size { contentSize(atScale: zoomScale) }

    func contentSize(atScale scale: Double) -> Size { configuration.contentSize(atScale: scale, zoomViewSize: zoomViewSize) }

    public var geometry: ScrollGeometry { geometry(atScale: zoomScale) }

    func geometry(atScale scale: Double) -> ScrollGeometry {
        ScrollGeometry(configuration: configuration, contentSize: contentSize(atScale: scale))
    }

    public var isTracking: Bool { !touches.isEmpty }

    /// True while something moves by itself: the caller should advance at its frame rate.
    public var isAnimating: Bool { phaseName.isMotion }

    /// The next instant a timer (touch delay, long press, double-tap wait) needs the engine.
    public var nextTimerDeadline: Timestamp? { delivery.nextDeadline }

    /// No finger down, nothing moving, no timer pending.
    public var isAtRest: Bool {
        touches.isEmpty && foreignTouches.isEmpty && phase == .idle && delivery.nextDeadline == nil
    }

    /// The messages produced since the last call, in order.
    public func drainEvents() -> [DelegateEvent] {
        events.drain(keeping: &drainedEvents)
    }

    /// Moves the messages produced since the last call to the end of `destination`, in order (a
    /// `ScrollViewTree` gathering its views' streams). Into an empty destination the two arrays'
    /// storage is exchanged, so nothing is copied; either way nothing is allocated once both have
    /// grown.
    func takeEvents(appendingTo destination: inout [DelegateEvent]) {
        if destination.isEmpty {
            swap(&destination, &events)
        } else {
            destination.append(contentsOf: events)
            events.removeAll(keepingCapacity: true)
        }
    }

    /// Invalid transitions and ignored inputs since the last call (the caller logs them).
    public func drainDiagnostics() -> [String] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// The phase changes since the last call (`old → input → new`; the caller logs them at debug level).
    public func drainTransitions() -> [PhaseTransition] {
        transitions.drain(keeping: &drainedTransitions)
    }

    func record(_ transition: PhaseTransition) {
        if transitions.count >= Self.retainedLogEntries { transitions.removeFirst() }
        transitions.append(transition)
    }

    func emit(_ message: consuming DelegateMessage) {
        events.append(DelegateEvent(time: time, message: message, state: state, viewName: name))
    }

    func note(_ text: String) {
        if diagnostics.count >= Self.retainedLogEntries { diagnostics.removeFirst() }
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
            if phaseName.isMotion { send(.tick) }
            fireTimers()
            if let next = delivery.nextDeadline, next <= deadline {
                note("timer at \(deadline.microseconds)µs did not clear; dropped")
                break
            }
        }
        time = newTime
        if phaseName.isMotion { send(.tick) }
    }

    // MARK: - Touches

    /// Apply one frame of touches. The engine first advances to the frame's time.
    public func handle(_ frame: TouchFrame) {
        advance(to: frame.time)
        handleSamples(frame.samples, classifyForeign: true)
        delivery.lastInput = time
    }

    func handleSamples(_ samples: [TouchSample], classifyForeign: Bool) {
        let frame = touches.beginFrame()
        let hadTouches = !touches.isEmpty
        if !added.isEmpty { added.removeAll(keepingCapacity: true) }
        if !lifted.isEmpty { lifted.removeAll(keepingCapacity: true) }
        var cancelled = false
        // Whether a finger that stays down may have moved (a foreign touch handed to the content
        // re-enters this function, so then anything may have changed).
        var moved = false
        // Over the samples' storage (the array is not changed here).
        samples.withUnsafeBufferPointer { samples in
            for sample in samples {
                if classifyForeign, !foreignTouches.isEmpty, let i = foreignTouches.firstIndex(where: { $0.slot == sample.slot }) {
                    handleForeign(sample, index: i)
                    moved = true
                    continue
                }
                let i = touches.index(of: sample.slot)
                switch sample.phase {
                case .down:
                    if let i {
                        note("down for \(sample.slot), which is already down; treated as a move")
                        if touches.moveTouch(at: i, to: sample.location, inFrame: frame) { moved = true }
                    } else if classifyForeign, let role = foreignRole(forDownAt: sample.location) {
                        foreignTouches.append((sample.slot, role))
                        foreignTouches.sort { $0.slot < $1.slot }
                    } else {
                        touches.insert(.init(slot: sample.slot, location: sample.location, downTime: time, downLocation: sample.location),
                                       landedIn: frame)
                        added.append(sample.slot)
                    }
                case .move:
                    if let i {
                        if touches.moveTouch(at: i, to: sample.location, inFrame: frame) { moved = true }
                    } else {
                        note("move for \(sample.slot), which is not down; ignored")
                    }
                case .up, .cancel:
                    if let i {
                        touches.moveTouch(at: i, to: sample.location, inFrame: frame)
                        lifted.append(sample.slot)
                        if sample.phase == .cancel { cancelled = true }
                    } else {
                        note("\(sample.phase.rawValue) for \(sample.slot), which is not down; ignored")
                    }
                }
            }
        }
        applyContentTouches(frame: frame, hadTouches: hadTouches, cancelled: cancelled, moved: moved)
    }

    /// Every finger is taken away (the device was unplugged): the content settles as after a
    /// release without velocity, and content views get touchesCancelled.
    public func cancelAllTouches(at when: Timestamp) {
        advance(to: when)
        foreignTouches.removeAll()
        guard !touches.isEmpty else { return }
        added.removeAll(keepingCapacity: true)
        lifted.removeAll(keepingCapacity: true)
        lifted.append(contentsOf: touches.slots)
        applyContentTouches(frame: touches.beginFrame(), hadTouches: true, cancelled: true, moved: false)
    }

    /// The touches of `frame` are in `touches` (the lifted ones still there), the slots that landed
    /// and lifted in it in `added` and `lifted`; `hadTouches`: some were down before it. `moved`: a finger that was down before may have moved (false: the
    /// fingers are where they were, unless one landed or lifted). Nothing lands, lifts or moves:
    /// nothing to do. (When fingers moved and came back within the frame, what follows finds no
    /// motion and does nothing either.)
    private func applyContentTouches(frame: UInt64, hadTouches: Bool, cancelled: Bool, moved: Bool) {
        if added.isEmpty && lifted.isEmpty && !moved { return }
        if !hadTouches && !added.isEmpty {
            fingerPath = .zero
            velocityTracker.reset()
            velocityTracker.add(fingerPath, at: time)
            let wasMoving = phaseName.isMotion || nesting.ancestorWasMoving
            send(.touchDown)
            delivery.gestureBegan(movingWhenTouched: wasMoving)
        }
        let motion = touches.motion(inFrame: frame, measuringScale: canZoom)
        if motion.translation != .zero || motion.scale != 1 {
            fingerPath = fingerPath + motion.translation
            velocityTracker.add(fingerPath, at: time)
            send(.touchesMoved(motion))
        } else if !added.isEmpty || !lifted.isEmpty {
            velocityTracker.add(fingerPath, at: time)
        }
        if nesting.deliversContentTouches && !added.isEmpty {
            for slot in added {
                delivery.touchDown(slot, view: self)
                performDeliveryActions()
            }
        }
        if hadTouches || !added.isEmpty {
            delivery.touchesMoved(view: self)
            performDeliveryActions()
        }
        var doubleTapPoint: Point?
        if !lifted.isEmpty {
            for slot in lifted {
                // The finger is gone before the view hears of it: the state in touchesEnded / tap
                // says whether anything is still tracking.
                touches.remove(slot)
                delivery.touchUp(slot, cancelled: cancelled, view: self)
                doubleTapPoint = performDeliveryActions() ?? doubleTapPoint
            }
        }
        if !touches.isEmpty && !lifted.isEmpty {
            send(.fingersLifted)
        }
        if touches.isEmpty && !lifted.isEmpty {
            send(cancelled ? .touchesCancelled : .touchesLifted)
            delivery.gestureEnded()
        }
        if let point = doubleTapPoint {
            doubleTapZoom(at: point)
        }
    }

    // MARK: - Moving the content (called only from the transition function)

    /// Set the offset, sending didScroll when it changed.
    func move(to offset: Point) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        emit(.didScroll)
    }

    /// Set scale and offset together, sending didZoom and didScroll for what changed.
    func zoom(to scale: Double, offset: Point) {
        let scaleChanged = scale != zoomScale
        let offsetChanged = offset != contentOffset
        zoomScale = scale
        contentOffset = offset
        if scaleChanged { emit(.didZoom) }
        if offsetChanged { emit(.didScroll) }
    }
}
