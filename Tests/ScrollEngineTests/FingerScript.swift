import ScrollEngine
import XCTest

/// A script of what the fingers do, over a virtual clock — the test DSL.
///
///     let s = FingerScript(config)
///     s.touch(down: Point(x: 100, y: 600))
///     s.move(to: Point(x: 100, y: 300), over: 100)   // ms, sampled at the device rate
///     s.lift()
///     s.advance(ms: 2000)                            // animation frames at the frame rate
///     XCTAssertEqual(s.messages, [...])
final class FingerScript {
    let view: ScrollView
    /// When the engine is advanced: the drivers' own schedule (see ScriptClock).
    let clock: ScriptClock
    /// The script's clock: the time of the next touch or call.
    var now: Timestamp { clock.now }
    /// Animation frame interval, seconds. Setting it starts a new frame grid at the current time.
    var frameInterval: Double {
        get { clock.frameInterval }
        set { clock.frameInterval = newValue }
    }
    /// Touch sample interval when moving, seconds.
    var sampleInterval: Double = 1.0 / 120
    private(set) var events: [DelegateEvent] = []
    private var fingers: [Int: Point] = [:]

    init(_ configuration: ScrollViewConfiguration, frameRate: Double = 60, start: Timestamp = .zero) {
        view = ScrollView(configuration: configuration, startTime: start)
        clock = ScriptClock(engine: view, start: start, frameRate: frameRate)
        clock.onStep = { [unowned self] in self.collect() }
    }

    var messages: [String] { events.map(\.message.name) }
    var offset: Point { view.contentOffset }
    var state: ScrollViewState { view.state }

    func clearEvents() { events.removeAll() }

    private func collect() { events += view.drainEvents() }

    /// Feeds touches at the current time, after every wakeup due before it.
    private func frame(_ samples: [TouchSample]) {
        view.handle(TouchFrame(time: clock.inputTime(), samples: samples))
        collect()
    }

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
        let samples = slots.sorted().map { slot in
            TouchSample(slot: TouchSlot(slot), phase: .up, location: fingers.removeValue(forKey: slot) ?? .zero)
        }
        frame(samples)
    }

    func cancel(slot: Int = 0) {
        let p = fingers.removeValue(forKey: slot) ?? .zero
        frame([TouchSample(slot: TouchSlot(slot), phase: .cancel, location: p)])
    }

    /// Hold still for `ms` (time passes; no samples, as a real touchscreen sends none).
    func hold(ms: Double) { advance(ms: ms) }

    /// Let `ms` pass, advancing at every wakeup of the schedule, then to the end instant itself.
    func advance(ms: Double) { clock.advance(ms: ms) }

    /// Advance wakeup by wakeup until the view is at rest (at most `limit` seconds).
    func settle(limit: Double = 30) { clock.settle(limit: limit) }

    /// Programmatic calls at the current time.
    func setContentOffset(_ p: Point, animated: Bool) {
        run { view, time in view.setContentOffset(p, animated: animated, at: time) }
    }

    func run(_ body: (ScrollView, Timestamp) -> Void) {
        body(view, clock.inputTime())
        collect()
    }
}

/// A tall page on a 1280x800 screen: 20000 pt of content, vertical scrolling only.
func tallPage(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
    var c = ScrollViewConfiguration()
    c.boundsSize = Size(width: 1280, height: 800)
    c.contentSize = Size(width: 1280, height: 20000)
    c.statusBarHeight = 0
    tweak(&c)
    return c
}

func XCTAssertClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b). \(message)", file: file, line: line)
}
