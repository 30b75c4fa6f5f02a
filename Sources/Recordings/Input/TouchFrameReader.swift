import ScrollEngine

/// Anything that yields touch frames one at a time from a recording, lazily.
public protocol TouchFrameReader {
    /// The next frame, or nil at the end. Throws `RecordingError` when the input cannot be used.
    mutating func nextFrame() throws -> TouchFrame?
    /// What was tolerated and skipped so far.
    var warnings: [RecordingWarning] { get }
}
