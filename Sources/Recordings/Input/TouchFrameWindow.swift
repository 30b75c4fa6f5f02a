import ScrollEngine

/// The frames of a reader between two times (for `replay --from/--to`), still balanced: touches
/// already down at `from` go down at `from` where they are, touches still down at `to` are
/// cancelled at `to`. Frames before `from` are read (to know where fingers are) but not returned.
public struct TouchFrameWindow<Base: TouchFrameReader>: TouchFrameReader {
    public private(set) var base: Base
    public let from: Timestamp?
    public let to: Timestamp?
    private var down: [TouchSlot: Point] = [:]
    private var startEmitted = false
    private var finished = false
    private var held: TouchFrame?

    /// - Parameters: `from`/`to`: the window, inclusive; nil for open ends.
    public init(_ base: Base, from: Timestamp? = nil, to: Timestamp? = nil) {
        self.base = base
        self.from = from
        self.to = to
    }

    public var warnings: [RecordingWarning] { base.warnings }

    public mutating func nextFrame() throws -> TouchFrame? {
        guard !finished else { return nil }
        while true {
            let next: TouchFrame?
            if let held {
                next = held
                self.held = nil
            } else {
                next = try base.nextFrame()
            }
            guard let frame = next else { return end(at: nil) }
            if let from, frame.time < from {
                track(frame)
                continue
            }
            if !startEmitted {
                startEmitted = true
                if let from, !down.isEmpty {
                    held = frame
                    return TouchFrame(time: from, samples: down.keys.sorted().map {
                        TouchSample(slot: $0, phase: .down, location: down[$0]!)
                    })
                }
            }
            if let to, frame.time > to { return end(at: to) }
            track(frame)
            return frame
        }
    }

    /// The last frame: cancels what is still down (at `to`, or at the end of the input the base
    /// reader already balanced).
    private mutating func end(at time: Timestamp?) -> TouchFrame? {
        finished = true
        guard let time, !down.isEmpty, startEmitted || from == nil else { return nil }
        defer { down.removeAll() }
        return TouchFrame(time: time, samples: down.keys.sorted().map { TouchSample(slot: $0, phase: .cancel, location: down[$0]!) })
    }

    private mutating func track(_ frame: TouchFrame) {
        for sample in frame.samples {
            switch sample.phase {
            case .down, .move: down[sample.slot] = sample.location
            case .up, .cancel: down[sample.slot] = nil
            }
        }
    }
}
