/// The zoom scale and content offset moving together: a zoom bounce after a pinch, or a
/// programmatic zoom animation. Both follow one progress curve p(t) from 0 to 1:
///
/// - with a focus point (pinch bounce, setZoomScale), the content point under the focus stays under
///   it while the scale changes, and an offset correction blended in by p brings the offset inside
///   the bounds by the end: offset(t) = (offset0 + focus)·s(t)/s0 − focus + p·correction;
/// - without one (zoom(to:)), scale and offset are interpolated by p.
///
/// Ends exactly on (targetScale, targetOffset).
public struct ZoomMotion: Hashable, Sendable {
    public enum Progress: Hashable, Sendable {
        /// Critically damped spring from rest, scaled to `span` points so its rest thresholds
        /// mean points on screen; never overshoots.
        case spring(SpringCurve, span: Double)
        case ease(EaseInOutCurve)
    }

    public var start: Timestamp
    public var startScale: Double
    public var targetScale: Double
    public var startOffset: Point
    public var targetOffset: Point
    public var focus: Point?
    public var progress: Progress

    public init(start: Timestamp, startScale: Double, targetScale: Double, startOffset: Point, targetOffset: Point, focus: Point?, progress: Progress) {
        self.start = start
        self.startScale = startScale
        self.targetScale = targetScale
        self.startOffset = startOffset
        self.targetOffset = targetOffset
        self.focus = focus
        self.progress = progress
    }

    /// The spring progress for a motion of this extent (bounce after a pinch).
    public static func springProgress(span: Double) -> Progress {
        let span = max(span, 1)
        return .spring(SpringCurve.bounce(start: 0, target: span, velocityPerSecond: 0), span: span)
    }

    private func p(_ t: Double) -> Double {
        switch progress {
        case .spring(let c, let span): c.value(at: t) / span
        case .ease(let c): c.value(at: t)
        }
    }

    public var duration: Double {
        switch progress {
        case .spring(let c, _): c.duration
        case .ease(let c): c.duration
        }
    }

    public var end: Timestamp { start.adding(seconds: duration) }

    /// The scale moves (a zoom bounce-back from past a limit, or an animated zoom), not only the offset.
    public var changesScale: Bool { startScale != targetScale }

    public func isFinished(at time: Timestamp) -> Bool { time >= end }

    /// (zoomScale, contentOffset) at `time`.
    public func sample(at time: Timestamp) -> (scale: Double, offset: Point) {
        if isFinished(at: time) { return (targetScale, targetOffset) }
        let progress = p(max(0, time.seconds(since: start)))
        let scale = startScale + (targetScale - startScale) * progress
        if let focus {
            let pinned = (startOffset + focus) * (scale / startScale) - focus
            let pinnedAtEnd = (startOffset + focus) * (targetScale / startScale) - focus
            return (scale, pinned + (targetOffset - pinnedAtEnd) * progress)
        }
        return (scale, startOffset + (targetOffset - startOffset) * progress)
    }
}
