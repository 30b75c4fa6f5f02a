import ScrollEngine

/// The progress line of `replay --realtime` on a terminal: `replay 3.2 / 10.0 s, 4 touches`,
/// redrawn in place at most ten times a second.
final class RealtimeProgress {
    private let total: Double
    private let downTimes: [Timestamp]
    private let enabled: Bool
    private var lastShown: Double = -1
    private var drawn = false

    init(total: Double, downTimes: [Timestamp], enabled: Bool) {
        self.total = total
        self.downTimes = downTimes
        self.enabled = enabled
    }

    func update(at time: Timestamp, since first: Timestamp) {
        guard enabled else { return }
        let elapsed = min(time.seconds(since: first), total)
        guard elapsed - lastShown >= 0.1 || elapsed == total else { return }
        lastShown = elapsed
        let touches = downTimes.prefix { $0 <= time }.count
        StandardError.write("\rreplay \(Self.tenths(elapsed)) / \(Self.tenths(total)) s, \(touches) touch\(touches == 1 ? "" : "es")   ")
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
