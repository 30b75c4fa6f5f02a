import ScrollEngine

/// Cuts an input stream to a time window (`--from` / `--to`) without leaving fingers in impossible
/// states: a finger already down when the window opens begins (phase `down`) at its first sample
/// inside the window; one still down when the window closes is cancelled at the closing time.
struct TouchWindow {
    let start: Timestamp?
    let end: Timestamp?
    /// Slots the engine has seen go down and not yet up, with their last location.
    private(set) var fingersDown: [TouchSlot: Point] = [:]

    init(start: Timestamp?, end: Timestamp?) {
        self.start = start
        self.end = end
    }

    /// The part of `frame` to feed, or nil when nothing of it is inside the window.
    mutating func admit(_ frame: TouchFrame) -> TouchFrame? {
        var admitted: [TouchSample] = []
        let inside = (start.map { frame.time >= $0 } ?? true) && (end.map { frame.time <= $0 } ?? true)
        guard inside else { return nil }
        for sample in frame.samples {
            var sample = sample
            let known = fingersDown[sample.slot] != nil
            switch sample.phase {
            case .down:
                fingersDown[sample.slot] = sample.location
            case .move:
                if !known { sample.phase = .down }
                fingersDown[sample.slot] = sample.location
            case .up, .cancel:
                guard known else { continue }
                fingersDown[sample.slot] = nil
            }
            admitted.append(sample)
        }
        return TouchFrame(time: frame.time, samples: admitted)
    }

    /// Cancels every finger still down, at `time` (the window's end).
    mutating func close(at time: Timestamp) -> TouchFrame? {
        guard !fingersDown.isEmpty else { return nil }
        let samples = fingersDown.keys.sorted().map { TouchSample(slot: $0, phase: .cancel, location: fingersDown[$0]!) }
        fingersDown.removeAll()
        return TouchFrame(time: time, samples: samples)
    }

    func isPastEnd(_ time: Timestamp) -> Bool {
        end.map { time > $0 } ?? false
    }
}
