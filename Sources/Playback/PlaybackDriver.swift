import ScrollEngine

/// Replays touch input through an engine on a virtual clock (NIO's EmbeddedEventLoop idea: time
/// moves only when the driver moves it, so a replay is deterministic and runs as fast as the CPU).
///
/// The schedule (`EngineSchedule`, shared with the live driver), step by step, always taking the
/// earliest of:
/// - the next input frame → `handle(frame)` (the engine first advances to the frame's time);
/// - while the engine `isAnimating`, the next animation tick (multiples of 1/frameRate from the
///   first input frame's time) more than a quarter frame after the previous step → `advance(to:)`;
/// - the engine's `nextTimerDeadline` → `advance(to:)`.
/// After the last input (fingers still down are cancelled then) it keeps advancing until nothing
/// animates and no timer is pending, giving up after `settleLimit` virtual seconds.
///
/// Events are handed to `emit` after every step, in order. `pace` is called with each step's time
/// before the step runs: a no-op for virtual replays, a sleep for `--realtime` (`RealtimePacer`).
/// `fed` sees every frame as it is handed to the engine (after the `--from/--to` window).
/// `recycle` then gets the frame back, once the engine is done with it: a reader takes back its
/// storage for the frames after it (`TouchFrameReader.recycle(_:)`).
/// `transitions` receives the engine's changes of phase after every step, in order (the caller
/// logs them at debug level). `wholeTouches` says that the frames already give whole touches
/// (`TouchFrameReader.givesWholeTouches`); otherwise the driver mends them (a move of a finger never
/// down goes down, a lift of one not down is dropped, fingers still down are cancelled at the end).
public struct PlaybackDriver<Engine: PlaybackEngine> {
    public let options: PlaybackOptions

    public init(options: PlaybackOptions) {
        self.options = options
    }

    /// Runs the whole replay. `makeEngine` receives the first input frame's time (the engine's
    /// start time). Returns nil engine summary fields when the input holds no frame at all.
    ///
    /// Inlinable, so that the caller's module compiles it for its engine type and its closures: the
    /// loop calls the engine directly rather than through its protocol's witness table, and a no-op
    /// `pace` or `fed` costs nothing.
    @inlinable
    @discardableResult
    public func run(
        nextFrame: () throws -> TouchFrame?,
        makeEngine: (Timestamp) throws -> Engine,
        pace: (Timestamp) -> Void = { _ in },
        fed: (TouchFrame) -> Void = { _ in },
        recycle: (consuming TouchFrame) -> Void = { _ in },
        transitions: ([PhaseTransition]) -> Void = { _ in },
        wholeTouches: Bool = false,
        emit: ([DelegateEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        guard let first = try nextFrame() else { return PlaybackSummary() }
        let origin = first.time
        let engine = try makeEngine(origin)
        let schedule = EngineSchedule(origin: origin, frameRate: options.frameRate)
        var window = TouchWindow(
            start: options.from.map { origin.adding(seconds: $0) },
            end: options.to.map { origin.adding(seconds: $0) },
            wholeTouches: wholeTouches
        )
        var summary = PlaybackSummary(firstInput: origin)
        var now = origin
        var primed: TouchFrame? = first
        var lastRecorded = origin
        var inputEnded = false
        /// Input to feed next, already through the window (each recorded frame admitted once).
        var queue = FrameQueue()

        func step(to time: Timestamp, _ action: () -> Void) throws {
            pace(time)
            action()
            now = time
            engine.drainTransitions(into: transitions)
            try engine.drainEvents(into: emit)
        }

        /// The input is over (end of the recording, or past `--to`): fingers still down are
        /// cancelled at the end.
        func endInput() {
            inputEnded = true
            let end = max(window.end.map { min($0, lastRecorded) } ?? lastRecorded, now)
            summary.lastInput = end
            if let cancel = window.close(at: end) { queue.append(cancel) }
        }

        /// Reads on until there is something to feed or the input is over.
        func refill() throws {
            while queue.isEmpty, !inputEnded {
                guard let frame = try primed ?? nextFrame() else { return endInput() }
                primed = nil
                guard frame.time >= lastRecorded else {
                    throw PlaybackError.timeWentBackwards(previous: lastRecorded, frame: frame.time)
                }
                lastRecorded = frame.time
                let admitted = window.admit(frame)
                if let opening = admitted.opening { queue.append(opening) }
                if let fedFrame = admitted.frame { queue.append(fedFrame) }
                if admitted.isPastEnd { endInput() }
            }
        }

        while true {
            try refill()
            let wakeUp = schedule.nextWakeup(after: now, isAnimating: engine.isAnimating, timerDeadline: engine.nextTimerDeadline)
            if let next = queue.nextTime, wakeUp.map({ next <= $0 }) ?? true {
                // The frame itself, its time moved past the step before if need be (its samples are
                // neither copied nor retained again on the way to the engine).
                var fedFrame = queue.removeFirst()
                fedFrame.time = EngineSchedule.inputTime(fedFrame.time, after: now)
                try step(to: fedFrame.time) {
                    fed(fedFrame)
                    engine.handle(fedFrame)
                }
                summary.inputFrames += 1
                recycle(consume fedFrame)
                continue
            }
            guard let time = wakeUp else { break }
            if inputEnded, let lastInput = summary.lastInput, time.seconds(since: lastInput) > options.settleLimit {
                throw PlaybackError.didNotSettle(afterSeconds: options.settleLimit, at: time)
            }
            // A timer due now that the engine does not clear would stall the clock: move at
            // least one microsecond so every step makes progress.
            let target = schedule.stepTime(for: time, after: now)
            try step(to: target) { engine.advance(to: target) }
        }
        summary.end = now
        summary.isAtRest = engine.isAtRest
        return summary
    }

    /// Runs over any sequence of frames (a script in memory, a reader's lazy sequence).
    @discardableResult
    public func run<Frames: Sequence<TouchFrame>>(
        frames: Frames,
        makeEngine: (Timestamp) throws -> Engine,
        pace: (Timestamp) -> Void = { _ in },
        fed: (TouchFrame) -> Void = { _ in },
        transitions: ([PhaseTransition]) -> Void = { _ in },
        wholeTouches: Bool = false,
        emit: ([DelegateEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        var iterator = frames.makeIterator()
        return try run(nextFrame: { iterator.next() }, makeEngine: makeEngine, pace: pace, fed: fed,
                       transitions: transitions, wholeTouches: wholeTouches, emit: emit)
    }
}

/// The frames waiting to be fed, first in first out. Usually one at a time (a recorded frame),
/// at most a few (the window's opening frame, the closing cancel): the first is held on its own,
/// so taking it copies and frees nothing.
@usableFromInline
struct FrameQueue {
    @usableFromInline var first: TouchFrame?
    @usableFromInline var rest: [TouchFrame] = []

    @inlinable init() {}

    @inlinable var isEmpty: Bool { first == nil }
    @inlinable var nextTime: Timestamp? { first?.time }

    @inlinable mutating func append(_ frame: TouchFrame) {
        if first == nil { first = frame } else { rest.append(frame) }
    }

    /// The first frame, taken out; the queue must not be empty.
    @inlinable mutating func removeFirst() -> TouchFrame {
        let frame = first.take()!
        if !rest.isEmpty { first = rest.removeFirst() }
        return frame
    }
}

/// What a replay did: what its callers read. (No count is kept per frame that none of them reads:
/// counting each frame's landing fingers and messages cost a loop over the frame at every step.)
public struct PlaybackSummary: Hashable, Sendable {
    public var firstInput: Timestamp? = nil
    /// The time of the last input fed (or the window's end).
    public var lastInput: Timestamp? = nil
    /// The virtual time the replay stopped at.
    public var end: Timestamp? = nil
    public var inputFrames = 0
    /// Whether the engine reported rest at the end (false only if it stopped with nothing left to
    /// schedule yet not at rest, which a correct engine never does).
    public var isAtRest = true

    public init(firstInput: Timestamp? = nil) {
        self.firstInput = firstInput
    }
}
