import ScrollEngine
import XCTest

/// Seeded random one-finger sessions (drags in every direction, flicks, taps, holds, fingers that catch
/// moving content) on a screen of nested scroll views: a list holding a paging carousel and a notes box,
/// each of them transferring to the list or not. Each view's stream must keep the delegate grammar on its
/// own; at most one view drags (and the views around it that carry its drag), the views around it move
/// only when they carry its drag; every view comes to rest inside its range.
final class TreePropertyTests: XCTestCase {
    func testRandomSessionsOnNestedViewsKeepEveryViewsGrammar() throws {
        let sessions = 200
        var failures: [String] = []
        for seed in 0..<UInt64(sessions) {
            let problems = try run(seed: seed)
            if !problems.isEmpty { failures.append("seed \(seed): " + problems.prefix(3).joined(separator: "; ")) }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(sessions) sessions broke an invariant")
    }

    private func screen(_ rng: inout SeededGenerator) -> [ScrollViewTree.Node] {
        var list = ScrollViewConfiguration()
        list.contentSize = Size(width: 1280, height: 4000)
        list.statusBarHeight = 0
        list.decelerationRate = rng.pick([.normal, .fast])
        var carousel = ScrollViewConfiguration()
        carousel.contentSize = Size(width: 3840, height: 300)
        carousel.isPagingEnabled = rng.chance(0.7)
        carousel.transfersVerticalScrollingToParent = rng.chance(0.5)
        carousel.contentViews = [ContentView(id: "card", frame: Rect(x: 40, y: 20, width: 1200, height: 260), role: rng.chance(0.3) ? .control : .plain)]
        var notes = ScrollViewConfiguration()
        notes.contentSize = Size(width: 600, height: 1200)
        notes.transfersVerticalScrollingToParent = rng.chance(0.5)
        notes.bounces = rng.chance(0.8)
        return [ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: list, children: [
            ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 300, width: 1280, height: 300), configuration: carousel),
            ScrollViewTree.Node(id: "notes", frame: Rect(x: 200, y: 700, width: 600, height: 400), configuration: notes),
        ])]
    }

    private func run(seed: UInt64) throws -> [String] {
        var rng = SeededGenerator(seed: seed)
        let tree = try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: screen(&rng))
        var grammars: [String: MessageGrammar] = [:]
        var problems: [String] = []
        var now = Timestamp.zero
        let frame = 1.0 / 60

        func collect(_ context: String) {
            let states = Dictionary(uniqueKeysWithValues: tree.ids.map { ($0, tree.view($0)!.state) })
            let dragging = tree.ids.filter { states[$0]!.isDragging }
            // The owner of the drag is the innermost dragging view; any other dragging view carries its drag.
            let owners = dragging.filter { d in !dragging.contains { isAncestor(d, of: $0, tree) } }
            if owners.count > 1 { problems.append("\(context): \(owners) all drag") }
            let fingerDragging = owners
            for event in tree.drainEvents() {
                guard let id = event.view else { problems.append("\(context): \(event.message.name) names no view"); continue }
                if let problem = grammars[id, default: MessageGrammar()].accept(event) { problems.append("\(context) [\(id)]: \(problem)") }
                if case .didScroll = event.message, let owner = fingerDragging.first, owner != id,
                   isAncestor(id, of: owner, tree), !event.state.isDragging {
                    problems.append("\(context): \(id) moved while \(owner) dragged, without carrying its drag")
                }
            }
        }
        func advance(seconds: Double) {
            let end = now.adding(seconds: seconds)
            while true {
                var next = now.adding(seconds: frame)
                if let d = tree.nextTimerDeadline, d < next { next = d }
                guard next < end else { break }
                now = next
                tree.advance(to: now)
                collect("tick \(now.microseconds) µs")
            }
            now = end
            tree.advance(to: now)
            collect("at \(now.microseconds) µs")
        }
        func send(_ phase: TouchPhase, _ p: Point) {
            tree.handle(TouchFrame(time: now, samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: p)]))
            collect("\(phase.rawValue) at \(now.microseconds) µs (\(p.x), \(p.y))")
        }

        for _ in 0..<Int.random(in: 3...8, using: &rng) {
            let start = Point(x: Double.random(in: 20...1260, using: &rng).rounded(), y: Double.random(in: 20...780, using: &rng).rounded())
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let length: Double = rng.pick([0, 5, 30, 150, 400, 700])
            let duration = rng.pick([0.05, 0.1, 0.3, 0.6])
            send(.down, start)
            if rng.chance(0.3) { advance(seconds: rng.pick([0.1, 0.2, 0.6])) }
            let steps = max(1, Int(duration / (1.0 / 120)))
            var p = start
            for i in 1...steps where length > 0 {
                now = now.adding(seconds: duration / Double(steps))
                let f = Double(i) / Double(steps)
                p = Point(x: start.x + cos(angle) * length * f, y: start.y + sin(angle) * length * f)
                tree.advance(to: now)
                collect("tick \(now.microseconds) µs")
                send(.move, p)
            }
            if rng.chance(0.3) { advance(seconds: 0.2) }
            send(rng.chance(0.1) ? .cancel : .up, p)
            advance(seconds: rng.pick([0.05, 0.3, 1.5]))
        }
        advance(seconds: 30)
        if !tree.isAtRest { problems.append("still moving 30 s after the last input") }
        // As EnginePropertyTests holds a lone scroll view: inside the range within 1e-6 pt.
        let tolerance = 1e-6
        for id in tree.ids {
            let view = tree.view(id)!
            for axis in Axis.allCases {
                let r = view.geometry.range(axis), x = view.contentOffset[axis]
                if x < r.lowerBound - tolerance || x > r.upperBound + tolerance { problems.append("[\(id)] rests at \(axis) \(x) outside \(r)") }
            }
        }
        return problems
    }

    private func isAncestor(_ a: String, of b: String, _ tree: ScrollViewTree) -> Bool {
        var p = tree.parentID(of: b)
        while let id = p {
            if id == a { return true }
            p = tree.parentID(of: id)
        }
        return false
    }
}
