import ScrollEngine
import XCTest

/// FingerScript for a screen of several scroll views: the same finger verbs, in screen points,
/// against a `ScrollViewTree`.
final class TreeScript: FingerVerbs {
    let tree: ScrollViewTree
    let clock: ScriptClock
    /// Animation frame interval, seconds. Setting it starts a new frame grid at the current time.
    var frameInterval: Double {
        get { clock.frameInterval }
        set { clock.frameInterval = newValue }
    }
    var sampleInterval: Double = 1.0 / 120
    private(set) var events: [DelegateEvent] = []
    var fingers: [Int: Point] = [:]

    init(screen: Size = Size(width: 1280, height: 800), _ views: [ScrollViewTree.Node], statusBarHeight: Double? = nil,
         frameRate: Double = 60) throws {
        tree = try ScrollViewTree(screenSize: screen, views: views, statusBarHeight: statusBarHeight)
        clock = ScriptClock(engine: tree, start: .zero, frameRate: frameRate)
        clock.onStep = { [unowned self] in self.collect() }
    }

    func view(_ id: String) -> ScrollView { tree.view(id)! }
    func offset(_ id: String) -> Point { view(id).contentOffset }
    /// The messages one view sent, in order.
    func messages(of id: String) -> [String] { events.filter { $0.view == id }.map(\.message.name) }
    func clearEvents() { events.removeAll() }

    private func collect() { events += tree.drainEvents() }

    /// Feeds touches at the current time, after every wakeup due before it.
    func frame(_ samples: [TouchSample]) {
        tree.handle(TouchFrame(time: clock.inputTime(), samples: samples))
        collect()
    }

    func statusBarTap() {
        run { tree, time in tree.scrollToTop(at: time) }
    }

    func run(_ body: (ScrollViewTree, Timestamp) -> Void) {
        body(tree, clock.inputTime())
        collect()
    }
}

/// The list-with-carousel screen: a 1280x800 vertical list with a paging carousel 300 pt high at y = 400 of
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
