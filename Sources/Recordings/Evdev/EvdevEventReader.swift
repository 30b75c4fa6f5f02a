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
}
