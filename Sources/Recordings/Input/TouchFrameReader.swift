import ScrollEngine

/// Anything that yields touch frames one at a time from a recording, lazily.
public protocol TouchFrameReader {
    /// The next frame, or nil at the end. Throws `RecordingError` when the input cannot be used.
    mutating func nextFrame() throws -> TouchFrame?
    /// What was tolerated and skipped so far.
    var warnings: [RecordingWarning] { get }
    /// Whether the frames give whole touches: a slot goes down before it moves or lifts, is not put
    /// down again while down, lifts (up or cancel) once, and every touch still down at the end is
    /// cancelled in a last frame. The playback driver then keeps no finger table of its own while it
    /// feeds the whole input (`PlaybackDriver.run(…wholeTouches:…)`).
    var givesWholeTouches: Bool { get }
    /// Gives back a frame this reader returned, once the caller is done with it, so that its storage
    /// holds the frames after it with no allocation and no reference count (the playback driver gives
    /// back every frame it fed). Optional: a reader whose frames are not given back keeps a reference
    /// to the last frame's storage and reuses it once the caller lets go of the frame.
    mutating func recycle(_ frame: consuming TouchFrame)
}

extension TouchFrameReader {
    /// Not promised unless a reader says so.
    public var givesWholeTouches: Bool { false }
    /// A reader that does not reuse frames lets them go.
    public mutating func recycle(_ frame: consuming TouchFrame) {}
}
