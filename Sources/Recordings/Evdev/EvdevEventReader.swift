import ScrollEngine

/// A recorded device's description and its events, read lazily one event at a time.
public protocol EvdevEventReader {
    var device: EvdevDevice { get }
    /// The name used in messages (the events file's path).
    var name: String { get }
    /// The line of the event returned last (for messages about it), if the format has lines.
    var currentLine: Int? { get }
    /// The next event with its time relative to the recording's first event, or nil at the end.
    mutating func nextEvent() throws -> EvdevEvent?
    var warnings: [RecordingWarning] { get }
    /// Feeds `decoder` the events that are ready without reading more input, in order, setting
    /// `lastTime` to each one's time, until one completes a touch frame (returned), the decoder
    /// has warnings to collect (nil), or none is ready (nil); `currentLine` is then the last fed
    /// event's. `nextEvent` reads the rest. A reader that can hand a run of events over in one pass
    /// (straight from its buffer, no call per event) does so here; the default feeds nothing.
    mutating func feedReadyEvents(to decoder: inout EvdevDecoder, lastTime: inout Timestamp) -> TouchFrame?
}

extension EvdevEventReader {
    public mutating func feedReadyEvents(to decoder: inout EvdevDecoder, lastTime: inout Timestamp) -> TouchFrame? { nil }
}
