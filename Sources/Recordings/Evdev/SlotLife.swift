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
    func next(_ input: SlotInput) -> (SlotLife, SlotPhases) {
        guard case .frame(let frame) = input else {
            return (.unknown, self == .down ? SlotPhases(.cancel) : .none)
        }
        switch self {
        case .idle:
            return Self.begin(frame, lifted: false)
        case .unknown:
            return frame.started ? Self.begin(frame, lifted: false) : (.unknown, .none)
        case .down:
            if frame.ended { return Self.begin(frame, lifted: true) }
            if frame.palm { return (.palm, SlotPhases(.cancel)) }
            return (.down, frame.moved ? SlotPhases(.move) : .none)
        case .palm:
            return frame.ended ? Self.begin(frame, lifted: false) : (.palm, .none)
        }
    }

    /// After an end (or from idle): a touch that started in this frame begins, as a finger or a palm.
    /// `lifted`: the slot's previous touch ended in this frame (its `.up` comes first).
    private static func begin(_ frame: SlotFrame, lifted: Bool) -> (SlotLife, SlotPhases) {
        let up: SlotPhases = lifted ? SlotPhases(.up) : .none
        guard frame.started, frame.touching else { return (.idle, up) }
        if frame.palm { return (.palm, up) }
        return (.down, lifted ? SlotPhases(.up, .down) : SlotPhases(.down))
    }
}

/// The phases one slot reports for a frame, in order: none, one, or `up` then `down` (a new
/// tracking id on a slot that was down). At most two, held inline: committing a frame copies no
/// array and counts no references.
struct SlotPhases: Equatable, Sendable, Sequence, IteratorProtocol, ExpressibleByArrayLiteral {
    private var first: TouchPhase?
    private var second: TouchPhase?

    static let none = SlotPhases(nil)

    init(_ first: TouchPhase?, _ second: TouchPhase? = nil) {
        self.first = first
        self.second = first == nil ? nil : second
    }

    /// `[]`, `[.move]`, `[.up, .down]`: as the state machine's table reads.
    init(arrayLiteral phases: TouchPhase...) {
        precondition(phases.count <= 2, "a slot reports at most two phases in a frame")
        self.init(phases.first, phases.count > 1 ? phases[1] : nil)
    }

    mutating func next() -> TouchPhase? {
        defer {
            first = second
            second = nil
        }
        return first
    }
}
