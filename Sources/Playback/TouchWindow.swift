import ScrollEngine

/// Cuts an input stream to a time window (`--from` / `--to`) without leaving fingers in impossible
/// states: fingers already down when the window opens go down at the opening time where they are;
/// fingers still down when it closes are cancelled at the closing time. Frames before the window
/// are read only to know where the fingers are.
@usableFromInline
struct TouchWindow {
    @usableFromInline let start: Timestamp?
    @usableFromInline let end: Timestamp?
    /// Fingers down in the recording so far, with their last location.
    private var recorded = FingerLocations()
    /// Fingers down as fed to the engine.
    private var fed = FingerLocations()
    private var opened = false
    /// False when the input's frames give whole touches and the window is the whole input: the
    /// frames then pass as they are, with no finger table kept.
    private let keepsFingers: Bool

    /// `wholeTouches`: the input's frames give whole touches (`TouchFrameReader.givesWholeTouches`).
    @usableFromInline init(start: Timestamp?, end: Timestamp?, wholeTouches: Bool = false) {
        self.start = start
        self.end = end
        keepsFingers = !(wholeTouches && start == nil && end == nil)
    }

    /// What to feed for one recorded frame, and whether the frame lies past the window's end (the
    /// input is over then; the frame itself is not fed).
    /// `opening` is the frame that puts fingers already down at the window's start down (at most
    /// once), `frame` the recorded frame as fed; two optionals rather than an array, so that a frame
    /// passes without allocating.
    @usableFromInline mutating func admit(_ frame: consuming TouchFrame) -> (opening: TouchFrame?, frame: TouchFrame?, isPastEnd: Bool) {
        // The whole input, already in whole touches: nothing to open, cut, mend or cancel at the end.
        guard keepsFingers else { return (nil, frame, false) }
        var opening: TouchFrame?
        if !opened, start.map({ frame.time >= $0 }) ?? true {
            opened = true
            if let start, !recorded.isEmpty {
                opening = TouchFrame(time: start, samples: recorded.entries.map {
                    TouchSample(slot: $0.slot, phase: .down, location: $0.location)
                })
                fed = recorded
            }
        }
        // Where the fingers are matters only until the window opens (for the opening frame).
        if !opened {
            for sample in frame.samples {
                switch sample.phase {
                case .down, .move: recorded.set(sample.slot, sample.location)
                case .up, .cancel: recorded.remove(sample.slot)
                }
            }
        }
        if let end, frame.time > end { return (opening, nil, true) }
        guard opened else { return (opening, nil, false) }
        // Commonly every sample is fed as recorded and the frame passes as it is; the samples are
        // copied only from the first one that changes (a move promoted to down, a skipped up).
        var admitted: [TouchSample]?
        for index in frame.samples.indices {
            var sample = frame.samples[index]
            // Whether the sample is fed as recorded.
            var unchanged = true
            var keep = true
            switch sample.phase {
            case .down:
                fed.set(sample.slot, sample.location)
            case .move:
                // A move of a finger the engine never saw go down (a reader that tolerates it)
                // goes down.
                if !fed.move(sample.slot, to: sample.location) {
                    sample.phase = .down
                    unchanged = false
                    fed.set(sample.slot, sample.location)
                }
            case .up, .cancel:
                if !fed.remove(sample.slot) { keep = false }
            }
            if admitted == nil, !keep || !unchanged { admitted = Array(frame.samples[..<index]) }
            if keep { admitted?.append(sample) }
        }
        guard let admitted else { return (opening, frame, false) }
        return (opening, TouchFrame(time: frame.time, samples: admitted), false)
    }

    /// Cancels every finger still down, at `time` (the window's end or the input's).
    @usableFromInline mutating func close(at time: Timestamp) -> TouchFrame? {
        guard !fed.isEmpty else { return nil }
        let samples = fed.entries.map { TouchSample(slot: $0.slot, phase: .cancel, location: $0.location) }
        fed.removeAll()
        return TouchFrame(time: time, samples: samples)
    }
}
