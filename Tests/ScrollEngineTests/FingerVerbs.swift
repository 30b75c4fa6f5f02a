import ScrollEngine

/// The finger verbs of the test DSL, shared by `FingerScript` (one scroll view) and `TreeScript`
/// (a screen of several): what the fingers do, in points, over the script's virtual clock.
protocol FingerVerbs: AnyObject {
    /// When the engine is advanced: the drivers' own schedule (see ScriptClock).
    var clock: ScriptClock { get }
    /// Touch sample interval when moving, seconds.
    var sampleInterval: Double { get }
    /// Where each finger down is (slot → point).
    var fingers: [Int: Point] { get set }
    /// Feeds touches at the current time, after every wakeup due before it.
    func frame(_ samples: [TouchSample])
}

extension FingerVerbs {
    /// The script's clock: the time of the next touch or call.
    var now: Timestamp { clock.now }

    func touch(down p: Point, slot: Int = 0) {
        fingers[slot] = p
        frame([TouchSample(slot: TouchSlot(slot), phase: .down, location: p)])
    }

    /// Several fingers landing in one frame.
    func touch(down points: [Int: Point]) {
        for (slot, p) in points { fingers[slot] = p }
        frame(points.keys.sorted().map { TouchSample(slot: TouchSlot($0), phase: .down, location: points[$0]!) })
    }

    /// Move one finger to `p` at once (one sample at the current time).
    func move(to p: Point, slot: Int = 0) {
        fingers[slot] = p
        frame([TouchSample(slot: TouchSlot(slot), phase: .move, location: p)])
    }

    /// Move fingers linearly to their targets over `ms`, one sample every `sampleInterval`.
    func move(_ targets: [Int: Point], over ms: Double) {
        let starts = fingers
        let steps = max(1, Int((ms / 1000 / sampleInterval).rounded()))
        let t0 = now
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            clock.now = t0.adding(seconds: ms / 1000 * f)
            var samples: [TouchSample] = []
            for slot in targets.keys.sorted() {
                let a = starts[slot]!, b = targets[slot]!
                let p = a + (b - a) * f
                fingers[slot] = p
                samples.append(TouchSample(slot: TouchSlot(slot), phase: .move, location: p))
            }
            frame(samples)
        }
    }

    func move(to p: Point, over ms: Double, slot: Int = 0) { move([slot: p], over: ms) }

    func lift(slot: Int = 0) {
        let p = fingers.removeValue(forKey: slot) ?? .zero
        frame([TouchSample(slot: TouchSlot(slot), phase: .up, location: p)])
    }

    /// Several fingers lifting in one frame.
    func lift(slots: [Int]) {
        frame(slots.sorted().map { TouchSample(slot: TouchSlot($0), phase: .up, location: fingers.removeValue(forKey: $0) ?? .zero) })
    }

    func cancel(slot: Int = 0) {
        let p = fingers.removeValue(forKey: slot) ?? .zero
        frame([TouchSample(slot: TouchSlot(slot), phase: .cancel, location: p)])
    }

    /// Hold still for `ms` (time passes; no samples, as a real touchscreen sends none).
    func hold(ms: Double) { advance(ms: ms) }

    /// Let `ms` pass, advancing at every wakeup of the schedule, then to the end instant itself.
    func advance(ms: Double) { clock.advance(ms: ms) }

    /// Advance wakeup by wakeup until every view is at rest (at most `limit` seconds).
    func settle(limit: Double = 30) { clock.settle(limit: limit) }
}
