import Playback
import ScrollEngine

/// An engine whose wishes are set by the test: it animates until `animatingUntil`, has timers at
/// `timers`, and logs every call the driver makes, so the schedule itself can be checked.
final class ScriptedEngine: PlaybackEngine {
    enum Call: Equatable {
        case handle(Int64, fingers: Int)
        case advance(Int64)
    }

    private(set) var calls: [Call] = []
    private(set) var now: Timestamp
    var animatingUntil: Timestamp?
    var timers: [Timestamp]
    var fingers = 0
    /// Starts animating for this long whenever the last finger lifts (a fling).
    var flingDuration: Int64?

    init(start: Timestamp, animatingUntil: Timestamp? = nil, timers: [Timestamp] = [], flingDuration: Int64? = nil) {
        now = start
        self.animatingUntil = animatingUntil
        self.timers = timers
        self.flingDuration = flingDuration
    }

    func handle(_ frame: TouchFrame) {
        now = frame.time
        timers.removeAll { $0 <= now }
        for sample in frame.samples {
            switch sample.phase {
            case .down: fingers += 1
            case .up, .cancel:
                fingers -= 1
                if fingers == 0, let flingDuration { animatingUntil = now.adding(microseconds: flingDuration) }
            case .move: break
            }
        }
        calls.append(.handle(frame.time.microseconds, fingers: fingers))
    }

    func advance(to time: Timestamp) {
        now = time
        timers.removeAll { $0 <= time }
        calls.append(.advance(time.microseconds))
    }

    var isAnimating: Bool { animatingUntil.map { now < $0 } ?? false }
    var nextTimerDeadline: Timestamp? { timers.min() }
    var isAtRest: Bool { !isAnimating && timers.isEmpty && fingers == 0 }

    /// The scripted engine has no state machine: no change of phase to report.
    func drainTransitions() -> [PhaseTransition] { [] }
    func drainEvents() -> [DelegateEvent] {
        [DelegateEvent(time: now, message: .didScroll, state: ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero))]
    }
}

/// Frames for a one-finger script: `down` at the first time, `move`s, `up` at the last.
func oneFinger(_ times: [Int64], x: Double = 100) -> [TouchFrame] {
    times.enumerated().map { index, t in
        let phase: TouchPhase = index == 0 ? .down : index == times.count - 1 ? .up : .move
        return TouchFrame(time: Timestamp(microseconds: t), samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: x, y: 500 - Double(index) * 30))])
    }
}
