/// Decides what content views hear of each finger, as UIScrollView does with its touch-delay timer
/// and content-touch cancellation.
///
/// Each content finger has a gate, an explicit state machine (diagram: docs/touch-delivery.md):
///
///     held ──150 ms still──▶ delivered ──lift──▶ (ended + tap)
///       │ lift < 150 ms: began+ended at once, tap
///       │ pan/pinch wins: taken (the view never hears of it)
///     delivered ──pan wins, view cancellable──▶ taken (touchesCancelled)
///     delivered ──pan, view not cancellable──▶ stays delivered; the pan is blocked
///
/// Taps wait for a possible double tap only when double-tap zoom is on and the view is not a control.
///
/// Delivery reads the scroll view (time, touches, hit-testing) but never changes it: every method
/// appends the actions the scroll view then carries out, in order, to `actions`, which the scroll
/// view empties as it performs them (`ScrollView.performDeliveryActions()`).
final class TouchDelivery {
    enum Action: Hashable {
        /// Send a content-touch or gesture message.
        case emit(DelegateMessage)
        /// A double tap was recognised at this screen point: zoom once the lift has been handled.
        case doubleTapZoom(at: Point)
    }

    static let touchDelay = 0.15          // seconds, UIKit's delaysContentTouches timer
    static let doubleTapInterval = 0.3    // seconds between the taps of a double tap
    static let doubleTapDistance = 40.0   // points between the taps of a double tap

    enum GateState: Hashable {
        case held(until: Timestamp)
        case delivered
        case taken
    }

    enum GateInput: Hashable { case timerFired, scrollWon, lifted, cancelled }

    struct Gate: Hashable {
        var slot: TouchSlot
        var view: ContentView?
        var downTime: Timestamp
        var downScreen: Point
        var downContent: Point
        var lastScreen: Point
        var maxDistance: Double = 0
        var state: GateState
        var longPressAt: Timestamp?
        var longPressed = false
    }

    /// The gates of the fingers a content view may still hear of (held or delivered), in slot order.
    /// A gate that reaches `taken` is dropped: nothing reads it again (the view never hears of its
    /// finger, it has no timer, and its lift sends nothing), and every frame walks these.
    private(set) var gates: [Gate] = []
    /// The actions of the calls so far that the scroll view has not carried out yet (kept storage:
    /// delivering allocates nothing, and a call with nothing to say costs nothing).
    var actions: [Action] = []
    var lastInput: Timestamp = .zero
    var gestureOnMovingContent = false
    var gestureScrolled = false
    var pendingTap: (gesture: ContentGesture, at: Timestamp)? = nil
    var lastTap: (time: Timestamp, point: Point)? = nil

    /// The earliest of the held touches' deadlines, the long presses and a pending tap (a running
    /// minimum, without a list: asked several times per frame).
    var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        func consider(_ t: Timestamp) { earliest = earliest.map { min($0, t) } ?? t }
        for g in gates {
            if case .held(let until) = g.state { consider(until) }
            if let lp = g.longPressAt { consider(lp) }
        }
        if let pendingTap { consider(pendingTap.at) }
        return earliest
    }

    func gestureBegan(movingWhenTouched: Bool) {
        gestureOnMovingContent = movingWhenTouched
        gestureScrolled = false
    }

    func gestureEnded() {
        gates.removeAll(keepingCapacity: true)
        gestureOnMovingContent = false
        gestureScrolled = false
    }

    /// True when a finger is delivered to a view that may not be cancelled: the pan must not start.
    /// Given the scroll view's canCancelContentTouches alone (asked for every movement while
    /// tracking, so the whole configuration is not handed over).
    func blocksScroll(canCancelContentTouches: Bool) -> Bool {
        for i in gates.indices where gates[i].state == .delivered {
            let cancellable = canCancelContentTouches && (gates[i].view?.shouldCancelTouches ?? true)
            if !cancellable { return true }
        }
        return false
    }

    func touchDown(_ slot: TouchSlot, view sv: ScrollView) {
        guard let touch = sv.touches[slot] else { return }
        let c = sv.configuration
        let content = sv.contentPoint(forScreen: touch.location)
        let target = sv.hitTest(content)
        var gate = Gate(slot: slot, view: target, downTime: sv.time, downScreen: touch.location,
                        downContent: content, lastScreen: touch.location, state: .taken)
        let scrolling = sv.phaseName == .pinching || sv.phase.isDragging
        if gestureOnMovingContent || scrolling || !(target?.shouldBeginTouches ?? true) {
            gate.state = .taken
        } else if c.delaysContentTouches {
            gate.state = .held(until: sv.time.adding(seconds: Self.touchDelay))
        } else {
            gate.state = .delivered
            actions.append(.emit(.touchesBegan(touchValue(gate, at: touch.location, in: sv))))
        }
        guard gate.state != .taken else { return }
        if c.longPress.enabled {
            gate.longPressAt = sv.time.adding(seconds: c.longPress.minimumPressDuration)
        }
        insert(gate)
    }

    private func insert(_ gate: Gate) {
        let i = gates.firstIndex { $0.slot > gate.slot } ?? gates.endIndex
        gates.insert(gate, at: i)
    }

    @inline(__always)
    func touchesMoved(view sv: ScrollView) {
        if !gates.isEmpty { gatedTouchesMoved(sv) }
    }

    private func gatedTouchesMoved(_ sv: ScrollView) {
        for i in gates.indices {
            guard let location = sv.touches.location(of: gates[i].slot), location != gates[i].lastScreen else { continue }
            moved(&gates[i], to: location, sv)
        }
    }

    private func moved(_ g: inout Gate, to location: Point, _ sv: ScrollView) {
        g.lastScreen = location
        g.maxDistance = max(g.maxDistance, location.distance(to: g.downScreen))
        if g.maxDistance > Thresholds.panDistance { g.longPressAt = nil }
        if g.state == .delivered {
            actions.append(.emit(.touchesMoved(touchValue(g, at: location, in: sv))))
        }
    }

    /// The pan or pinch won: held fingers are taken silently, delivered ones cancelled.
    func scrollTookTouches(view sv: ScrollView) {
        gestureScrolled = true
        for i in gates.indices {
            transition(&gates[i], .scrollWon, sv)
        }
        gates.removeAll { $0.state == .taken }
    }

    func touchUp(_ slot: TouchSlot, cancelled: Bool, view sv: ScrollView) {
        guard let i = gates.firstIndex(where: { $0.slot == slot }) else { return }
        var gate = gates.remove(at: i)
        transition(&gate, cancelled ? .cancelled : .lifted, sv)
    }

    func fire(view sv: ScrollView) {
        let now = sv.time
        for i in gates.indices {
            if case .held(let until) = gates[i].state, until <= now {
                transition(&gates[i], .timerFired, sv)
            }
            if let lp = gates[i].longPressAt, lp <= now {
                gates[i].longPressAt = nil
                if !gestureScrolled && gates[i].maxDistance <= Thresholds.panDistance && gates[i].state != .taken {
                    gates[i].longPressed = true
                    actions.append(.emit(.longPress(ContentGesture(viewName: gates[i].view?.name, contentPoint: gates[i].downContent, screenPoint: gates[i].downScreen))))
                }
            }
        }
        if let pending = pendingTap, pending.at <= now {
            pendingTap = nil
            actions.append(.emit(.tap(pending.gesture)))
        }
    }

    /// The gate's one transition function (every pair spelled out).
    /// Its actions are appended to `actions`.
    private func transition(_ g: inout Gate, _ input: GateInput, _ sv: ScrollView) {
        switch (g.state, input) {
        case (.held, .timerFired):
            // Delivered with the original down time and position.
            g.state = .delivered
            actions.append(.emit(.touchesBegan(touchValue(g, at: g.downScreen, in: sv, content: g.downContent))))
        case (.held, .scrollWon):
            g.state = .taken
            g.longPressAt = nil
        case (.delivered, .scrollWon):
            // A view that may not be cancelled kept the pan from starting (blocksScroll); a pinch
            // can still win, and then it keeps its touch too.
            guard cancellable(g, sv) else { return }
            g.state = .taken
            g.longPressAt = nil
            actions.append(.emit(.touchesCancelled(touchValue(g, at: g.lastScreen, in: sv))))
        case (.held, .lifted):
            actions.append(.emit(.touchesBegan(touchValue(g, at: g.downScreen, in: sv, content: g.downContent))))
            actions.append(.emit(.touchesEnded(touchValue(g, at: g.lastScreen, in: sv))))
            recognizeTap(g, sv)
        case (.delivered, .lifted):
            actions.append(.emit(.touchesEnded(touchValue(g, at: g.lastScreen, in: sv))))
            recognizeTap(g, sv)
        case (.delivered, .cancelled):
            actions.append(.emit(.touchesCancelled(touchValue(g, at: g.lastScreen, in: sv))))
        case (.held, .cancelled):
            break
        case (.delivered, .timerFired):
            break // the timer of a gate already delivered (same deadline as another): nothing left to do
        case (.taken, .timerFired), (.taken, .scrollWon), (.taken, .lifted), (.taken, .cancelled):
            break // the scroll view owns the finger: the view never hears of it again
        }
    }

    private func cancellable(_ g: Gate, _ sv: ScrollView) -> Bool {
        sv.configuration.canCancelContentTouches && (g.view?.shouldCancelTouches ?? true)
    }

    /// A lift that may be a tap: its action, if any, is appended to `actions`.
    private func recognizeTap(_ g: Gate, _ sv: ScrollView) {
        guard !gestureScrolled, !g.longPressed, g.maxDistance <= Thresholds.panDistance else { return }
        let gesture = ContentGesture(viewName: g.view?.name, contentPoint: g.downContent, screenPoint: g.downScreen)
        let waitsForDoubleTap = sv.configuration.doubleTapZoom.enabled && sv.canZoom && g.view?.role != .control
        guard waitsForDoubleTap else { return actions.append(.emit(.tap(gesture))) }
        if let last = lastTap, sv.time.seconds(since: last.time) <= Self.doubleTapInterval,
           last.point.distance(to: g.downScreen) <= Self.doubleTapDistance {
            pendingTap = nil
            lastTap = nil
            // Zoomed once the gesture has ended (the scroll view is still tracking this lift).
            return actions.append(.doubleTapZoom(at: g.downScreen))
        }
        pendingTap = (gesture, sv.time.adding(seconds: Self.doubleTapInterval))
        lastTap = (sv.time, g.downScreen)
    }

    private func touchValue(_ g: Gate, at screen: Point, in sv: ScrollView, content: Point? = nil) -> ContentTouch {
        ContentTouch(viewName: g.view?.name, slot: g.slot, touchTime: g.downTime,
                     contentPoint: content ?? sv.contentPoint(forScreen: screen), screenPoint: screen)
    }
}

extension ScrollView {
    func fireTimers() {
        delivery.fire(view: self)
        performDeliveryActions()
    }

    /// Carry out delivery's actions and forget them: messages now; a double-tap zoom is returned to
    /// be started once the lift that recognised it has been handled.
    @inline(__always) @discardableResult
    func performDeliveryActions() -> Point? {
        delivery.actions.isEmpty ? nil : performPendingDeliveryActions()
    }

    private func performPendingDeliveryActions() -> Point? {
        var zoomPoint: Point?
        for action in delivery.actions {
            switch action {
            case .emit(let message): emit(message)
            case .doubleTapZoom(let point): zoomPoint = point
            }
        }
        delivery.actions.removeAll(keepingCapacity: true)
        return zoomPoint
    }
}
