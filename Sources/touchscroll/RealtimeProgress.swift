import ScrollEngine

/// The progress line of `replay --realtime` on a terminal: `replay 3.2 / 10.0 s, 4 touches`
/// (elapsed since the recording's first input / its length, or to `--to`), redrawn in place at
/// most ten times a second. Shown for replays longer than 2 s; when the length is unknown
/// (standard input), from the moment 2 s have passed, without a total.
final class RealtimeProgress {
    private let endTime: Timestamp?
    private let from: Double?
    private let to: Double?
    private let enabled: Bool
    private var first: Timestamp?
    private var touches = 0
    private var lastShown: Double = -1
    private var drawn = false

    init(endTime: Timestamp?, window: (from: Double?, to: Double?), enabled: Bool) {
        self.endTime = endTime
        self.from = window.from
        self.to = window.to
        self.enabled = enabled
    }

    func noteRead(_ frame: TouchFrame) {
        if first == nil { first = frame.time }
    }

    func noteFed(_ frame: TouchFrame) {
        touches += frame.samples.filter { $0.phase == .down }.count
    }

    /// The seconds the replay plays for, from the recording's first input, when known.
    private var total: Double? {
        guard let first else { return nil }
        let recorded = endTime.map { $0.seconds(since: first) }
        switch (recorded, to) {
        case let (recorded?, to?): return min(recorded, to)
        case let (recorded?, nil): return recorded
        case let (nil, to?): return to
        case (nil, nil): return nil
        }
    }

    func update(at time: Timestamp) {
        guard enabled, let first else { return }
        let elapsed = max(0, time.seconds(since: first))
        let total = self.total
        if let total {
            guard total - (from ?? 0) > 2 else { return }
        } else {
            guard elapsed - (from ?? 0) >= 2 else { return }
        }
        guard elapsed - lastShown >= 0.1 else { return }
        lastShown = elapsed
        let length = total.map { " / \(Self.tenths($0))" } ?? ""
        StandardError.write("\rreplay \(Self.tenths(total.map { min(elapsed, $0) } ?? elapsed))\(length) s, \(touches) touch\(touches == 1 ? "" : "es")   ")
        drawn = true
    }

    func finish() {
        if drawn { StandardError.write("\n") }
    }

    private static func tenths(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
