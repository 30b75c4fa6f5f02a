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
final class TouchDelivery {
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

    var gates: [Gate] = []
    var lastInput: Timestamp = .zero
    var gestureOnMovingContent = false
    var gestureScrolled = false
    var pendingTap: (gesture: ContentGesture, at: Timestamp)? = nil
    var lastTap: (time: Timestamp, point: Point)? = nil
    /// A double tap was recognised: where to zoom when the lift has been handled.
    var doubleTapZoomPoint: Point? = nil

    var nextDeadline: Timestamp? {
        var deadlines: [Timestamp] = []
        for g in gates {
            if case .held(let until) = g.state { deadlines.append(until) }
            if let lp = g.longPressAt { deadlines.append(lp) }
        }
        if let pendingTap { deadlines.append(pendingTap.at) }
        return deadlines.min()
    }

    func gestureBegan(movingWhenTouched: Bool, at time: Timestamp, view: ScrollView) {
        gestureOnMovingContent = movingWhenTouched
        gestureScrolled = false
    }

    func gestureEnded(view: ScrollView) {
        gates.removeAll()
        gestureOnMovingContent = false
        gestureScrolled = false
    }

    /// True when a finger is delivered to a view that may not be cancelled: the pan must not start.
    func blocksScroll(_ configuration: ScrollViewConfiguration) -> Bool {
        gates.contains { g in
            guard g.state == .delivered else { return false }
            let cancellable = configuration.canCancelContentTouches && (g.view?.shouldCancelTouches ?? true)
            return !cancellable
        }
    }

    func touchDown(_ slot: TouchSlot, view sv: ScrollView) {
        guard let touch = sv.touches[slot] else { return }
        let c = sv.configuration
        let content = sv.contentPoint(forScreen: touch.location)
        let target = sv.hitTest(content)
        var gate = Gate(slot: slot, view: target, downTime: sv.time, downScreen: touch.location,
                        downContent: content, lastScreen: touch.location, state: .taken)
        let scrolling = sv.phase.isDragging || sv.phase.isZooming
        if gestureOnMovingContent || scrolling || !(target?.shouldBeginTouches ?? true) {
            gate.state = .taken
        } else if c.delaysContentTouches {
            gate.state = .held(until: sv.time.adding(seconds: Self.touchDelay))
        } else {
            gate.state = .delivered
            sv.emit(.touchesBegan(touchValue(gate, at: touch.location, in: sv)))
        }
        if gate.state != .taken && c.longPress.enabled {
            gate.longPressAt = sv.time.adding(seconds: c.longPress.minimumPressDuration)
        }
        insert(gate)
    }

    private func insert(_ gate: Gate) {
        let i = gates.firstIndex { $0.slot > gate.slot } ?? gates.endIndex
        gates.insert(gate, at: i)
    }

    func touchesMoved(view sv: ScrollView) {
        for i in gates.indices {
            guard let touch = sv.touches[gates[i].slot], touch.location != gates[i].lastScreen else { continue }
            gates[i].lastScreen = touch.location
            gates[i].maxDistance = max(gates[i].maxDistance, touch.location.distance(to: gates[i].downScreen))
            if gates[i].maxDistance > Thresholds.panDistance { gates[i].longPressAt = nil }
            if gates[i].state == .delivered {
                sv.emit(.touchesMoved(touchValue(gates[i], at: touch.location, in: sv)))
            }
        }
    }

    /// The pan or pinch won: held fingers are taken silently, delivered ones cancelled.
    func scrollTookTouches(view sv: ScrollView) {
        gestureScrolled = true
        for i in gates.indices {
            transition(&gates[i], .scrollWon, sv)
        }
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
                    sv.emit(.longPress(ContentGesture(view: gates[i].view?.id, contentPoint: gates[i].downContent, screenPoint: gates[i].downScreen)))
                }
            }
        }
        if let pending = pendingTap, pending.at <= now {
            pendingTap = nil
            sv.emit(.tap(pending.gesture))
        }
    }

    /// The gate's one transition function.
    private func transition(_ g: inout Gate, _ input: GateInput, _ sv: ScrollView) {
        switch (g.state, input) {
        case (.held, .timerFired):
            // Delivered with the original down time and position.
            g.state = .delivered
            sv.emit(.touchesBegan(touchValue(g, at: g.downScreen, in: sv, content: g.downContent)))
        case (.held, .scrollWon):
            g.state = .taken
            g.longPressAt = nil
        case (.delivered, .scrollWon) where cancellable(g, sv):
            sv.emit(.touchesCancelled(touchValue(g, at: g.lastScreen, in: sv)))
            g.state = .taken
            g.longPressAt = nil
        case (.delivered, .scrollWon):
            break // not cancellable: the pan was blocked by blocksScroll; nothing to do
        case (.held, .lifted):
            sv.emit(.touchesBegan(touchValue(g, at: g.downScreen, in: sv, content: g.downContent)))
            sv.emit(.touchesEnded(touchValue(g, at: g.lastScreen, in: sv)))
            recognizeTap(g, sv)
        case (.delivered, .lifted):
            sv.emit(.touchesEnded(touchValue(g, at: g.lastScreen, in: sv)))
            recognizeTap(g, sv)
        case (.delivered, .cancelled):
            sv.emit(.touchesCancelled(touchValue(g, at: g.lastScreen, in: sv)))
        case (.held, .cancelled), (.taken, _):
            break
        default:
            sv.note("touch delivery: invalid input \(input) for \(g.slot) in state \(g.state); ignored")
        }
    }

    private func cancellable(_ g: Gate, _ sv: ScrollView) -> Bool {
        sv.configuration.canCancelContentTouches && (g.view?.shouldCancelTouches ?? true)
    }

    private func recognizeTap(_ g: Gate, _ sv: ScrollView) {
        guard !gestureScrolled, !g.longPressed, g.maxDistance <= Thresholds.panDistance else { return }
        let gesture = ContentGesture(view: g.view?.id, contentPoint: g.downContent, screenPoint: g.downScreen)
        let waitsForDoubleTap = sv.configuration.doubleTapZoom.enabled && sv.canZoom && g.view?.role != .control
        guard waitsForDoubleTap else {
            sv.emit(.tap(gesture))
            return
        }
        if let last = lastTap, sv.time.seconds(since: last.time) <= Self.doubleTapInterval,
           last.point.distance(to: g.downScreen) <= Self.doubleTapDistance {
            pendingTap = nil
            lastTap = nil
            // Zoomed once the gesture has ended (the scroll view is still tracking this lift).
            doubleTapZoomPoint = g.downScreen
        } else {
            pendingTap = (gesture, sv.time.adding(seconds: Self.doubleTapInterval))
            lastTap = (sv.time, g.downScreen)
        }
    }

    private func touchValue(_ g: Gate, at screen: Point, in sv: ScrollView, content: Point? = nil) -> ContentTouch {
        ContentTouch(view: g.view?.id, slot: g.slot, touchTime: g.downTime,
                     contentPoint: content ?? sv.contentPoint(forScreen: screen), screenPoint: screen)
    }
}

extension ScrollView {
    func fireTimers() {
        delivery.fire(view: self)
    }
}
