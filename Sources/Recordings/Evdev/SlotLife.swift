import ScrollEngine

/// The life of one protocol-B slot as an explicit state machine, committed once per SYN_REPORT
/// (like libinput's touch begin / update / end, src/evdev-mt-touchpad.c).
///
/// ```
///            start (finger)                      end / new tracking id
///   idle ─────────────────────▶ down ──────────────────────────────────▶ idle (up)
///    │ start (palm)              │ tool becomes MT_TOOL_PALM                ▲
///    ▼                           ▼                                          │
///   palm ◀──────────────────── (cancel) ── palm ── end ─────────────────────┘
///
///   any ── SYN_DROPPED ──▶ unknown (down: cancel) ── start ──▶ as from idle
/// ```
/// A new tracking id on a slot that is down ends the old touch and starts the new one in the
/// same frame (`up` then `down`).
enum SlotLife: Equatable, Sendable {
    /// No touch.
    case idle
    /// A touch reported to the consumer (a `down` was emitted).
    case down
    /// A touch that is a palm: never reported (or cancelled), ignored until it ends.
    case palm
    /// After SYN_DROPPED: nothing is known until the slot starts a new touch.
    case unknown
}

/// What happened to a slot between two SYN_REPORTs: the input of the slot state machine.
enum SlotInput: Equatable, Sendable {
    /// The frame's changes for the slot.
    case frame(SlotFrame)
    /// Events were lost (SYN_DROPPED).
    case dropped
}

struct SlotFrame: Equatable, Sendable {
    /// A tracking id ≥ 0 was set that differs from the previous one.
    var started = false
    /// The tracking id went to -1, or a new tracking id replaced one that was active.
    var ended = false
    /// ABS_MT_POSITION_X or _Y changed.
    var moved = false
    /// The tracking id is ≥ 0 at the end of the frame.
    var touching = false
    /// ABS_MT_TOOL_TYPE is MT_TOOL_PALM at the end of the frame.
    var palm = false
}

extension SlotLife {
    /// The one transition function: the new state and the phases to report, in order.
    func next(_ input: SlotInput) -> (SlotLife, [TouchPhase]) {
        guard case .frame(let frame) = input else {
            return (.unknown, self == .down ? [.cancel] : [])
        }
        switch self {
        case .idle:
            return Self.begin(frame, lifted: false)
        case .unknown:
            return frame.started ? Self.begin(frame, lifted: false) : (.unknown, [])
        case .down:
            if frame.ended { return Self.begin(frame, lifted: true) }
            if frame.palm { return (.palm, [.cancel]) }
            return (.down, frame.moved ? [.move] : [])
        case .palm:
            return frame.ended ? Self.begin(frame, lifted: false) : (.palm, [])
        }
    }

    /// After an end (or from idle): a touch that started in this frame begins, as a finger or a palm.
    /// `lifted`: the slot's previous touch ended in this frame (its `.up` comes first). The phases are
    /// array literals, which need no allocation.
    private static func begin(_ frame: SlotFrame, lifted: Bool) -> (SlotLife, [TouchPhase]) {
        guard frame.started, frame.touching else { return (.idle, lifted ? [.up] : []) }
        if frame.palm { return (.palm, lifted ? [.up] : []) }
        return (.down, lifted ? [.up, .down] : [.down])
    }
}
