/// A screen of several scroll views arranged the way UIKit's view hierarchy arranges them: side by
/// side (siblings, later ones on top) and nested (a scroll view inside another's content, moving,
/// clipping and zooming with it). Like `ScrollView`, it takes touch frames and time, never reads a
/// clock and does no I/O; it routes each finger to the scroll views under it and merges their
/// delegate streams, every event naming its view.
///
/// Routing, as UIKit's gesture recognisers share a touch:
/// - The gesture's first finger is hit-tested to the deepest scroll view under it, through the
///   parents' offsets and zoom and clipped by every frame on the way. That view and every scroll
///   view around it watch the gesture's fingers (each in its own coordinates, fixed at touch-down);
///   only the deepest delivers content touches. A finger landing on a view stops whatever moves in
///   every one of them.
/// - The first of them, deepest first, whose pan or pinch is recognised owns the gesture; the
///   views inside it let go of the fingers at once, the views around it keep still until the last
///   finger lifts. A view recognises a
///   pan only along an axis it can scroll, so a vertical drag on a horizontal carousel goes to the
///   list around it, decided once, at recognition.
/// - Only the deepest zoomable view under the fingers' centroid may recognise a pinch.
/// - A drag that reaches the owner's edge on an axis it transfers to its parent carries on in the
///   nearest scroll view around it that scrolls along that axis.
/// - The status-bar strip and the wake touch belong to the screen: a status-bar tap scrolls the one
///   visible view whose scrollsToTop is on; with two or more, none scrolls (UIKit's rule).
///
/// A tree of one view whose frame is the screen behaves exactly as that `ScrollView` alone.
public final class ScrollViewTree {
    /// One scroll view as it is described.
    public struct Node: Hashable, Sendable {
        /// Unique in the tree; every event names it.
        public var id: String
        /// In the parent's unscaled content coordinates (the screen's for a top-level view). It
        /// replaces the configuration's boundsSize.
        public var frame: Rect
        public var configuration: ScrollViewConfiguration
        /// Scroll views inside this one's content, later ones on top.
        public var children: [Node]

        public init(id: String, frame: Rect, configuration: ScrollViewConfiguration, children: [Node] = []) {
            self.id = id
            self.frame = frame
            self.configuration = configuration
            self.children = children
        }
    }

    public enum DefinitionError: Error, Hashable, CustomStringConvertible {
        /// Two views share an id; `path` names the second (`scrollViews[list].scrollViews[carousel]`).
        case duplicateID(String, path: String)
        case emptyID(path: String)
        /// A screen needs at least one scroll view.
        case noViews

        public var description: String {
            switch self {
            case .duplicateID(let id, let path): "\(path): the id \"\(id)\" is already used by another scroll view"
            case .emptyID(let path): "\(path): a scroll view needs a non-empty id"
            case .noViews: "scrollViews: a screen needs at least one scroll view"
            }
        }
    }

    struct Entry {
        let id: String
        /// In the parent's unscaled content coordinates.
        let frame: Rect
        let view: ScrollView
        let parent: Int?
        var children: [Int] = []
        /// The placement the view's touch events were measured in (frozen while a gesture runs).
        var touchPlacement: ScreenPlacement
    }

    /// One gesture: from the first finger landing on a scroll view to the last one lifting.
    struct Gesture {
        /// The scroll views under the first finger, outermost first.
        var chain: [Int]
        /// Every view's placement when the first finger landed (indexed like `entries`; those of the
        /// chain are used): the fingers are measured in these until the gesture ends (the views
        /// around the owner do not move meanwhile, except to carry its drag, and a carried drag must
        /// not feed back into the owner's fingers).
        var placements: [ScreenPlacement]
        /// Views of the chain still watching the fingers.
        var watching: [Int]
        /// The view whose pan or pinch won.
        var owner: Int?
        /// The views around the owner: they keep still, their fingers held, until the gesture ends.
        var parked: [Int] = []
        /// Those of them dragging on the owner's behalf.
        var carrying: [Int] = []
        /// The gesture's fingers on screen, in slot order.
        var fingers = FingerLocations()

        /// Empties every list, keeping their storage for the next gesture (`recycledGesture`).
        mutating func empty() {
            chain.removeAll(keepingCapacity: true)
            placements.removeAll(keepingCapacity: true)
            watching.removeAll(keepingCapacity: true)
            owner = nil
            parked.removeAll(keepingCapacity: true)
            carrying.removeAll(keepingCapacity: true)
            fingers.removeAll()
        }
    }

    public let screenSize: Size
    /// The views as they were defined.
    public let definition: [Node]
    /// Height of the status-bar strip at the top of the screen; a tap there scrolls to the top.
    public var statusBarHeight: Double
    public private(set) var time: Timestamp
    /// Depth-first, parents before children, siblings in z-order.
    private(set) var entries: [Entry] = []
    private var roots: [Int] = []
    private var index: [String: Int] = [:]
    private var gesture: Gesture?
    /// The last gesture, emptied: the next one reuses its storage (a gesture allocates nothing once
    /// the lists have grown), and the screen placements taken when a finger lands.
    private var recycledGesture: Gesture?
    private var landingPlacements: [ScreenPlacement] = []
    /// Fingers that are the screen's own: in the status-bar strip (with whether they moved), or
    /// swallowed to wake the screen.
    private var statusBarTouches: [TouchSlot: (down: Point, moved: Bool)] = [:]
    private var swallowedTouches: Set<TouchSlot> = []
    /// Fingers that landed outside every scroll view.
    private var strayTouches: Set<TouchSlot> = []
    private var events: [DelegateEvent] = []
    /// The array the last `drainEvents()` returned, reused once its caller let go of it.
    private var drainedEvents: [DelegateEvent] = []
    /// The views' phase changes being collected, and the array the last drain returned.
    private var transitions: [PhaseTransition] = []
    private var drainedTransitions: [PhaseTransition] = []
    /// Per-frame scratch storage (kept so a frame allocates nothing): the samples routed to the
    /// gesture (when not all of the frame's are), and those samples in one view's coordinates.
    private var routed: [TouchSample] = []
    private var local: [TouchSample] = []
    private var diagnostics: [String] = []

    /// Builds the tree; every view's bounds size is its frame's size. There must be at least one
    /// view, and ids must be unique and non-empty. `statusBarHeight` defaults to the first top-level view's.
    public convenience init(screenSize: Size, views: [Node], statusBarHeight: Double? = nil, startTime: Timestamp = .zero) throws {
        var seen: Set<String> = []
        func check(_ nodes: [Node], _ prefix: String) throws {
            for node in nodes {
                let path = prefix + "scrollViews[\(node.id)]"
                guard !node.id.isEmpty else { throw DefinitionError.emptyID(path: path) }
                guard seen.insert(node.id).inserted else { throw DefinitionError.duplicateID(node.id, path: path) }
                try check(node.children, path + ".")
            }
        }
        guard !views.isEmpty else { throw DefinitionError.noViews }
        try check(views, "")
        self.init(validated: views, screenSize: screenSize, statusBarHeight: statusBarHeight, startTime: startTime)
    }

    private init(validated views: [Node], screenSize: Size, statusBarHeight: Double?, startTime: Timestamp) {
        self.screenSize = screenSize
        self.time = startTime
        self.definition = views
        self.statusBarHeight = statusBarHeight ?? views.first?.configuration.statusBarHeight ?? 0
        let screen = ScreenPlacement(scale: 1, origin: .zero, clip: Rect(origin: .zero, size: screenSize))
        for node in views {
            roots.append(add(node, parent: nil, placement: screen))
        }
    }

    /// The same screen as it was defined, fresh (every view at its configured start), with its
    /// clock at `startTime`.
    public func fresh(startTime: Timestamp) -> ScrollViewTree {
        ScrollViewTree(validated: definition, screenSize: screenSize, statusBarHeight: statusBarHeight, startTime: startTime)
    }

    private func add(_ node: Node, parent: Int?, placement: ScreenPlacement) -> Int {
        var configuration = node.configuration
        configuration.boundsSize = node.frame.size
        let view = ScrollView(configuration: configuration, startTime: time)
        view.nesting.handlesScreenTouches = false
        view.name = ViewName(node.id)
        let i = entries.count
        let own: ScreenPlacement
        if let parent {
            let p = entries[parent].view
            own = placement.child(frame: node.frame, parentOffset: p.contentOffset, parentZoom: p.zoomScale)
        } else {
            own = ScreenPlacement(scale: 1, origin: node.frame.origin,
                                  clip: Rect(origin: node.frame.origin, size: node.frame.size).intersection(placement.clip))
        }
        entries.append(Entry(id: node.id, frame: node.frame, view: view, parent: parent, touchPlacement: own))
        index[node.id] = i
        for child in node.children {
            let c = add(child, parent: i, placement: own)
            entries[i].children.append(c)
        }
        return i
    }

    // MARK: - Observing

    /// The views' ids, parents before children, siblings in z-order.
    public var ids: [String] { entries.map(\.id) }

    /// The scroll view with this id. Programmatic calls on it are welcome: its messages come out
    /// of `drainEvents()` too.
    public func view(_ id: String) -> ScrollView? { index[id].map { entries[$0].view } }

    /// The id of the scroll view whose content holds this one; nil at the top.
    public func parentID(of id: String) -> String? {
        guard let i = index[id], let p = entries[i].parent else { return nil }
        return entries[p].id
    }

    /// The frame as configured (in the parent's content coordinates).
    public func frame(of id: String) -> Rect? { index[id].map { entries[$0].frame } }

    /// Where the view is on screen now.
    public func placement(of id: String) -> ScreenPlacement? {
        index[id].map { placements()[$0] }
    }

    /// Every view's placement now, in `ids` order.
    func placements() -> [ScreenPlacement] {
        var result: [ScreenPlacement] = []
        placements(into: &result)
        return result
    }

    private func placements(into result: inout [ScreenPlacement]) {
        let screen = ScreenPlacement(scale: 1, origin: .zero, clip: Rect(origin: .zero, size: screenSize))
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(entries.count)
        for e in entries {
            if let p = e.parent {
                let parent = entries[p].view
                result.append(result[p].child(frame: e.frame, parentOffset: parent.contentOffset, parentZoom: parent.zoomScale))
            } else {
                result.append(ScreenPlacement(scale: 1, origin: e.frame.origin,
                                              clip: Rect(origin: e.frame.origin, size: e.frame.size).intersection(screen.clip)))
            }
        }
    }

    /// The scroll views under a screen point, outermost first, ending with the deepest (empty when
    /// the point is outside every view).
    public func hitTest(_ screen: Point) -> [String] { hitChain(screen, placements()).map { entries[$0].id } }

    /// A touch reported on or beyond the screen's edge is hit-tested at the nearest point of the
    /// screen (the last pixel row and column belong to the screen, not outside it).
    private func onScreen(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0), max(0, screenSize.width.nextDown)), y: min(max(p.y, 0), max(0, screenSize.height.nextDown)))
    }

    private func hitChain(_ screen: Point, _ placed: [ScreenPlacement]) -> [Int] {
        var chain: [Int] = []
        hitChain(screen, placed, into: &chain)
        return chain
    }

    private func hitChain(_ screen: Point, _ placed: [ScreenPlacement], into chain: inout [Int]) {
        chain.removeAll(keepingCapacity: true)
        var candidates = roots
        while let hit = candidates.last(where: { placed[$0].clip.contains(screen) }) {
            chain.append(hit)
            candidates = entries[hit].children
        }
    }

    public var isAnimating: Bool {
        for i in entries.indices where withView(i, \.isAnimating) { return true }
        return false
    }

    public var nextTimerDeadline: Timestamp? {
        var earliest: Timestamp?
        for i in entries.indices {
            if let t = withView(i, \.nextTimerDeadline) { earliest = earliest.map { min($0, t) } ?? t }
        }
        return earliest
    }

    public var isAtRest: Bool {
        gesture == nil && statusBarTouches.isEmpty && swallowedTouches.isEmpty && strayTouches.isEmpty
            && entries.allSatisfy(\.view.isAtRest)
    }

    /// The messages of every view since the last call, in order, each naming its view.
    public func drainEvents() -> [DelegateEvent] {
        for i in entries.indices { collect(i) }
        return events.drain(keeping: &drainedEvents)
    }

    /// The same messages lent to `body` (not called when there are none), then forgotten. What the
    /// playback and live drivers call at every step: the array is moved out for the call and its
    /// storage, emptied, moved back, so nothing is retained, released or allocated for it (a
    /// returned array is retained for its caller and released by it, two atomic operations).
    public func drainEvents(into body: ([DelegateEvent]) throws -> Void) rethrows {
        for i in entries.indices { collect(i) }
        guard !events.isEmpty else { return }
        var batch: [DelegateEvent] = []
        swap(&batch, &events)
        defer { events.takeBack(&batch) }
        try body(batch)
    }

    /// The tree's and the views' diagnostics since the last call (a view's start with its id).
    public func drainDiagnostics() -> [String] {
        var all = diagnostics
        diagnostics.removeAll()
        for e in entries {
            all += e.view.drainDiagnostics().map { "[\(e.id)] \($0)" }
        }
        return all
    }

    /// The phase changes of every view since the last call, each naming its view.
    public func drainTransitions() -> [PhaseTransition] {
        for i in entries.indices where !withView(i, { $0.transitions.isEmpty }) {
            let id = entries[i].id
            for transition in entries[i].view.drainTransitions() {
                var named = transition
                named.view = id
                transitions.append(named)
            }
        }
        return transitions.drain(keeping: &drainedTransitions)
    }

    /// The same changes lent to `body` (not called when there are none), then forgotten, as
    /// `drainEvents(into:)` lends the messages.
    public func drainTransitions(into body: ([PhaseTransition]) throws -> Void) rethrows {
        // Asked at every step, and nearly always with nothing to hand over: then only this check.
        // (The rare batch goes through the returning drain; lending it too, as the messages are,
        // measured 0.3 M more instructions per replay, the common path's code grown for nothing.)
        guard entries.indices.contains(where: { !withView($0, { $0.transitions.isEmpty }) }) || !transitions.isEmpty else { return }
        let drained = drainTransitions()
        try body(drained)
    }

    private func note(_ text: String) {
        if diagnostics.count >= ScrollView.retainedLogEntries { diagnostics.removeFirst() }
        diagnostics.append("\(time.microseconds)µs: \(text)")
    }

    /// Moves a view's messages to the tree's stream (each names its view already: the view knows
    /// its id), putting the touch points it measured back on screen (unless its coordinates are the
    /// screen's, as a view filling the screen has them).
    private func collect(_ i: Int) {
        guard !withView(i, { $0.events.isEmpty }) else { return }
        let start = events.count
        withView(i) { $0.takeEvents(appendingTo: &events) }
        let placement = entries[i].touchPlacement
        if placement.isIdentity { return }
        for k in start..<events.count {
            events[k].message.putOnScreen(placement)
        }
    }

    /// The view of entry `i`, lent to `body` without the retain and release that reading it from
    /// `entries` around a call otherwise costs (Unmanaged's guaranteed reference): `entries` holds
    /// every view for the tree's whole life, so the view outlives the call. For what runs at every
    /// frame and every animation tick.
    @inline(__always)
    private func withView<Result>(_ i: Int, _ body: (ScrollView) throws -> Result) rethrows -> Result {
        // The view's field alone is read, over the storage (a subscript of `entries` copies the
        // whole entry out first, id and children included).
        precondition(i >= 0 && i < entries.count)
        let view = entries.withUnsafeBufferPointer { Unmanaged.passUnretained($0[i].view) }
        return try view._withUnsafeGuaranteedRef(body)
    }

    // MARK: - Time

    /// Moves every view to `newTime`; timers fire in order of their deadlines across views.
    public func advance(to newTime: Timestamp) {
        if newTime < time {
            note("time went backwards (\(newTime.microseconds)µs < \(time.microseconds)µs); ignored")
            return
        }
        while let deadline = nextTimerDeadline, deadline <= newTime {
            time = max(time, deadline)
            for i in entries.indices {
                withView(i) { $0.advance(to: time) }
                collect(i)
            }
            if let next = nextTimerDeadline, next <= deadline { break } // the view noted it
        }
        time = newTime
        for i in entries.indices {
            withView(i) { $0.advance(to: newTime) }
            collect(i)
        }
    }

    // MARK: - Touches

    /// Applies one frame of touches (screen points); the tree first advances to the frame's time.
    public func handle(_ frame: TouchFrame) {
        advance(to: frame.time)
        // Commonly every sample goes to the gesture and the frame's samples are delivered as they
        // are; they are copied to `routed` only from the first one that does not.
        // (Over the samples' storage: the frame's array is not changed here.)
        var copying = false
        frame.samples.withUnsafeBufferPointer { samples in
            for index in samples.indices {
                if routesToGesture(samples[index]) {
                    if copying { routed.append(samples[index]) }
                } else if !copying {
                    copying = true
                    routed.removeAll(keepingCapacity: true)
                    routed.append(contentsOf: samples[..<index])
                }
            }
        }
        // Not `deliver(copying ? routed : frame.samples)`: the choice makes an owned array, retained
        // and released at every frame; the frame's own array is passed as it was lent.
        if copying { deliver(routed) } else { deliver(frame.samples) }
        for i in entries.indices { withView(i) { $0.delivery.lastInput = time } }
    }

    /// Whether the sample goes to the gesture's views (else it is the screen's own, a stray
    /// finger's, or ignored).
    private func routesToGesture(_ sample: TouchSample) -> Bool {
        let slot = sample.slot
        let ends = sample.phase == .up || sample.phase == .cancel
        // The screen's own fingers are rare: an empty table is not even hashed into.
        if !statusBarTouches.isEmpty, let touch = statusBarTouches[slot] {
            let moved = touch.moved || sample.location.distance(to: touch.down) > Thresholds.panDistance
            statusBarTouches[slot] = ends ? nil : (touch.down, moved)
            if sample.phase == .up && !moved { statusBarTapped() }
            return false
        }
        if (!swallowedTouches.isEmpty && swallowedTouches.contains(slot)) || (!strayTouches.isEmpty && strayTouches.contains(slot)) {
            if ends { swallowedTouches.remove(slot); strayTouches.remove(slot) }
            return false
        }
        if sample.phase == .down && !(gesture?.fingers.contains(slot) ?? false) {
            guard landed(sample) else { return false }
            gesture?.fingers.set(slot, sample.location)
        }
        guard gesture?.fingers.move(slot, to: sample.location) == true else {
            note("\(sample.phase.rawValue) for \(slot), which is not down; ignored")
            return false
        }
        return true
    }

    /// A finger lands: the screen's own (wake, status bar), outside every view, or part of the
    /// gesture (which it starts when it is the first). False when the gesture does not get it.
    private func landed(_ sample: TouchSample) -> Bool {
        let alone = gesture == nil && statusBarTouches.isEmpty && swallowedTouches.isEmpty && strayTouches.isEmpty
        guard gesture == nil else { return true }
        placements(into: &landingPlacements)
        let placed = landingPlacements
        var g = recycledGesture.take() ?? Gesture(chain: [], placements: [], watching: [])
        hitChain(onScreen(sample.location), placed, into: &g.chain)
        let chain = g.chain
        defer { if gesture == nil { g.empty(); recycledGesture = g } }
        if alone, let deepest = chain.last, entries[deepest].view.swallowsWakeTouch {
            swallowedTouches.insert(sample.slot)
            return false
        }
        if alone && statusBarHeight > 0 && sample.location.y < statusBarHeight {
            statusBarTouches[sample.slot] = (sample.location, false)
            return false
        }
        guard let deepest = chain.last else {
            note("\(sample.slot) landed outside every scroll view; ignored")
            strayTouches.insert(sample.slot)
            return false
        }
        g.watching.append(contentsOf: chain)
        g.placements.append(contentsOf: placed)
        let moving = chain.dropLast().contains { entries[$0].view.isAnimating }
        for i in chain {
            entries[i].touchPlacement = placed[i]
            let view = entries[i].view
            view.nesting.deliversContentTouches = i == deepest
            view.nesting.ancestorWasMoving = i == deepest && moving
            view.nesting.transfersToParent = transferAxes(of: i, in: g)
        }
        gesture = g
        return true
    }

    /// The gesture's samples go to the views watching it, deepest first, until one recognises its
    /// pan or pinch and owns the gesture.
    private func deliver(_ samples: [TouchSample]) {
        guard gesture != nil, !samples.isEmpty else { return }
        // Changed in place (neither copied out nor back): its lists stay uniquely referenced.
        deliver(samples, to: &gesture!)
        if gesture!.fingers.isEmpty {
            var g = gesture.take()!
            endParked(g)
            for i in g.chain { entries[i].view.nesting.ancestorWasMoving = false }
            g.empty()
            recycledGesture = g
        }
    }

    private func deliver(_ samples: [TouchSample], to g: inout Gesture) {
        prepareRecognisers(&g)
        // Deepest first; by position rather than through a reversed view of the list, whose index
        // comparisons were left to generic calls. The list itself changes only after the loop.
        var position = g.watching.count
        while position > 0 {
            position -= 1
            let i = g.watching[position]
            let placement = g.placements[i]
            if placement.isIdentity {
                // A view whose coordinates are the screen's (one filling it): the samples as they are.
                withView(i) { $0.handleSamples(samples, classifyForeign: true) }
            } else {
                local.removeAll(keepingCapacity: true)
                for s in samples { local.append(TouchSample(slot: s.slot, phase: s.phase, location: placement.local(s.location))) }
                withView(i) { $0.handleSamples(local, classifyForeign: true) }
            }
            let before = events.count
            collect(i)
            // Once a view owns the gesture, no message of the views can change that: not looked for.
            guard g.owner == nil else { continue }
            var won = false
            for k in before..<events.count where events[k].message.beginsGesture {
                won = true
                break
            }
            if won {
                // The views inside the owner let go of the fingers (a content view that had one hears
                // touchesCancelled); the views around it keep still until the fingers lift.
                g.owner = i
                let k = g.chain.firstIndex(of: i)!
                g.parked.append(contentsOf: g.chain[..<k])
                for j in g.chain[(k + 1)...].reversed() {
                    entries[j].view.cancelAllTouches(at: time)
                    collect(j)
                }
                let view = entries[i].view
                view.nesting.allowsPinch = true   // a second pair of fingers may still zoom the owner
                view.nesting.panBlockedBySubview = false
                break
            }
        }
        if let owner = g.owner {
            if g.watching.count > 1 || g.watching.first != owner {
                // The owner alone watches the fingers from now on.
                g.watching.removeAll(keepingCapacity: true)
                g.watching.append(owner)
            }
            carryTransfers(from: owner, &g)
        }
        samples.withUnsafeBufferPointer { samples in
            for sample in samples where sample.phase == .up || sample.phase == .cancel {
                g.fingers.remove(sample.slot)
            }
        }
    }

    /// Before the views see a frame: which one may pinch, and whose pan a content view holds back.
    /// (`inout` only so that the gesture is read in place, not copied.)
    private func prepareRecognisers(_ g: inout Gesture) {
        guard g.owner == nil, let deepest = g.chain.last else { return }
        // Summed in slot order, so the centroid has the same bits in every process. (At every frame
        // until a recogniser wins: the lists are read over their storage and the views lent, so
        // nothing is retained.)
        var sum = Point.zero
        g.fingers.entries.withUnsafeBufferPointer { fingers in
            for finger in fingers { sum = sum + finger.location }
        }
        let centroid = onScreen(sum / Double(max(1, g.fingers.count)))
        // The deepest view of the chain that can zoom and has the centroid inside it may pinch.
        var pinchView: Int?
        g.chain.withUnsafeBufferPointer { chain in
            g.placements.withUnsafeBufferPointer { placements in
                for i in chain.reversed() where withView(i, \.canZoom) && placements[i].clip.contains(centroid) {
                    pinchView = i
                    break
                }
            }
        }
        withView(deepest) { holder in
            g.chain.withUnsafeBufferPointer { chain in
                for i in chain {
                    withView(i) { view in
                        view.nesting.allowsPinch = i == pinchView
                        view.nesting.panBlockedBySubview = i != deepest
                            && holder.delivery.blocksScroll(canCancelContentTouches: view.configuration.canCancelContentTouches)
                    }
                }
            }
        }
    }

    /// What the owner could not take at its edge goes to the nearest view around it that scrolls
    /// along that axis (and on from there, when that one transfers too).
    private func carryTransfers(from owner: Int, _ g: inout Gesture) {
        var from = owner
        while true {
            let view = entries[from].view
            let carried = view.nesting.transferred
            view.nesting.transferred = .zero
            guard carried != .zero else { return }
            var next: Int?
            for axis in Axis.allCases where carried[axis] != 0 {
                guard let ancestor = ancestor(of: from, scrolling: axis, in: g) else { continue }
                var translation = Point.zero
                translation[axis] = carried[axis] * g.placements[from].scale / g.placements[ancestor].scale
                entries[ancestor].view.send(.carriedDrag(translation))
                collect(ancestor)
                if !g.carrying.contains(ancestor) { g.carrying.append(ancestor) }
                next = ancestor
            }
            guard let n = next else { return }
            from = n
        }
    }

    /// The axes on which the view hands a drag beyond its edge on: those it is configured to
    /// transfer and along which a scroll view around it in the gesture can scroll (else it
    /// rubber-bands as usual).
    private func transferAxes(of i: Int, in g: Gesture) -> Set<Axis> {
        let c = entries[i].view.configuration
        var axes: Set<Axis> = []
        if c.transfersHorizontalScrollingToParent && ancestor(of: i, scrolling: .horizontal, in: g) != nil { axes.insert(.horizontal) }
        if c.transfersVerticalScrollingToParent && ancestor(of: i, scrolling: .vertical, in: g) != nil { axes.insert(.vertical) }
        return axes
    }

    private func ancestor(of i: Int, scrolling axis: Axis, in g: Gesture) -> Int? {
        guard let k = g.chain.firstIndex(of: i) else { return nil }
        return g.chain[..<k].last { j in
            let v = entries[j].view
            return v.configuration.isScrollEnabled && v.geometry.scrolls(axis)
        }
    }

    /// The gesture's last finger lifted (or was taken away): the views around the owner let go.
    /// Those carrying its drag release it with the fingers' velocity on the axes the owner left to
    /// them (it rests at its edge there).
    private func endParked(_ g: Gesture, cancelled: Bool = false) {
        guard let owner = g.owner else { return }
        let ownerView = entries[owner].view
        let finger = cancelled ? .zero : ownerView.fingerVelocityPerSecond
        let screenVelocity = finger * g.placements[owner].scale
        let geometry = ownerView.geometry
        for i in g.parked.reversed() {
            var velocity = Point.zero
            if g.carrying.contains(i) {
                for axis in Axis.allCases where ownerView.carriesOn(axis, offsetVelocity: -finger[axis], geometry) {
                    velocity[axis] = screenVelocity[axis] / g.placements[i].scale
                }
            }
            entries[i].view.endWatchedGesture(carriedVelocity: velocity)
            collect(i)
        }
    }

    /// Every finger is taken away (the device was unplugged).
    public func cancelAllTouches(at when: Timestamp) {
        advance(to: when)
        statusBarTouches.removeAll()
        swallowedTouches.removeAll()
        strayTouches.removeAll()
        guard var g = gesture else { return }
        gesture = nil
        for i in g.watching.reversed() {
            entries[i].view.cancelAllTouches(at: time)
            collect(i)
        }
        endParked(g, cancelled: true)
        for i in g.chain { entries[i].view.nesting.ancestorWasMoving = false }
        g.empty()
        recycledGesture = g
    }

    // MARK: - Keys and wheel

    /// Keyboard scrolling goes to the first top-level view (the first responder of the screen).
    public func handleKey(_ key: ScrollKey, at when: Timestamp) {
        advance(to: when)
        guard let first = roots.first else { return }
        entries[first].view.handleKey(key, at: time)
        collect(first)
    }

    /// A wheel (without a pointer position) scrolls the first top-level view.
    public func scrollWheel(delta: Point, at when: Timestamp) {
        advance(to: when)
        guard let first = roots.first else { return }
        entries[first].view.scrollWheel(delta: delta, at: time)
        collect(first)
    }

    // MARK: - Scroll to top

    /// The views a status-bar tap would scroll now: the visible ones whose scrollsToTop is on.
    public var scrollToTopCandidates: [String] {
        let placed = placements()
        return entries.indices.filter { entries[$0].view.configuration.scrollsToTop && placed[$0].isVisible }.map { entries[$0].id }
    }

    /// A tap on the status bar (or the same request from outside): the one visible view with
    /// scrollsToTop on is asked (scrollViewShouldScrollToTop) and scrolls; with none, or with two
    /// or more, nothing scrolls (UIKit's rule).
    public func scrollToTop(at when: Timestamp) {
        advance(to: when)
        statusBarTapped()
    }

    private func statusBarTapped() {
        let candidates = scrollToTopCandidates
        guard candidates.count == 1, let i = index[candidates[0]] else {
            if candidates.count > 1 {
                note("status-bar tap: \(candidates.count) visible scroll views have scrollsToTop on (\(candidates.joined(separator: ", "))); none scrolls")
            }
            return
        }
        entries[i].view.scrollToTop(at: time)
        collect(i)
    }
}

extension DelegateMessage {
    /// Whether the message says a pan or a pinch was recognised (the view that sent it owns the gesture).
    var beginsGesture: Bool {
        switch self {
        case .willBeginDragging, .willBeginZooming: true
        default: false
        }
    }

    /// Puts the touch points a view measured in its own coordinates on screen (a message without
    /// one is left as it is, without a copy).
    mutating func putOnScreen(_ placement: ScreenPlacement) {
        switch self {
        case .touchesBegan(var t): t.screenPoint = placement.screen(t.screenPoint); self = .touchesBegan(t)
        case .touchesMoved(var t): t.screenPoint = placement.screen(t.screenPoint); self = .touchesMoved(t)
        case .touchesEnded(var t): t.screenPoint = placement.screen(t.screenPoint); self = .touchesEnded(t)
        case .touchesCancelled(var t): t.screenPoint = placement.screen(t.screenPoint); self = .touchesCancelled(t)
        case .tap(var g): g.screenPoint = placement.screen(g.screenPoint); self = .tap(g)
        case .swipe(var g, let direction): g.screenPoint = placement.screen(g.screenPoint); self = .swipe(g, direction: direction)
        case .longPress(var g): g.screenPoint = placement.screen(g.screenPoint); self = .longPress(g)
        case .willBeginDragging, .didScroll, .willEndDragging, .didEndDragging, .willBeginDecelerating,
             .didEndDecelerating, .didEndScrollingAnimation, .shouldScrollToTop, .didScrollToTop,
             .willBeginZooming, .didZoom, .didEndZooming, .recentered, .motionStopped:
            return
        }
    }
}
