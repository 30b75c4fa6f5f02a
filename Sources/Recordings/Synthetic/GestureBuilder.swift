import ScrollEngine

/// Builds synthetic touch sessions the way a touchscreen samples them: every change lands on a
/// tick of a fixed sampling rate (60 Hz by default), coordinates in screen px. Used by the
/// bundled-recording generator and by tests, so that no number in a bundled file is hand-typed.
public struct GestureBuilder {
    public let samplingRate: Int
    public private(set) var frames: [TouchFrame] = []
    public private(set) var tick = 0
    private var positions: [TouchSlot: Point] = [:]

    public init(samplingRate: Int = 60) {
        precondition(samplingRate > 0)
        self.samplingRate = samplingRate
    }

    /// The time of the current tick (tick · 1/rate s, in whole µs).
    public var time: Timestamp { Timestamp(microseconds: Int64(tick) * 1_000_000 / Int64(samplingRate)) }

    /// Where each finger that is down is now.
    public var fingers: [TouchSlot: Point] { positions }

    public mutating func down(_ slot: Int, at point: Point) {
        positions[TouchSlot(slot)] = point
        add(TouchSample(slot: TouchSlot(slot), phase: .down, location: point))
    }

    /// Lifts a finger where it is, or at `point` (a finger still moving as it lifts).
    public mutating func up(_ slot: Int, at point: Point? = nil) {
        let location = point ?? positions[TouchSlot(slot)] ?? .zero
        positions[TouchSlot(slot)] = nil
        add(TouchSample(slot: TouchSlot(slot), phase: .up, location: location))
    }

    /// Moves to the next sampling tick.
    public mutating func advance(ticks: Int = 1) { tick += ticks }

    /// Waits `milliseconds` (rounded to whole ticks) without any finger changing.
    public mutating func wait(milliseconds: Double) {
        advance(ticks: Int((milliseconds * Double(samplingRate) / 1000).rounded()))
    }

    /// Moves the given fingers in a straight line to their targets over `milliseconds`, one move
    /// sample per tick (linear in time: constant speed).
    public mutating func move(_ targets: [Int: Point], over milliseconds: Double) {
        let ticks = max(1, Int((milliseconds * Double(samplingRate) / 1000).rounded()))
        let starts = targets.keys.reduce(into: [Int: Point]()) { $0[$1] = positions[TouchSlot($1)] ?? .zero }
        for step in 1...ticks {
            advance()
            let fraction = Double(step) / Double(ticks)
            for slot in targets.keys.sorted() {
                let start = starts[slot]!, end = targets[slot]!
                let point = start + (end - start) * fraction
                positions[TouchSlot(slot)] = point
                add(TouchSample(slot: TouchSlot(slot), phase: .move, location: point))
            }
        }
    }

    /// Moves one finger at a constant `speed` (px per ms) along `direction` for `ticks` ticks.
    public mutating func move(_ slot: Int, direction: Point, speed pxPerMillisecond: Double, ticks: Int) {
        let step = self.step(direction: direction, speed: pxPerMillisecond)
        for _ in 0..<ticks {
            advance()
            let point = (positions[TouchSlot(slot)] ?? .zero) + step
            positions[TouchSlot(slot)] = point
            add(TouchSample(slot: TouchSlot(slot), phase: .move, location: point))
        }
    }

    /// A flick: one finger moves at a constant `speed` (px per ms) along `direction` for `ticks`
    /// ticks and lifts on the next tick while still moving, one more step along.
    public mutating func flick(_ slot: Int, direction: Point, speed pxPerMillisecond: Double, ticks: Int) {
        move(slot, direction: direction, speed: pxPerMillisecond, ticks: ticks)
        advance()
        up(slot, at: (positions[TouchSlot(slot)] ?? .zero) + step(direction: direction, speed: pxPerMillisecond))
    }

    /// A stroke of one or more fingers: each goes down at its start, all move in straight lines to
    /// their targets over `milliseconds` (`move(_:over:)`), and they lift where they are one tick
    /// later (a swipe, a pinch, a two-finger scroll).
    public mutating func stroke(from starts: [Int: Point], to targets: [Int: Point], over milliseconds: Double) {
        for slot in starts.keys.sorted() { down(slot, at: starts[slot]!) }
        move(targets, over: milliseconds)
        advance()
        for slot in starts.keys.sorted() { up(slot) }
    }

    /// How far a finger moving at `speed` px/ms along `direction` goes in one tick.
    private func step(direction: Point, speed pxPerMillisecond: Double) -> Point {
        direction / direction.length * (pxPerMillisecond * 1000 / Double(samplingRate))
    }

    private mutating func add(_ sample: TouchSample) {
        if let last = frames.last, last.time == time {
            frames[frames.count - 1].samples.append(sample)
        } else {
            frames.append(TouchFrame(time: time, samples: [sample]))
        }
    }
}
