import Logging
import ScrollEngine

/// The renderer's model of the scroll view: it consumes delegate events (never the engine's
/// internals), keeps the redraw, indicator and header state machines, and says what a frame at a
/// given time looks like and whether it differs from the last one drawn. Pure: no clock, no I/O.
public struct RenderSession: Sendable {
    public private(set) var configuration: RendererConfiguration
    public let levels: ContentLevels
    public private(set) var state: ScrollViewState
    public private(set) var zoom: ZoomRedraw
    public private(set) var indicators: IndicatorVisibility = .hidden
    public private(set) var header: HeaderVisibility = .shown(since: .zero)
    /// How far infinite content has been moved by recentring, in content points (kept within one period).
    public private(set) var recenterShift: Point = .zero
    private var lastDrawn: FrameDescription?

    public init(configuration: RendererConfiguration, levels: ContentLevels, initialState: ScrollViewState, startTime: Timestamp = .zero) {
        self.configuration = configuration
        self.levels = levels
        self.state = initialState
        self.zoom = .settled(scale: initialState.zoomScale)
        self.header = .shown(since: startTime.adding(seconds: -(configuration.header?.slideDuration ?? 0)))
    }

    /// The state the scroll view starts in for this configuration: its zoom scale and offset, and
    /// the contentSize the content, header and infinite repeats add up to.
    public static func initialState(configuration: RendererConfiguration, levels: ContentLevels) -> ScrollViewState {
        let sv = configuration.scrollView
        return ScrollViewState(contentOffset: sv.contentOffset, zoomScale: sv.zoomScale,
                               contentSize: configuration.contentSize(contentPointSize: levels.pointSize, zoomScale: sv.zoomScale))
    }

    // MARK: Input

    public mutating func handle(_ input: RendererInput) {
        switch input {
        case .event(let event):
            apply(event)
        case .recentred(let delta, let event):
            // offset' = offset − delta; moving the content by −delta/zoom keeps the drawing identical.
            if let infinite = configuration.infiniteScrolling {
                let zoomScale = event.state.zoomScale
                var shift = recenterShift - delta / zoomScale
                let period = levels.pointSize[infinite.axis]
                shift[infinite.axis] = shift[infinite.axis].truncatingRemainder(dividingBy: period)
                recenterShift = shift
            }
            apply(event)
        case .flashIndicators(let time):
            indicators = indicators.after(.flash(at: time))
        case .geometryChanged(let next, let inset):
            state = next
            configuration.scrollView.contentInset = inset
        }
    }

    private mutating func apply(_ event: DelegateEvent) {
        let previous = state
        let next = event.state
        state = next

        let zoomInFlight = next.isZooming || next.isZoomBouncing || next.isZoomAnimating
        switch event.message {
        case .willBeginZooming: zoom = zoom.after(.zoomBegan)
        case .didEndZooming(let scale): zoom = zoom.after(.zoomEnded(atScale: scale))
        default:
            if zoomInFlight { zoom = zoom.after(.zoomBegan) }
            else if next.zoomScale != zoom.renderedScale, case .settled = zoom { zoom = zoom.after(.scaleSet(next.zoomScale)) }
        }

        let moving = next.isDragging || next.isDecelerating || next.isScrollAnimating || zoomInFlight
        indicators = indicators.after(moving ? .scrollingBegan : .scrollingEnded(at: event.time))

        if let header = configuration.header {
            self.header = self.header.after(headerInput(event, previous: previous, headerHeight: header.height))
        }
    }

    /// What an event means to the header: it hides when the user's finger drags the content up into
    /// the page (contentOffset.y grows in the `dragging` phase) and comes back on the user's next
    /// interaction of another kind — dragging back down, a finger landing, a tap, a pinch, scroll to
    /// top — or when the content reaches the top. Motion without a finger (a fling's deceleration, the
    /// bounce at an edge, a programmatic animation, the zoom settling) is no interaction: the header
    /// stays as it is, so a bounce at the bottom edge does not bring it back.
    private func headerInput(_ event: DelegateEvent, previous: ScrollViewState, headerHeight: Double) -> HeaderVisibility.Input {
        let y = event.state.contentOffset.y
        let unchanged: HeaderVisibility.Input = header.isHidden ? .draggedIntoContent(at: event.time) : .otherInteraction(at: event.time)
        if y <= headerHeight { return .otherInteraction(at: event.time) }
        // A finger landing is an interaction whatever the content was doing.
        if event.state.isTracking, !previous.isTracking { return .otherInteraction(at: event.time) }
        switch event.message {
        case .didScroll:
            switch event.state.phase {
            case .dragging:
                let dy = y - previous.contentOffset.y
                if dy > 0 { return .draggedIntoContent(at: event.time) }
                if dy < 0 { return .otherInteraction(at: event.time) }
                return unchanged
            case .pinching:
                return .otherInteraction(at: event.time)
            case .idle, .tracking, .decelerating, .scrollAnimating, .zoomSettling, .zoomAnimating:
                return unchanged
            }
        case .willBeginDragging, .willEndDragging, .didEndDragging, .willBeginDecelerating, .didEndDecelerating,
             .didEndScrollingAnimation, .touchesMoved, .touchesEnded, .touchesCancelled, .recentered:
            // Part of the same gesture or motion, or no interaction of its own.
            return unchanged
        case .didZoom:
            // A pinch is an interaction; the zoom settling inside its limits or animating is not.
            return event.state.phase == .pinching ? .otherInteraction(at: event.time) : unchanged
        case .motionStopped(let reason):
            switch reason {
            case .touch: return .otherInteraction(at: event.time)
            case .stopScrollingAndZooming, .programmatic: return unchanged
            }
        case .shouldScrollToTop, .didScrollToTop, .willBeginZooming, .didEndZooming, .touchesBegan, .tap, .swipe, .longPress:
            return .otherInteraction(at: event.time)
        }
    }

    // MARK: Output

    /// Whether the content is moving (the fast filter is used).
    public var isMoving: Bool {
        state.isDragging || state.isDecelerating || state.isScrollAnimating || state.isZooming || state.isZoomBouncing || state.isZoomAnimating
    }

    /// Where the content's top-left corner is on screen: below the header, moved by recentring.
    public var contentOrigin: Point {
        let headerHeight = configuration.header?.height ?? 0
        let shift = recenterShift * state.zoomScale
        return Point(x: (-state.contentOffset.x + shift.x).rounded(), y: (-state.contentOffset.y + headerHeight + shift.y).rounded())
    }

    /// What the frame at `time` looks like.
    public func frame(at time: Timestamp) -> FrameDescription {
        let scale = state.zoomScale
        // While a zoom is in flight every frame is scaled differently: it samples the level nearest
        // the current scale with the nearest-neighbour filter, one source read per pixel (a
        // bilinear frame costs several times more), and is sharp at once, not a blurred scaled copy.
        let level = zoom.isInFlight ? levels.nearestLevel(forScale: scale) : levels.level(forScale: zoom.renderedScale)
        let ratio = levels.density(ofLevel: level) / scale
        let filter: ContentFilter
        if abs(ratio - 1) < 1e-9 || zoom.isInFlight { filter = .nearest }
        else if isMoving { filter = .bilinear }
        else { filter = ratio > 1 ? .convolution : .bilinear }
        let placement = ContentPlacement(origin: contentOrigin, scale: scale, level: level, filter: filter,
                                         repeatAxis: configuration.infiniteScrolling?.axis)

        let opacity = indicators.opacity(at: time, settings: configuration.indicators)
        var knobs: [IndicatorKnob] = []
        if opacity > 0 {
            let geometry = IndicatorGeometry(boundsSize: configuration.scrollView.boundsSize, contentSize: state.contentSize,
                                             contentOffset: state.contentOffset,
                                             adjustedContentInset: configuration.scrollView.adjustedContentInset,
                                             settings: configuration.indicators)
            let alpha = UInt8((opacity * 255).rounded())
            // No indicator along an infinite axis: its position would jump at every recentre.
            for axis in [Axis.vertical, .horizontal] where axis != configuration.infiniteScrolling?.axis {
                if let rect = geometry.indicatorRect(axis) { knobs.append(IndicatorKnob(axis: axis, rect: rect, alpha: alpha)) }
            }
        }

        var headerTop: Int?
        if let h = configuration.header {
            headerTop = -Int((header.slide(at: time, duration: h.slideDuration) * h.height).rounded())
        }
        return FrameDescription(content: placement, indicators: knobs, headerTop: headerTop, showsDebugViews: configuration.showsDebugViews)
    }

    /// The frame to draw at `time`, or nil when it would be identical to the last one drawn
    /// ("draw only when something changed"). Marks it drawn.
    public mutating func frameToDraw(at time: Timestamp) -> FrameDescription? {
        let f = frame(at: time)
        if f == lastDrawn { return nil }
        lastDrawn = f
        return f
    }

    /// When the picture changes next without further input (indicator fade, header slide), so
    /// the run loop can sleep until then; nil: nothing changes until the next input.
    public func nextWakeup(after time: Timestamp) -> Timestamp? {
        let fade = indicators.nextChange(after: time, settings: configuration.indicators)
        let slide = configuration.header.flatMap { header.nextChange(after: time, duration: $0.slideDuration) }
        return [fade, slide].compactMap { $0 }.min()
    }
}

extension HeaderVisibility {
    var isHidden: Bool { if case .hidden = self { true } else { false } }
}
