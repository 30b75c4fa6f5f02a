import ScrollEngine
import XCTest

/// FingerScript for a screen of several scroll views: the same finger verbs, in screen points,
/// against a `ScrollViewTree`.
final class TreeScript {
    let tree: ScrollViewTree
    private(set) var now: Timestamp
    var frameInterval: Double
    var sampleInterval: Double = 1.0 / 120
    private(set) var events: [DelegateEvent] = []
    private var fingers: [Int: Point] = [:]

    init(screen: Size = Size(width: 1280, height: 800), _ views: [ScrollViewTree.Node], statusBarHeight: Double? = nil,
         frameRate: Double = 60) throws {
        tree = try ScrollViewTree(screenSize: screen, views: views, statusBarHeight: statusBarHeight)
        now = .zero
        frameInterval = 1 / frameRate
    }

    func view(_ id: String) -> ScrollView { tree.view(id)! }
    func offset(_ id: String) -> Point { view(id).contentOffset }
    /// The messages one view sent, in order.
    func messages(of id: String) -> [String] { events.filter { $0.view == id }.map(\.message.name) }
    func clearEvents() { events.removeAll() }

    private func collect() { events += tree.drainEvents() }

    private func frame(_ samples: [TouchSample]) {
        tree.handle(TouchFrame(time: now, samples: samples))
        collect()
    }

    func touch(down p: Point, slot: Int = 0) {
        fingers[slot] = p
        frame([TouchSample(slot: TouchSlot(slot), phase: .down, location: p)])
    }

    func touch(down points: [Int: Point]) {
        for (slot, p) in points { fingers[slot] = p }
        frame(points.keys.sorted().map { TouchSample(slot: TouchSlot($0), phase: .down, location: points[$0]!) })
    }

    func move(_ targets: [Int: Point], over ms: Double) {
        let starts = fingers
        let steps = max(1, Int((ms / 1000 / sampleInterval).rounded()))
        let t0 = now
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            now = t0.adding(seconds: ms / 1000 * f)
            tick(to: now)
            var samples: [TouchSample] = []
            for slot in targets.keys.sorted() {
                let a = starts[slot]!, b = targets[slot]!
                let p = a + (b - a) * f
                fingers[slot] = p
                samples.append(TouchSample(slot: TouchSlot(slot), phase: .move, location: p))
            }
            frame(samples)
        }
    }

    func move(to p: Point, over ms: Double, slot: Int = 0) { move([slot: p], over: ms) }

    func lift(slot: Int = 0) {
        let p = fingers.removeValue(forKey: slot) ?? .zero
        frame([TouchSample(slot: TouchSlot(slot), phase: .up, location: p)])
    }

    func lift(slots: [Int]) {
        frame(slots.sorted().map { TouchSample(slot: TouchSlot($0), phase: .up, location: fingers.removeValue(forKey: $0) ?? .zero) })
    }

    func hold(ms: Double) { advance(ms: ms) }

    func advance(ms: Double) {
        let end = now.adding(seconds: ms / 1000)
        tick(to: end)
        now = end
        tree.advance(to: end)
        collect()
    }

    func settle(limit: Double = 30) {
        let end = now.adding(seconds: limit)
        while !tree.isAtRest && now < end {
            var next = now.adding(seconds: frameInterval)
            if let d = tree.nextTimerDeadline, d < next { next = d }
            now = next
            tree.advance(to: now)
            collect()
        }
    }

    private func tick(to end: Timestamp) {
        while true {
            var next: Timestamp? = tree.isAnimating ? now.adding(seconds: frameInterval) : nil
            if let d = tree.nextTimerDeadline, next == nil || d < next! { next = d }
            guard let n = next, n < end else { return }
            now = n
            tree.advance(to: now)
            collect()
        }
    }

    func statusBarTap() {
        tree.scrollToTop(at: now)
        collect()
    }

    func run(_ body: (ScrollViewTree, Timestamp) -> Void) {
        body(tree, now)
        collect()
    }
}

/// The screen: a 1280x800 vertical list with a paging carousel 300 pt high at y = 400 of
/// its content (5 pages of 1280 pt).
func listWithCarousel(list tweakList: (inout ScrollViewConfiguration) -> Void = { _ in },
                      carousel tweakCarousel: (inout ScrollViewConfiguration) -> Void = { _ in }) -> [ScrollViewTree.Node] {
    var carousel = ScrollViewConfiguration()
    carousel.contentSize = Size(width: 6400, height: 300)
    carousel.isPagingEnabled = true
    carousel.statusBarHeight = 0
    carousel.contentViews = [ContentView(id: "card0", frame: Rect(x: 40, y: 20, width: 1200, height: 260))]
    tweakCarousel(&carousel)
    let list = tallPage(tweakList)
    return [ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: list, children: [
        ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 400, width: 1280, height: 300), configuration: carousel),
    ])]
}
