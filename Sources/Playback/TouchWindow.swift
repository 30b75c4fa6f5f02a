import ScrollEngine

/// Cuts an input stream to a time window (`--from` / `--to`) without leaving fingers in impossible
/// states: fingers already down when the window opens go down at the opening time where they are;
/// fingers still down when it closes are cancelled at the closing time. Frames before the window
/// are read only to know where the fingers are.
struct TouchWindow {
    let start: Timestamp?
    let end: Timestamp?
    /// Fingers down in the recording so far, with their last location.
    private var recorded: [TouchSlot: Point] = [:]
    /// Fingers down as fed to the engine.
    private var fed: [TouchSlot: Point] = [:]
    private var opened = false

    init(start: Timestamp?, end: Timestamp?) {
        self.start = start
        self.end = end
    }

    /// What to feed for one recorded frame, and whether the frame lies past the window's end (the
    /// input is over then; the frame itself is not fed).
    mutating func admit(_ frame: TouchFrame) -> (frames: [TouchFrame], isPastEnd: Bool) {
        var frames: [TouchFrame] = []
        if !opened, start.map({ frame.time >= $0 }) ?? true {
            opened = true
            if let start, !recorded.isEmpty {
                frames.append(TouchFrame(time: start, samples: recorded.keys.sorted().map {
                    TouchSample(slot: $0, phase: .down, location: recorded[$0]!)
                }))
                fed = recorded
            }
        }
        for sample in frame.samples {
            switch sample.phase {
            case .down, .move: recorded[sample.slot] = sample.location
            case .up, .cancel: recorded[sample.slot] = nil
            }
        }
        if let end, frame.time > end { return (frames, true) }
        guard opened else { return (frames, false) }
        var admitted: [TouchSample] = []
        for var sample in frame.samples {
            switch sample.phase {
            case .down:
                fed[sample.slot] = sample.location
            case .move:
                // A move of a finger the engine never saw go down (a reader that tolerates it).
                if fed[sample.slot] == nil { sample.phase = .down }
                fed[sample.slot] = sample.location
            case .up, .cancel:
                guard fed[sample.slot] != nil else { continue }
                fed[sample.slot] = nil
            }
            admitted.append(sample)
        }
        frames.append(TouchFrame(time: frame.time, samples: admitted))
        return (frames, false)
    }

    /// Cancels every finger still down, at `time` (the window's end or the input's).
    mutating func close(at time: Timestamp) -> TouchFrame? {
        guard !fed.isEmpty else { return nil }
        let samples = fed.keys.sorted().map { TouchSample(slot: $0, phase: .cancel, location: fed[$0]!) }
        fed.removeAll()
        return TouchFrame(time: time, samples: samples)
    }
}
