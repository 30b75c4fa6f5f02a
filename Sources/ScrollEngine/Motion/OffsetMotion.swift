/// Both axes of the content offset moving along closed-form trajectories from `start`.
public struct OffsetMotion: Hashable, Sendable {
    public let start: Timestamp
    public let x: AxisTrajectory
    public let y: AxisTrajectory
    /// Added to both trajectories (infinite scrolling moves a motion in flight by whole periods).
    public var shift: Point = .zero
    /// When both axes rest (computed once: every frame asks).
    public let end: Timestamp

    public init(start: Timestamp, x: AxisTrajectory, y: AxisTrajectory) {
        self.start = start
        self.x = x
        self.y = y
        end = start.adding(seconds: max(x.duration, y.duration))
    }

    /// The offset at `time`; exactly the destination from `end` on (`end` is rounded to the
    /// microsecond, so it may fall a fraction of a microsecond before the trajectories' own end).
    public func offset(at time: Timestamp) -> Point {
        if isFinished(at: time) { return destination }
        let t = time.seconds(since: start)
        return Point(x: x.value(at: t), y: y.value(at: t)) + shift
    }

    public var destination: Point { Point(x: x.destination, y: y.destination) + shift }

    public func isFinished(at time: Timestamp) -> Bool { time >= end }

    /// An ease-in-out animation from `from` to `to` (programmatic scrolling).
    public static func animation(from: Point, to: Point, start: Timestamp, duration: Double) -> OffsetMotion {
        OffsetMotion(
            start: start,
            x: AxisTrajectory(.ease(EaseInOutCurve(from: from.x, to: to.x, duration: duration))),
            y: AxisTrajectory(.ease(EaseInOutCurve(from: from.y, to: to.y, duration: duration)))
        )
    }
}
