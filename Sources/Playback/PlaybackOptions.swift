import ScrollEngine

/// How a replay runs: the animation frame rate and the part of the recording to play.
public struct PlaybackOptions: Hashable, Sendable {
    /// Animation frames per second, in Hz (ticks at multiples of 1/frameRate from the first input).
    public var frameRate: Double
    /// Seconds from the first input frame: input before `from` is skipped, input after `to` is not
    /// fed. Fingers already down at `from` begin there; fingers still down at `to` are cancelled.
    public var from: Double?
    public var to: Double?
    /// How long, in virtual seconds after the last input, the engine may keep animating before
    /// the replay gives up with `PlaybackError.didNotSettle`.
    public var settleLimit: Double

    public init(frameRate: Double = 60, from: Double? = nil, to: Double? = nil, settleLimit: Double = 60) {
        self.frameRate = frameRate
        self.from = from
        self.to = to
        self.settleLimit = settleLimit
    }
}

/// Why a replay stopped early.
public enum PlaybackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine was still animating (or held a timer or a touch) this long after the last input.
    case didNotSettle(afterSeconds: Double, at: Timestamp)
    /// An input frame is earlier than the one before it.
    case timeWentBackwards(previous: Timestamp, frame: Timestamp)

    public var description: String {
        switch self {
        case .didNotSettle(let seconds, let time):
            "the scroll view did not come to rest within \(seconds) s of virtual time after the last input (gave up at t=\(time.microseconds) µs)"
        case .timeWentBackwards(let previous, let frame):
            "input time went backwards: a frame at \(frame.microseconds) µs follows one at \(previous.microseconds) µs"
        }
    }
}
