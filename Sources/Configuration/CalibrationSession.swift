import ScrollEngine

/// The taps of a calibration run, one per target, as an explicit state machine: wait for a finger
/// down (its position is the tap, as xinput_calibrator takes the press), then for every finger to
/// lift (so one touch never counts for two targets), then the next target, until all are tapped.
public struct CalibrationSession: Hashable, Sendable {
    public enum State: Hashable, Sendable {
        case waitingForTap(target: Int)
        case waitingForLift(target: Int, down: Set<TouchSlot>)
        case done
    }

    /// Target positions, normalised (0…1 across the screen).
    public let targets: [Point]
    /// The taps so far, normalised, in target order.
    public private(set) var taps: [Point] = []
    public private(set) var state: State

    public init(targets: [Point]) {
        self.targets = targets
        state = targets.isEmpty ? .done : .waitingForTap(target: 0)
    }

    /// The usual layouts, `margin` (a fraction of the screen) in from the edges: 4 corners;
    /// 5 adds the centre (weston-touch-calibrator's and xinput_calibrator's habit of checking the
    /// middle); 9 is a 3×3 grid. nil for another count.
    public static func targets(count: Int, margin: Double) -> [Point]? {
        let lo = margin, hi = 1 - margin
        let corners = [Point(x: lo, y: lo), Point(x: hi, y: lo), Point(x: hi, y: hi), Point(x: lo, y: hi)]
        switch count {
        case 4: return corners
        case 5: return corners + [Point(x: 0.5, y: 0.5)]
        case 9: return [lo, 0.5, hi].flatMap { y in [lo, 0.5, hi].map { x in Point(x: x, y: y) } }
        default: return nil
        }
    }

    /// The target to tap now; nil once every target has its tap.
    public var currentTarget: Int? {
        switch state {
        case .waitingForTap(let t), .waitingForLift(let t, _): t
        case .done: nil
        }
    }

    /// Feeds a frame whose locations are in pixels of a `screen`-sized, uncalibrated mapping.
    /// Returns true when a target was just tapped.
    public mutating func feed(_ frame: TouchFrame, screen: Size) -> Bool {
        switch state {
        case .done:
            return false
        case .waitingForTap(let target):
            guard let down = frame.samples.first(where: { $0.phase == .down }) else { return false }
            taps.append(Point(x: down.location.x / screen.width, y: down.location.y / screen.height))
            let still = frame.slotsDown(after: [])
            state = still.isEmpty ? next(after: target) : .waitingForLift(target: target, down: still)
            return true
        case .waitingForLift(let target, let down):
            let still = frame.slotsDown(after: down)
            state = still.isEmpty ? next(after: target) : .waitingForLift(target: target, down: still)
            return false
        }
    }

    private func next(after target: Int) -> State {
        target + 1 < targets.count ? .waitingForTap(target: target + 1) : .done
    }

    /// The fit of the taps to the targets, once done.
    public func fit() throws(CalibrationFit.Failure) -> CalibrationFit {
        try CalibrationFit(zip(taps, targets).map { CalibrationFit.Pair(touched: $0, target: $1) })
    }
}
