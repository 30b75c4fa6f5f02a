/// The pan: recognising a drag, following the fingers, and the release (fling, bounce, paging).
/// These are parts of the transition function: each returns the phase to enter, and enters it
/// before sending its messages (every message carries the state it was sent in).
extension ScrollView {
    var canZoom: Bool { zoomViewSize != nil }

    /// How much the fingers' spread grew in the movement `m` (of `touches`, just measured).
    private func spreadDelta(_ m: TouchMotion) -> Double {
        guard m.scale != 1, let spread = m.spreadOfAll ?? touches.spread() else { return 0 }
        return spread - spread / m.scale
    }

    /// The fingers' travel on the axes a drag could move: none when scrolling is off, and only the
    /// axes whose content exceeds the bounds (or that alwaysBounce… lets bounce). Movement across
    /// an axis that cannot scroll never begins a drag, so a content view keeps its touch.
    private func scrollableTravel(_ translation: Point) -> Point {
        guard configuration.isScrollEnabled else { return .zero }
        let g = geometry
        var travel = Point.zero
        for axis in Axis.allCases where g.scrolls(axis) { travel[axis] = translation[axis] }
        return travel
    }

    /// What the pan and pinch recognisers decide for one movement of the fingers.
    enum Recognition: Hashable {
        /// Nothing recognised yet (tracking), or the drag goes on (dragging).
        case noChange
        /// The pan is recognised after this travel along the scrollable axes.
        case drag(travel: Point)
        /// The pinch is recognised: scale by `scale` (the spread ratio so far) around `focus`,
        /// panning by `translation`.
        case pinch(TouchMotion)
    }

    /// The recognisers, as a pure decision on the fingers' movement since touch-down (tracking):
    /// a pinch once the spread changed 8 pt (two fingers, zooming possible), else a drag once
    /// they travelled 10 pt along axes that can scroll; neither while a view that may not be
    /// cancelled holds a finger.
    func recognition(tracking t: Tracking, _ m: TouchMotion) -> Recognition {
        if delivery.blocksScroll(canCancelContentTouches: configuration.canCancelContentTouches) || nesting.panBlockedBySubview { return .noChange }
        if canZoom && nesting.allowsPinch && touches.count >= 2 && abs(t.spreadChange) >= Thresholds.pinchSpreadChange {
            return .pinch(TouchMotion(translation: .zero, scale: t.scale, focus: m.focus))
        }
        let travel = scrollableTravel(t.translation)
        return travel.length >= Thresholds.panDistance ? .drag(travel: travel) : .noChange
    }

    /// The same decision during a drag: only a pinch can still be recognised.
    func recognition(dragging d: Drag, _ m: TouchMotion) -> Recognition {
        guard canZoom && nesting.allowsPinch && touches.count >= 2 && abs(d.spreadChange) >= Thresholds.pinchSpreadChange else { return .noChange }
        return .pinch(TouchMotion(translation: m.translation, scale: d.scale, focus: m.focus))
    }

    /// Tracking: the fingers moved; the recognisers decide, and this carries their decision out.
    func recognize(_ tracking: Tracking, _ m: TouchMotion) -> Phase {
        var t = tracking
        t.translation = t.translation + m.translation
        t.spreadChange += spreadDelta(m)
        t.scale *= m.scale
        switch recognition(tracking: t, m) {
        case .noChange: return .tracking(t)
        case .drag(let travel): return beginDrag(travel: travel)
        case .pinch(let motion): return pinched(beginPinch(alsoDragging: false, focus: m.focus), by: motion)
        }
    }

    /// The pan is recognised after `travel` (at least the pan distance) from touch-down. As on iOS,
    /// the content moves at once by the travel less the pan distance, along the drag, and 1:1 after.
    private func beginDrag(travel: Point) -> Phase {
        var lock = DirectionalLock.none
        if configuration.isDirectionalLockEnabled {
            let tangent = Double.tan(Thresholds.directionalLockAngle * .pi / 180)
            if abs(travel.y) <= abs(travel.x) * tangent {
                lock = .horizontal
            } else if abs(travel.x) <= abs(travel.y) * tangent {
                lock = .vertical
            }
        }
        var d = Drag(raw: rawOffset(forDisplayed: contentOffset), lock: lock, startOffset: contentOffset)
        phase = .dragging(d)
        delivery.scrollTookTouches(view: self)
        performDeliveryActions()
        emit(.willBeginDragging)
        let beyondSlop = travel * ((travel.length - Thresholds.panDistance) / travel.length)
        drag(&d, by: beyondSlop)
        return .dragging(d)
    }

    /// Dragging: follow the fingers, or start a pinch when their spread changes enough.
    func dragged(_ drag: Drag, _ m: TouchMotion) -> Phase {
        var d = drag
        d.spreadChange += spreadDelta(m)
        d.scale *= m.scale
        switch recognition(dragging: d, m) {
        case .noChange, .drag:
            self.drag(&d, by: m.translation)
            return .dragging(d)
        case .pinch(let motion):
            return pinched(beginPinch(alsoDragging: true, focus: m.focus), by: motion)
        }
    }

    /// Whether a drag under `lock` moves the content along `axis` (a test per axis rather than a
    /// list of axes: this runs for every input frame and must not allocate).
    private func drags(_ axis: Axis, _ lock: DirectionalLock, _ g: ScrollGeometry) -> Bool {
        drags(axis, lock, g, in: g.range(axis))
    }

    /// The same, given `g.range(axis)`.
    private func drags(_ axis: Axis, _ lock: DirectionalLock, _ g: ScrollGeometry, in r: ClosedRange<Double>) -> Bool {
        guard g.scrolls(axis, in: r) else { return false }
        switch lock {
        case .none: return true
        case .horizontal: return axis == .horizontal
        case .vertical: return axis == .vertical
        }
    }

    func drag(_ d: inout Drag, by translation: Point) {
        let g = geometry
        var offset = contentOffset
        for axis in Axis.allCases {
            let r = g.range(axis)
            guard drags(axis, d.lock, g, in: r) else { continue }
            d.raw[axis] -= translation[axis]
            transferBeyondEdge(&d.raw[axis], axis, g)
            offset[axis] = g.displayed(raw: d.raw[axis], axis, in: r)
        }
        move(to: offset)
    }

    /// Where the content may rest on `axis` after a release: the scrollable range, or everywhere
    /// along the axis of infinite scrolling (the repeating content has no edge to bounce on) when
    /// recentring happens before an edge is reached (its threshold, a quarter of the content size
    /// from the centre, lies inside the range).
    func releaseRange(_ axis: Axis, _ g: ScrollGeometry) -> ClosedRange<Double> {
        let r = g.range(axis)
        if let infinite = configuration.infiniteScrolling, infinite.axis == axis, recentringPeriod != nil,
           contentSize[axis] / 4 < (r.upperBound - r.lowerBound) / 2 {
            return -Double.infinity...Double.infinity
        }
        return r
    }

    /// The last finger lifted from a drag. The content keeps its own velocity: the fingers'
    /// velocity, scaled on an overscrolled axis by the rubber band's slope there (so the speed is
    /// continuous at the lift).
    func released(_ d: Drag, fingerVelocityPerSecond fingerVelocity: Point) -> Phase {
        let g = geometry
        var velocity = Point.zero         // the fingers' velocity as an offset velocity, pt/s
        var contentVelocity = Point.zero  // the content's own velocity, pt/s
        for axis in Axis.allCases where drags(axis, d.lock, g) && abs(fingerVelocity[axis]) >= DecelerationCurve.restSpeedPerSecond
            && !carriesOn(axis, offsetVelocity: -fingerVelocity[axis], g) {
            velocity[axis] = -fingerVelocity[axis]
            contentVelocity[axis] = velocity[axis] * g.displayedSlope(raw: d.raw[axis], axis)
        }
        let rate = configuration.decelerationRate.rawValue
        var proposed = contentOffset
        for axis in Axis.allCases {
            let r = releaseRange(axis, g)
            let x = contentOffset[axis]
            if x < r.lowerBound || x > r.upperBound {
                proposed[axis] = min(max(x, r.lowerBound), r.upperBound)
            } else if configuration.isPagingEnabled {
                proposed[axis] = pageTarget(axis, start: d.startOffset[axis], position: x, velocityPerSecond: velocity[axis], geometry: g)
            } else {
                // The point the fling really rests on (it stops dead under 10 pt/s).
                let landing = x + DecelerationCurve.restingDistance(velocityPerSecond: contentVelocity[axis], rate: rate)
                proposed[axis] = min(max(landing, r.lowerBound), r.upperBound)
            }
        }
        let velocityPerMillisecond = velocity / 1000
        let target = targetContentOffsetAdjuster?(velocityPerMillisecond, proposed) ?? proposed
        emit(.willEndDragging(velocityPerMillisecond: velocityPerMillisecond, targetContentOffset: target))

        func trajectory(_ axis: Axis) -> AxisTrajectory {
            let r = releaseRange(axis, g)
            let x = contentOffset[axis]
            let overscrolled = x < r.lowerBound || x > r.upperBound
            if configuration.isPagingEnabled && !overscrolled {
                let t = target[axis]
                return t == x ? .resting(at: x) : AxisTrajectory(.spring(.withoutOvershoot(
                    .bounce(start: x, target: t, velocityPerSecond: contentVelocity[axis]))))
            }
            let rewritten = target[axis] != proposed[axis]
            return .release(position: x, velocityPerSecond: contentVelocity[axis], range: r,
                            bounces: g.bounces(axis), rate: rate, target: rewritten ? target[axis] : nil)
        }
        let horizontal = trajectory(.horizontal)
        let motion = OffsetMotion(start: time, x: horizontal, y: trajectory(.vertical))
        guard motion.end > time else {
            // Nothing to animate (content less than half a point past an edge is already at rest by
            // the springs' rule): it rests on the motion's destination, never where it was let go.
            move(to: motion.destination)
            phase = .idle
            emit(.didEndDragging(willDecelerate: false))
            return phase
        }
        offsetMotion = motion
        phase = .decelerating
        emit(.didEndDragging(willDecelerate: true))
        emit(.willBeginDecelerating)
        return phase
    }

    /// Paging: the page the content settles on — the next or previous page for a flick, the nearest
    /// page otherwise, never more than one page from where the drag started.
    private func pageTarget(_ axis: Axis, start: Double, position: Double, velocityPerSecond velocity: Double, geometry g: ScrollGeometry) -> Double {
        let pageSize = configuration.boundsSize[axis]
        let r = g.range(axis)
        guard pageSize > 0, r.upperBound > r.lowerBound else { return min(max(position, r.lowerBound), r.upperBound) }
        let startPage = (start / pageSize).rounded()
        let fractional = position / pageSize
        var page: Double
        if abs(velocity) >= Thresholds.pagingFlickSpeedPerSecond {
            page = velocity > 0 ? fractional.rounded(.down) + 1 : fractional.rounded(.up) - 1
        } else {
            page = fractional.rounded()
        }
        page = min(max(page, startPage - 1), startPage + 1)
        let lastPage = (r.upperBound / pageSize).rounded(.up)
        page = min(max(page, (r.lowerBound / pageSize).rounded(.down)), lastPage)
        return min(max(page * pageSize, r.lowerBound), r.upperBound)
    }

    /// The fingers lifted without a drag or pinch: content caught mid-bounce returns to the edge,
    /// and with paging, content caught between pages (mid-page motion, or left there by a
    /// programmatic offset or a pinch) goes to the nearest page, as a drag released without
    /// velocity does.
    func settledAfterTouch() -> Phase {
        let g = geometry
        func trajectory(_ axis: Axis) -> AxisTrajectory {
            let r = releaseRange(axis, g)
            let x = contentOffset[axis]
            if configuration.isPagingEnabled && r.contains(x) {
                let page = pageTarget(axis, start: x, position: x, velocityPerSecond: 0, geometry: g)
                return page == x ? .resting(at: x) : AxisTrajectory(.spring(.withoutOvershoot(
                    .bounce(start: x, target: page, velocityPerSecond: 0))))
            }
            return .release(position: x, velocityPerSecond: 0, range: r,
                            bounces: g.bounces(axis), rate: configuration.decelerationRate.rawValue)
        }
        let horizontal = trajectory(.horizontal)
        let motion = OffsetMotion(start: time, x: horizontal, y: trajectory(.vertical))
        guard motion.end > time else {
            move(to: motion.destination)
            return .idle
        }
        offsetMotion = motion
        phase = .decelerating
        emit(.willBeginDecelerating)
        return phase
    }
}
