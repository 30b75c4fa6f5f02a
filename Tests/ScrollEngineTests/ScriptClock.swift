import ScrollEngine

/// What a finger script steps: one scroll view, or a screen of them.
protocol SteppedEngine: AnyObject {
    func advance(to time: Timestamp)
    var isAnimating: Bool { get }
    var nextTimerDeadline: Timestamp? { get }
    var isAtRest: Bool { get }
}

extension ScrollView: SteppedEngine {}
extension ScrollViewTree: SteppedEngine {}

/// The finger scripts' clock (FingerScript, TreeScript): it decides when the engine is advanced by the
/// drivers' own schedule (`EngineSchedule`), so a script sees the frames `replay` and `run` would produce.
final class ScriptClock {
    /// The script's time: when its next touch or call happens.
    var now: Timestamp
    /// When the engine was last stepped (a touch fed, a wakeup, a call).
    private(set) var lastStep: Timestamp
    private var schedule: EngineSchedule
    private unowned let engine: SteppedEngine
    /// Called after every step, so the script collects the engine's messages as they come.
    var onStep: () -> Void = {}

    init(engine: SteppedEngine, start: Timestamp, frameRate: Double) {
        self.engine = engine
        now = start
        lastStep = start
        schedule = EngineSchedule(origin: start, frameRate: frameRate)
    }

    /// Animation frame interval, seconds. Setting it starts a new frame grid at the last step.
    var frameInterval: Double {
        get { 1 / schedule.ticks.frameRate }
        set { schedule = EngineSchedule(origin: lastStep, frameRate: 1 / newValue) }
    }

    /// The time an input at `now` is fed at, after every wakeup due before it.
    func inputTime() -> Timestamp {
        tick(to: now)
        lastStep = EngineSchedule.inputTime(now, after: lastStep)
        return lastStep
    }

    /// Let `ms` pass, advancing at every wakeup of the schedule (animation frames, timer deadlines),
    /// then to the end instant itself, so the state read afterwards is the state at that time.
    func advance(ms: Double) {
        let end = now.adding(seconds: ms / 1000)
        tick(to: end)
        now = end
        lastStep = max(lastStep, end)
        engine.advance(to: lastStep)
        onStep()
    }

    /// Advance wakeup by wakeup until the engine is at rest or nothing more is due without a touch
    /// (at most `limit` seconds).
    func settle(limit: Double) {
        let end = now.adding(seconds: limit)
        while !engine.isAtRest, let wakeUp = nextWakeup, wakeUp <= end { step(to: wakeUp) }
        now = max(now, lastStep)
    }

    private var nextWakeup: Timestamp? {
        schedule.nextWakeup(after: lastStep, isAnimating: engine.isAnimating, timerDeadline: engine.nextTimerDeadline)
    }

    private func step(to wakeUp: Timestamp) {
        lastStep = schedule.stepTime(for: wakeUp, after: lastStep)
        engine.advance(to: lastStep)
        onStep()
    }

    /// Every wakeup strictly before `end`, as a driver steps them before an input at `end`.
    private func tick(to end: Timestamp) {
        while let wakeUp = nextWakeup, wakeUp < end { step(to: wakeUp) }
    }
}
