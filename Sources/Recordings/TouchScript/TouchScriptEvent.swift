import ScrollEngine

/// One line of a touch script: one finger's change at one instant.
///
/// The touch script format is JSON Lines, one event a line:
/// `{"t": <µs int>, "slot": <int>, "phase": "down"|"move"|"up"|"cancel", "x": <px>, "y": <px>}`.
/// Consecutive lines with equal `t` form one `TouchFrame`; `#` comment lines and blank lines are
/// allowed. Coordinates are screen pixels (= scroll-view points).
public struct TouchScriptEvent: Hashable, Sendable {
    public var time: Timestamp
    public var slot: TouchSlot
    public var phase: TouchPhase
    public var location: Point

    public init(time: Timestamp, slot: TouchSlot, phase: TouchPhase, location: Point) {
        self.time = time
        self.slot = slot
        self.phase = phase
        self.location = location
    }
}
