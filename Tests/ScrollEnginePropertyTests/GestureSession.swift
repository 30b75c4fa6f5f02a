import ScrollEngine

/// One thing that happens to the scroll view at an instant: a touch frame, a key, a wheel step, or one of
/// UIScrollView's programmatic calls, as a kiosk application would make them.
enum SessionStep: CustomStringConvertible {
    case touches([TouchSample])
    case key(ScrollKey)
    case wheel(Point)
    case setContentOffset(Point, animated: Bool)
    case scrollRectToVisible(Rect, animated: Bool)
    case setZoomScale(Double, animated: Bool)
    case zoomTo(Rect, animated: Bool)
    case stopScrollingAndZooming
    case scrollToTop

    var description: String {
        switch self {
        case .touches(let samples):
            samples.map { "\($0.phase.rawValue)(slot \($0.slot.rawValue), x: \(f($0.location.x)), y: \(f($0.location.y)))" }.joined(separator: " ")
        case .key(let key): "key(.\(key))"
        case .wheel(let delta): "wheel(x: \(f(delta.x)), y: \(f(delta.y)))"
        case .setContentOffset(let p, let animated): "setContentOffset(x: \(f(p.x)), y: \(f(p.y)), animated: \(animated))"
        case .scrollRectToVisible(let r, let animated): "scrollRectToVisible(\(r), animated: \(animated))"
        case .setZoomScale(let s, let animated): "setZoomScale(\(f(s)), animated: \(animated))"
        case .zoomTo(let r, let animated): "zoom(to: \(r), animated: \(animated))"
        case .stopScrollingAndZooming: "stopScrollingAndZooming()"
        case .scrollToTop: "scrollToTop()"
        }
    }
}

/// A step at its time.
struct TimedStep: CustomStringConvertible {
    var time: Timestamp
    var step: SessionStep

    /// A touch frame that only moves fingers (the shrinker may drop it; a down or a lift must stay).
    var isMoveOnly: Bool {
        if case .touches(let samples) = step { return samples.allSatisfy { $0.phase == .move } }
        return false
    }
    var description: String { "at \(f(Double(time.microseconds) / 1000)) ms: \(step)" }
}

/// A configuration and what happens to it: everything a failing property prints to reproduce itself.
struct GestureSession: CustomStringConvertible {
    var seed: UInt64
    var configuration: ScrollViewConfiguration
    /// Groups of steps that belong together (one gesture, one command); shrinking removes whole groups first.
    var gestures: [[TimedStep]]

    var steps: [TimedStep] { gestures.flatMap { $0 }.sorted { $0.time < $1.time } }

    var description: String {
        let c = configuration
        var lines = ["seed \(seed): bounds \(c.boundsSize), contentSize \(c.contentSize), offset \(c.contentOffset), inset \(c.contentInset)",
                     "  bounces \(c.bounces) (h \(c.bouncesHorizontally), v \(c.bouncesVertically)), alwaysBounce h \(c.alwaysBounceHorizontal) v \(c.alwaysBounceVertical), paging \(c.isPagingEnabled), directionalLock \(c.isDirectionalLockEnabled), rate \(c.decelerationRate.rawValue), scrollsToTop \(c.scrollsToTop)",
                     "  zoom \(f(c.minimumZoomScale))…\(f(c.maximumZoomScale)) view \(c.zoomView ?? "none") bouncesZoom \(c.bouncesZoom) doubleTap \(c.doubleTapZoom.enabled), alignment \(c.contentAlignmentPoint), contentViews \(c.contentViews.map(\.id))"]
        lines += steps.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

func f(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
}
