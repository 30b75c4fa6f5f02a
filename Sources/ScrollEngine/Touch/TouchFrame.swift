/// What happened to one finger in a frame.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// The finger touched down.
    case down
    /// The finger moved (or reported its position again).
    case move
    /// The finger lifted.
    case up
    /// The touch was taken away: device unplugged, palm detected, slot reused without an up.
    case cancel
}

/// A finger's identity while it is down. Input backends use the device slot; a slot holds one
/// touch at a time, so the number is reused only after an `up` or `cancel`.
public struct TouchSlot: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ value: Int) { self.rawValue = value }
    public static func < (a: TouchSlot, b: TouchSlot) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "slot \(rawValue)" }
}

/// One finger's change within a frame, in screen points.
public struct TouchSample: Hashable, Sendable {
    public var slot: TouchSlot
    public var phase: TouchPhase
    public var location: Point

    public init(slot: TouchSlot, phase: TouchPhase, location: Point) {
        self.slot = slot
        self.phase = phase
        self.location = location
    }
}

/// Everything the touchscreen reported at one instant (one evdev SYN_REPORT, one libinput
/// touch frame, one group of equal times in a touch script). Only changed fingers are listed;
/// fingers that are down and not listed stay where they were.
public struct TouchFrame: Hashable, Sendable {
    public var time: Timestamp
    public var samples: [TouchSample]

    public init(time: Timestamp, samples: [TouchSample]) {
        self.time = time
        self.samples = samples
    }
}

extension TouchFrame {
    /// The fingers on the glass after this frame, given those down before it: a `down` or a `move`
    /// leaves its finger down (a move of one not yet known counts it from now on), an `up` or a
    /// `cancel` takes it away. Fingers the frame does not list stay as they were.
    public func slotsDown(after before: Set<TouchSlot>) -> Set<TouchSlot> {
        var down = before
        for sample in samples {
            switch sample.phase {
            case .down, .move: down.insert(sample.slot)
            case .up, .cancel: down.remove(sample.slot)
            }
        }
        return down
    }
}
