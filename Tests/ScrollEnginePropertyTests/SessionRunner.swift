import ScrollEngine

/// Plays a session into a ScrollView at a frame rate, the way the replay and live drivers do (the engine is
/// advanced to every frame tick between inputs, and to each input's time), and checks the engine's
/// invariants on every message and at every rest. Returns the violations (empty when the session is sound)
/// and where the content came to rest.
struct SessionRunner {
    struct Outcome {
        var violations: [String]
        var restingOffset: Point
        var restingZoomScale: Double
    }

    /// The tolerance of the resting checks, points (and scale units).
    static let tolerance = 1e-6

    let session: GestureSession
    let frameRate: Double

    func run() -> Outcome {
        let c = session.configuration
        let view = ScrollView(configuration: c)
        var checker = MessageGrammar()
        var violations: [String] = []
        let tick = 1_000_000 / frameRate
        var frame = 0
        var lastTime = Timestamp.zero
        /// setContentOffset and stopScrollingAndZooming may leave the content outside its range, as in UIKit,
        /// until a finger touches it.
        var programmaticOffset = false
        /// Paging decides where a one-finger drag (or a finger that catches a moving page) comes to rest; a
        /// pinch or a programmatic offset or zoom may rest between pages, as in UIKit.
        var pagingApplies = true
        var fingersDown: Set<Int> = []

        /// `PROPERTY_TRACE=1` prints every message with the state it carries (with `PROPERTY_ONLY_SEED`).
        let trace = EnginePropertyTests.environment("PROPERTY_TRACE") != nil
        func show(_ events: [DelegateEvent]) {
            guard trace else { return }
            for e in events { print("  \(Int(frameRate)) Hz \(e.time.microseconds) µs \(e.message.name) \(e.state)") }
        }
        func collect(_ context: String) {
            let events = view.drainEvents()
            show(events)
            for event in events {
                if let problem = checker.accept(event) { violations.append("\(context): \(problem)") }
            }
            if view.isAtRest { checkRest("\(context), at rest", view: view, programmaticOffset: programmaticOffset, paging: pagingApplies, into: &violations) }
        }
        func advanceTicks(until limit: Timestamp) {
            while true {
                let next = Timestamp(microseconds: Int64((Double(frame + 1) * tick).rounded()))
                guard next <= limit else { break }
                frame += 1
                let wasAtRest = view.isAtRest
                view.advance(to: next)
                lastTime = next
                let events = view.drainEvents()
                show(events)
                if wasAtRest, let first = events.first {
                    violations.append("at \(next.microseconds) µs: \(first.message.name) while at rest, with no new input")
                }
                for event in events {
                    if let problem = checker.accept(event) { violations.append("tick \(next.microseconds) µs: \(problem)") }
                }
                if view.isAtRest { checkRest("tick \(next.microseconds) µs, at rest", view: view, programmaticOffset: programmaticOffset, paging: pagingApplies, into: &violations) }
            }
        }

        for timed in session.steps {
            advanceTicks(until: timed.time)
            let when = max(timed.time, lastTime)
            lastTime = when
            switch timed.step {
            case .touches(let samples):
                for sample in samples {
                    switch sample.phase {
                    case .down:
                        // A tap on the status bar scrolls to the top like a programmatic call: no paging. Its
                        // finger never reaches the content, so an offset set from outside still stands (a
                        // second finger is the content's).
                        let onStatusBar = sample.location.y < c.statusBarHeight && fingersDown.isEmpty
                        if !onStatusBar { programmaticOffset = false }
                        // A finger that lands during the zoom bounce-back waits for it: lifted before the
                        // bounce ends, it did nothing, so whatever the zoom left stands.
                        if fingersDown.isEmpty && !view.state.isZoomBouncing { pagingApplies = !onStatusBar }
                        fingersDown.insert(sample.slot.rawValue)
                    case .up, .cancel: fingersDown.remove(sample.slot.rawValue)
                    case .move: break
                    }
                }
                if fingersDown.count > 1 { pagingApplies = false }
                view.handle(TouchFrame(time: when, samples: samples))
            case .key, .wheel, .setContentOffset, .scrollRectToVisible, .setZoomScale, .zoomTo, .stopScrollingAndZooming, .scrollToTop:
                pagingApplies = false
            }
            switch timed.step {
            case .touches: break
            case .key(let key): view.handleKey(key, at: when)
            case .wheel(let delta): view.scrollWheel(delta: delta, at: when)
            case .setContentOffset(let offset, let animated):
                programmaticOffset = true
                view.setContentOffset(offset, animated: animated, at: when)
            case .scrollRectToVisible(let rect, let animated): view.scrollRectToVisible(rect, animated: animated, at: when)
            case .setZoomScale(let scale, let animated): view.setZoomScale(scale, animated: animated, at: when)
            case .zoomTo(let rect, let animated): view.zoom(to: rect, animated: animated, at: when)
            case .stopScrollingAndZooming:
                // Stops in place, as UIKit's does: a bounce stopped half-way rests there until a finger comes.
                programmaticOffset = true
                view.stopScrollingAndZooming(at: when)
            case .scrollToTop: view.scrollToTop(at: when)
            }
            collect(timed.description)
        }
        // Let everything settle: at most a minute of frames.
        let end = lastTime.adding(seconds: 60)
        while !view.isAtRest && lastTime < end {
            advanceTicks(until: Timestamp(microseconds: lastTime.microseconds + Int64(tick.rounded(.up))))
        }
        if !view.isAtRest { violations.append("still moving 60 s after the last input: \(view.state)") }
        return Outcome(violations: violations, restingOffset: view.contentOffset, restingZoomScale: view.zoomScale)
    }

    func checkRest(_ context: String, view: ScrollView, programmaticOffset: Bool, paging: Bool, into violations: inout [String]) {
        let c = session.configuration
        let offset = view.contentOffset, scale = view.zoomScale
        guard offset.x.isFinite, offset.y.isFinite, scale.isFinite else {
            violations.append("\(context): non-finite offset \(offset) or zoom \(scale)")
            return
        }
        if c.zoomingContentView != nil {
            if scale < c.minimumZoomScale - Self.tolerance || scale > c.maximumZoomScale + Self.tolerance {
                violations.append("\(context): zoomScale \(scale) outside \(c.minimumZoomScale)…\(c.maximumZoomScale)")
            }
        } else if scale != 1 {
            violations.append("\(context): zoomScale \(scale) without zooming")
        }
        guard !programmaticOffset else { return }
        let geometry = view.geometry
        for axis in Axis.allCases {
            let range = geometry.range(axis)
            let x = offset[axis]
            if x < range.lowerBound - Self.tolerance || x > range.upperBound + Self.tolerance {
                violations.append("\(context): \(axis) offset \(x) outside \(range.lowerBound)…\(range.upperBound)")
            } else if c.isPagingEnabled, paging, range.upperBound > range.lowerBound {
                let page = c.boundsSize[axis]
                let onPage = abs(x / page - (x / page).rounded()) * page < Self.tolerance
                    || abs(x - range.lowerBound) < Self.tolerance || abs(x - range.upperBound) < Self.tolerance
                if !onPage { violations.append("\(context): paging, but \(axis) offset \(x) is between pages of \(page)") }
            }
        }
    }
}
