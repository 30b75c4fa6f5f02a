import ScrollEngine

/// Display power saving, as a screen saver's "blank after": once no input has come for
/// `idleMicroseconds` and the content is at rest, the panel is powered down and nothing is drawn;
/// the touch that wakes it powers it up and is swallowed whole (down to its last lift), so waking
/// a dark kiosk never taps a button or moves the content — the frame comes back as it was.
///
/// An explicit state machine: `State`, `Input`, one transition function (`handle`) that returns
/// the `Action` its owner (`LiveSession`) carries out.
///
///     awake ──idle elapsed, at rest──▶ blank ──touch down──▶ waking ──last finger lifts──▶ awake
///       ▲                                │  key or wheel                                     
///       └────────────────────────────────┘  (wakes, swallowed)
///
/// Control commands are not input here: an application steering the content does not keep the
/// panel on, and what it changes while the panel is dark is drawn when it wakes.
struct DisplayBlanking: Hashable {
    enum State: Hashable {
        /// Powered; blanks at `lastInput` + the idle time.
        case awake(lastInput: Timestamp)
        /// Powered down; nothing is drawn and the session's loop sleeps.
        case blank
        /// Powered again by a touch whose fingers (`down`) are still on the glass: their frames
        /// are swallowed until the last one lifts.
        case waking(down: Set<TouchSlot>)
    }

    enum Input: Hashable {
        /// A touchscreen frame.
        case touches(TouchFrame)
        /// A key or wheel step at a time.
        case otherInput(at: Timestamp)
        /// The session's timer fired, or it checks after its own work; `atRest`: nothing animates.
        case tick(now: Timestamp, atRest: Bool)
    }

    enum Action: Hashable {
        /// Pass the input on to the engine.
        case deliver
        /// Drop the input (a waking touch's frame).
        case swallow
        /// Power the panel down.
        case powerDown
        /// Power the panel up and drop the input that woke it.
        case powerUpAndSwallow
        /// Nothing to do (a tick that changed nothing).
        case none
    }

    let idleMicroseconds: Int64
    private(set) var state: State

    init(idleSeconds: Double, now: Timestamp) {
        idleMicroseconds = Int64((idleSeconds * 1_000_000).rounded())
        state = .awake(lastInput: now)
    }

    /// When the panel is to blank if nothing happens before: nil while it is dark or waking.
    var deadline: Timestamp? {
        guard case .awake(let last) = state else { return nil }
        return last.adding(microseconds: idleMicroseconds)
    }

    var isBlank: Bool { state == .blank }

    /// The one transition function.
    mutating func handle(_ input: Input) -> Action {
        switch (state, input) {
        case (.awake, .touches(let frame)):
            if !frame.samples.isEmpty { state = .awake(lastInput: frame.time) }
            return .deliver
        case (.awake, .otherInput(let time)):
            state = .awake(lastInput: time)
            return .deliver
        case (.awake(let last), .tick(let now, let atRest)):
            guard now >= last.adding(microseconds: idleMicroseconds) else { return .none }
            guard atRest else {
                // Still moving (or a finger resting on the glass): idle counts again from now,
                // so a passed deadline never keeps the timer firing.
                state = .awake(lastInput: now)
                return .none
            }
            state = .blank
            return .powerDown
        case (.blank, .touches(let frame)):
            guard !frame.samples.isEmpty else { return .swallow }
            let down = frame.slotsDown(after: [])
            state = down.isEmpty ? .awake(lastInput: frame.time) : .waking(down: down)
            return .powerUpAndSwallow
        case (.blank, .otherInput(let time)):
            state = .awake(lastInput: time)
            return .powerUpAndSwallow
        case (.blank, .tick), (.waking, .tick):
            return .none
        case (.waking(let down), .touches(let frame)):
            let still = frame.slotsDown(after: down)
            state = still.isEmpty ? .awake(lastInput: frame.time) : .waking(down: still)
            return .swallow
        case (.waking, .otherInput):
            return .deliver
        }
    }
}
