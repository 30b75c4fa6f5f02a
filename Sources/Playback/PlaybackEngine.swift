import ScrollEngine

/// What the playback driver needs from an engine: exactly the driver-facing part of
/// `ScrollEngine.ScrollView` (which conforms below). Kept as a protocol so the scheduling rules
/// can be tested against an engine whose animation and timer wishes are scripted.
public protocol PlaybackEngine: AnyObject {
    /// First advances to `frame.time`, then applies the touches.
    func handle(_ frame: TouchFrame)
    /// Moves animations and timers to `time`, emitting events.
    func advance(to time: Timestamp)
    /// True while the engine wants animation frames.
    var isAnimating: Bool { get }
    /// When a pending timer (touch delay, long press, double tap) fires.
    var nextTimerDeadline: Timestamp? { get }
    /// No touch down, nothing animating, no timer pending.
    var isAtRest: Bool { get }
    /// The events produced since the last drain, in order.
    func drainEvents() -> [DelegateEvent]
    /// The changes of phase (`old → input → new`) since the last drain, in order; drivers hand
    /// them to their caller, which logs them at debug level.
    func drainTransitions() -> [PhaseTransition]
    /// The events since the last drain lent to `body` (not called when there are none), then
    /// forgotten: what a driver calls at every step. An engine may lend its own storage this way,
    /// without the reference counting of a returned array.
    func drainEvents(into body: ([DelegateEvent]) throws -> Void) rethrows
    /// The changes of phase since the last drain lent to `body` the same way.
    func drainTransitions(into body: ([PhaseTransition]) throws -> Void) rethrows
}

extension PlaybackEngine {
    public func drainEvents(into body: ([DelegateEvent]) throws -> Void) rethrows {
        let events = drainEvents()
        if !events.isEmpty { try body(events) }
    }

    public func drainTransitions(into body: ([PhaseTransition]) throws -> Void) rethrows {
        let changes = drainTransitions()
        if !changes.isEmpty { try body(changes) }
    }
}
