import Logging
import Playback
import ScrollEngine

/// Feeds live input into a scroll view on real monotonic time, with the replay driver's schedule
/// (`ScrollEngine.EngineSchedule`, shared with `PlaybackDriver`), so that `touchscroll replay` of the touches this
/// driver fed (`--tee-touches`) produces the same stream byte for byte:
/// - the engine is created at the first input frame's time, and animation ticks fall on
///   `FrameTicks(origin: thatTime, frameRate:)`, never on the times the process happened to wake;
/// - the next wakeup is, while animating, the first tick more than a quarter frame after the last
///   step (`FrameTicks.minimumGap`), or the engine's timer deadline (not before the last step),
///   whichever is first;
/// - an input frame at time t is fed after every wakeup strictly before t and before a wakeup at t,
///   at `max(t, last step)`;
/// - a timer due at or before the last step advances by one microsecond, as the replay does.
public final class LiveScrollDriver {
    public private(set) var target: (any ScrollTarget)?
    private let makeTarget: (Timestamp) -> any ScrollTarget
    private let frameRate: Double
    private var schedule: EngineSchedule?
    /// The time of the last step (input fed or engine advanced).
    public private(set) var now: Timestamp?
    private let emit: ([DelegateEvent]) throws -> Void
    private let tee: ((TouchFrame) throws -> Void)?
    private let logger: Logger
    private var lastFedTime: Timestamp?
    /// When set, touch locations are rounded to this many decimals before they are fed and teed.
    private let locationDecimals: Int?
    public private(set) var framesFed = 0
    public private(set) var ticksAdvanced = 0
    /// Upper bound on catch-up steps in one call (a machine resuming from suspend hours later).
    static let maximumCatchUpSteps = 1_000_000

    /// `makeTarget` builds the scroll view when the first input arrives, with that input's time.
    /// `locationDecimals`: round fed locations to this many decimals (3 when teeing to a touch
    /// script, whose writer keeps three), so that replaying the tee sees the very same numbers.
    public init(frameRate: Double, locationDecimals: Int? = nil, logger: Logger = Logger(label: "touchscroll.driver"),
                makeTarget: @escaping (Timestamp) -> any ScrollTarget,
                tee: ((TouchFrame) throws -> Void)? = nil,
                emit: @escaping ([DelegateEvent]) throws -> Void) {
        self.frameRate = frameRate
        self.locationDecimals = locationDecimals
        self.makeTarget = makeTarget
        self.emit = emit
        self.tee = tee
        self.logger = logger
    }

    /// When the run loop must wake next; nil while at rest (the timer stays disarmed).
    public var nextDeadline: Timestamp? {
        guard let target, let now, let schedule else { return nil }
        return schedule.nextWakeup(after: now, isAnimating: target.isAnimating, timerDeadline: target.nextTimerDeadline)
    }

    /// Steps through every wakeup up to `time` (`inclusive`) or strictly before it.
    public func advanceDue(until time: Timestamp, inclusive: Bool = true) throws {
        var steps = 0
        while let target, let now, let schedule, let wakeUp = nextDeadline, inclusive ? wakeUp <= time : wakeUp < time {
            let step = schedule.stepTime(for: wakeUp, after: now)
            target.advance(to: step)
            self.now = step
            ticksAdvanced += 1
            try emitDrained()
            steps += 1
            if steps >= Self.maximumCatchUpSteps {
                logger.warning("stopped catching up at \(step) after \(steps) steps")
                break
            }
        }
    }

    /// Delivers one input event: first the wakeups that fell before it, then the event itself.
    public func deliver(_ event: LiveInputEvent) throws {
        switch event {
        case let .touches(frame):
            let target = ensureTarget(at: frame.time)
            var fed = TouchFrame(time: EngineSchedule.inputTime(frame.time, after: now), samples: frame.samples)
            if let locationDecimals {
                // Fed exactly as the touch script reads back: x·10ᵈ rounded, divided by 10ᵈ is the
                // double nearest the written decimal, which is what parsing that decimal gives.
                let scale = pow10(locationDecimals)
                for i in fed.samples.indices {
                    let p = fed.samples[i].location
                    // `+ 0` turns -0 into 0, as the writer does (it never writes "-0").
                    fed.samples[i].location = Point(x: (p.x * scale).rounded() / scale + 0, y: (p.y * scale).rounded() / scale + 0)
                }
            }
            // Two frames at one instant would merge into one when the touch script is read back.
            if let lastFedTime, fed.time <= lastFedTime { fed.time = lastFedTime.adding(microseconds: 1) }
            lastFedTime = fed.time
            // Wakeups before the frame's time as fed (the time the replay will read) go first.
            try advanceDue(until: fed.time, inclusive: false)
            try tee?(fed)
            target.handle(fed)
            now = fed.time
            framesFed += 1
            try emitDrained()
        case let .key(command, time):
            let target = ensureTarget(at: time)
            try advanceDue(until: time, inclusive: false)
            let at = EngineSchedule.inputTime(time, after: now)
            target.handleKey(command, at: at)
            now = at
            try emitDrained()
        case let .wheel(delta, time):
            let target = ensureTarget(at: time)
            try advanceDue(until: time, inclusive: false)
            let at = EngineSchedule.inputTime(time, after: now)
            target.scrollWheel(delta: delta, at: at)
            now = at
            try emitDrained()
        case .deviceAdded, .deviceRemoved:
            break
        }
    }

    private func ensureTarget(at time: Timestamp) -> any ScrollTarget {
        if let target { return target }
        let made = makeTarget(time)
        target = made
        schedule = EngineSchedule(origin: time, frameRate: frameRate)
        now = time
        return made
    }

    private func emitDrained() throws {
        guard let target else { return }
        // The engine's state machine, one debug line per change of phase: `old → input → new`.
        target.drainTransitions { changes in
            for transition in changes {
                logger.debug("\(transition)", metadata: transition.view.map { ["time": "\(transition.time)", "view": "\($0)"] } ?? ["time": "\(transition.time)"])
            }
        }
        try target.drainEvents(into: emit)
    }
}

private func pow10(_ n: Int) -> Double {
    (0..<n).reduce(1.0) { value, _ in value * 10 }
}
