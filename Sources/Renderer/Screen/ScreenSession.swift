import ScrollEngine

/// One scroll view in one frame of a screen, in screen pixels: everything its pixels depend on.
public struct ViewFrame: Hashable, Sendable {
    /// The part of the screen the view may draw on: its frame, clipped by every frame around it.
    public var clip: PixelRect
    /// The content's top-left corner on screen and its screen pixels per content point (its own
    /// zoom scale times those of every scroll view around it).
    public var content: ContentPlacement
    /// The contentSize in screen pixels, for content repeated across it (nil for an image).
    public var repeatedExtent: Size?
    /// The view's scroll indicators, in screen coordinates.
    public var indicators: [IndicatorKnob]
    public var showsDebugViews: Bool
}

/// The renderer's model of a screen of scroll views: one `RenderSession` per view (each with its
/// own redraw, zoom and indicator state machines, fed with that view's delegate events), and the
/// tree that places them. Says what every view looks like at a given time and which part of the
/// screen changed since the last frame drawn. Pure: no clock, no I/O.
public struct ScreenSession: Sendable {
    struct Entry: Sendable {
        let id: String
        let frame: Rect
        let parent: Int?
        let children: [Int]
        let repeatsContent: Bool
    }

    let entries: [Entry]
    public private(set) var sessions: [RenderSession]
    public let screenSize: PixelSize
    private let index: [String: Int]
    /// The views' interned ids, in `entries` order: an event names its view by one (a handful of
    /// views, so a walk finds it sooner than a hash).
    private let names: [ViewName]
    private var lastDrawn: [ViewFrame]?

    /// `initialStates` holds each view's state as the engine starts it (offset, zoom, contentSize);
    /// a view without one starts from its configuration.
    public init(views: [ScreenView], screenSize: PixelSize, initialStates: [String: ScrollViewState] = [:], startTime: Timestamp = .zero) {
        let flat = ScreenView.flatten(views)
        var entries: [Entry] = []
        var sessions: [RenderSession] = []
        var index: [String: Int] = [:]
        for (i, (view, parent)) in flat.enumerated() {
            let children = flat.indices.filter { flat[$0].parent == i }
            entries.append(Entry(id: view.id, frame: view.frame, parent: parent, children: children, repeatsContent: view.repeatsContent))
            let levels = view.content.levelTable
            let state = initialStates[view.id] ?? ScrollViewState(
                contentOffset: view.configuration.scrollView.contentOffset, zoomScale: view.configuration.scrollView.zoomScale,
                contentSize: view.repeatsContent ? view.configuration.scrollView.contentSize
                    : view.configuration.contentSize(contentPointSize: levels.pointSize, zoomScale: view.configuration.scrollView.zoomScale))
            sessions.append(RenderSession(configuration: view.configuration, levels: levels, initialState: state, startTime: startTime))
            index[view.id] = i
        }
        self.entries = entries
        self.sessions = sessions
        self.screenSize = screenSize
        self.index = index
        self.names = entries.map { ViewName($0.id) }
    }

    /// The views' ids, parents before children, siblings in z-order.
    public var ids: [String] { entries.map(\.id) }

    public func session(_ id: String) -> RenderSession? { index[id].map { sessions[$0] } }

    // MARK: Input

    /// Feeds one input to the view it names; an event without a view (a one-view stream) goes to
    /// the first view. Inputs for a view the screen does not have are ignored.
    public mutating func handle(_ input: RendererInput, view id: String?) {
        guard let id else { return handle(input, at: 0) }
        handle(input, at: index[id])
    }

    /// Feeds delegate events, each to the view it names (the engine's `recentered` message turned
    /// into the renderer's `recentred` input), found by its interned name.
    public mutating func handle(_ events: [DelegateEvent]) {
        for e in events {
            guard let name = e.viewName else {
                handle(RendererInput(event: e), at: 0)
                continue
            }
            handle(RendererInput(event: e), at: names.firstIndex(of: name))
        }
    }

    /// Feeds the input to the view at `i`; nil (a view the screen does not have) ignores it.
    private mutating func handle(_ input: RendererInput, at i: Int?) {
        guard let i else { return }
        sessions[i].handle(input)
    }

    // MARK: Output

    /// Every view at `time`, in `ids` order.
    public func frame(at time: Timestamp) -> [ViewFrame] {
        let screen = Rect(x: 0, y: 0, width: Double(screenSize.width), height: Double(screenSize.height))
        var frames: [ViewFrame] = []
        frames.reserveCapacity(entries.count)
        // Per view: the screen rectangle it may draw in (before rounding), where its content's
        // top-left corner is and how many screen pixels a content point is.
        var clips: [Rect] = [], contentOrigins: [Point] = [], contentScales: [Double] = []
        for (i, entry) in entries.enumerated() {
            let origin: Point, scale: Double, around: Rect
            if let p = entry.parent {
                // A nested view's frame is in its parent's content: it moves with the pixels the
                // parent's content was drawn at (whole pixels), and scales with the parent's zoom.
                origin = contentOrigins[p] + entry.frame.origin * contentScales[p]
                scale = contentScales[p]
                around = clips[p]
            } else {
                origin = entry.frame.origin
                scale = 1
                around = screen
            }
            let clip = Rect(origin: origin, size: entry.frame.size * scale).intersection(around)
            let own = sessions[i].frame(at: time)
            let contentOrigin = Point(x: (origin.x + own.content.origin.x * scale).rounded(), y: (origin.y + own.content.origin.y * scale).rounded())
            var placement = own.content
            placement.origin = contentOrigin
            placement.scale = own.content.scale * scale
            // One level pixel per screen pixel holds only when no zoom around the view scales it.
            if scale != 1, placement.filter == .nearest { placement.filter = .bilinear }
            let knobs = own.indicators.map { knob in
                IndicatorKnob(axis: knob.axis, rect: Rect(origin: origin + knob.rect.origin * scale, size: knob.rect.size * scale), alpha: knob.alpha)
            }
            clips.append(clip)
            contentOrigins.append(contentOrigin)
            contentScales.append(placement.scale)
            frames.append(ViewFrame(clip: PixelRect(rounding: clip), content: placement,
                                    repeatedExtent: entry.repeatsContent ? sessions[i].state.contentSize * scale : nil,
                                    indicators: knobs, showsDebugViews: own.showsDebugViews))
        }
        return frames
    }

    /// The frame to draw at `time` and the part of the screen that changed since the last one
    /// drawn (the union of the old and new rectangles of every view that changed: a moved view
    /// uncovers what was under it), or nil when no view changed. Marks it drawn.
    public mutating func frameToDraw(at time: Timestamp) -> (views: [ViewFrame], damage: PixelRect)? {
        let views = frame(at: time)
        let whole = PixelRect(x: 0, y: 0, width: screenSize.width, height: screenSize.height)
        guard let last = lastDrawn else {
            lastDrawn = views
            return (views, whole)
        }
        var damage = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (now, before) in zip(views, last) where now != before {
            damage = damage.union(now.clip).union(before.clip)
        }
        damage = damage.intersection(whole)
        guard !damage.isEmpty else { return nil }
        lastDrawn = views
        return (views, damage)
    }

    /// When any view's picture changes next without input (an indicator fade); nil: not until
    /// the next input.
    public func nextWakeup(after time: Timestamp) -> Timestamp? {
        sessions.compactMap { $0.nextWakeup(after: time) }.min()
    }
}
