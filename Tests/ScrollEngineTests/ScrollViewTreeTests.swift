import ScrollEngine
import XCTest

/// The finger verbs both scripts share, so one script can run on a lone scroll view and on a tree.
protocol Fingers: AnyObject {
    func touch(down p: Point, slot: Int)
    func touch(down points: [Int: Point])
    func move(to p: Point, over ms: Double, slot: Int)
    func move(_ targets: [Int: Point], over ms: Double)
    func lift(slot: Int)
    func lift(slots: [Int])
    func hold(ms: Double)
    func settle(limit: Double)
}
extension FingerScript: Fingers {}
extension TreeScript: Fingers {}

final class ScrollViewTreeTests: XCTestCase {
    // MARK: One view

    /// A tree of one full-screen view gives the lone scroll view's messages, plus the view's id.
    func testAOneViewTreeBehavesExactlyAsTheScrollViewAlone() throws {
        var c = tallPage()
        c.statusBarHeight = 20
        c.contentViews = [ContentView(id: "button", frame: Rect(x: 100, y: 100, width: 200, height: 80), role: .control),
                          ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 1280, height: 20000))]
        c.zoomView = "photo"
        c.maximumZoomScale = 3
        c.longPress.enabled = true
        c.wakeTouch = .init(enabled: true, idleSeconds: 5)
        c.edgeSwipe = .init(edge: .left, depth: 20)
        func script(_ s: Fingers) {
            s.touch(down: Point(x: 600, y: 10), slot: 0)          // status bar (the first touch wakes instead)
            s.lift(slot: 0)
            s.hold(ms: 100)
            s.touch(down: Point(x: 600, y: 10), slot: 0)          // status bar tap
            s.lift(slot: 0)
            s.settle(limit: 2)
            s.touch(down: Point(x: 600, y: 700), slot: 0)         // flick
            s.move(to: Point(x: 600, y: 300), over: 120, slot: 0)
            s.lift(slot: 0)
            s.hold(ms: 300)
            s.touch(down: Point(x: 600, y: 600), slot: 0)         // stops the fling
            s.lift(slot: 0)
            s.settle(limit: 5)
            s.touch(down: Point(x: 10, y: 400), slot: 0)          // edge swipe
            s.move(to: Point(x: 200, y: 400), over: 100, slot: 0)
            s.lift(slot: 0)
            s.touch(down: Point(x: 500, y: 500), slot: 0)         // long press
            s.hold(ms: 700)
            s.lift(slot: 0)
            s.touch(down: [0: Point(x: 500, y: 400), 1: Point(x: 700, y: 400)])  // pinch
            s.move([0: Point(x: 400, y: 400), 1: Point(x: 800, y: 400)], over: 150)
            s.lift(slots: [0, 1])
            s.settle(limit: 5)
        }
        let lone = FingerScript(c)
        script(lone)
        let node = ScrollViewTree.Node(id: "main", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: c)
        let tree = try TreeScript([node])
        script(tree)
        XCTAssertGreaterThan(lone.events.count, 50)
        XCTAssertTrue(tree.events.allSatisfy { $0.view == "main" })
        let treeEvents = tree.events.map { var e = $0; e.view = nil; return e }
        XCTAssertEqual(treeEvents.count, lone.events.count)
        if let first = zip(treeEvents, lone.events).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("event \(first) differs: tree \(treeEvents[first]), lone \(lone.events[first])")
        }
        XCTAssertEqual(tree.offset("main"), lone.offset)
        for name in ["scrollViewShouldScrollToTop", "scrollViewDidScrollToTop", "touchscrollMotionStopped", "swipe", "longPress", "scrollViewDidZoom"] {
            XCTAssertTrue(lone.messages.contains(name), "the script exercises \(name)")
        }
    }

    // MARK: Hit testing

    /// The drivers' lent drain gives the messages the returning drain gives, in order, calls nothing
    /// when there are none, and loses none that arrive while it lends (a caller that touches the
    /// tree from inside).
    func testTheLentDrainGivesWhatTheReturningDrainGives() throws {
        func flick(_ tree: ScrollViewTree, lent: Bool) -> [[String]] {
            var batches: [[String]] = []
            func drain() {
                if lent {
                    tree.drainEvents { batches.append($0.map(\.message.name)) }
                } else {
                    let events = tree.drainEvents()
                    if !events.isEmpty { batches.append(events.map(\.message.name)) }
                }
            }
            let times = [0, 16_000, 32_000, 48_000]
            for (k, t) in times.enumerated() {
                let phase: TouchPhase = k == 0 ? .down : k == times.count - 1 ? .up : .move
                tree.handle(TouchFrame(time: Timestamp(microseconds: Int64(t)),
                                       samples: [TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 600, y: 700 - Double(k) * 100))]))
                drain()
                drain() // nothing new: no batch
            }
            for t in stride(from: 64_000, through: 20_000_000, by: 16_000) {
                tree.advance(to: Timestamp(microseconds: Int64(t)))
                drain()
            }
            return batches
        }
        let views = [ScrollViewTree.Node(id: "page", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: tallPage())]
        let returned = flick(try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: views), lent: false)
        let lent = flick(try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: views), lent: true)
        XCTAssertEqual(lent, returned)
        XCTAssertEqual(returned.first, ["scrollViewWillBeginDragging", "scrollViewDidScroll"])
        XCTAssertTrue(returned.joined().contains("scrollViewWillBeginDecelerating"), "\(returned)")
        XCTAssertEqual(returned.joined().last, "scrollViewDidEndDecelerating")
        XCTAssertFalse(returned.contains([]))

        // A message made while the tree lends its batch is kept for the next drain.
        let tree = try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: views)
        tree.handle(TouchFrame(time: .zero, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 600, y: 700))]))
        tree.handle(TouchFrame(time: Timestamp(microseconds: 16_000), samples: [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: 600, y: 600))]))
        var during: [String] = []
        tree.drainEvents { batch in
            during = batch.map(\.message.name)
            tree.handle(TouchFrame(time: Timestamp(microseconds: 32_000), samples: [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: 600, y: 500))]))
        }
        XCTAssertEqual(during.first, "scrollViewWillBeginDragging")
        XCTAssertEqual(tree.drainEvents().map(\.message.name), ["scrollViewDidScroll"])
    }

    func testHitTestingFollowsTheParentsOffsetAndIsClippedByItsFrame() throws {
        var nodes = listWithCarousel()
        nodes[0].frame = Rect(x: 0, y: 100, width: 1280, height: 700)
        let s = try TreeScript(nodes)
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 550)), ["list", "carousel"])   // carousel at 500..800
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 450)), ["list"])
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 50)), [])                      // above the list
        s.run { tree, now in tree.view("list")!.setContentOffset(Point(x: 0, y: 450), animated: false, at: now) }
        // The carousel's frame is now 50..350 on screen; the list's frame clips it to 100..350.
        XCTAssertEqual(s.tree.placement(of: "carousel")!.origin, Point(x: 0, y: 50))
        XCTAssertEqual(s.tree.placement(of: "carousel")!.clip, Rect(x: 0, y: 100, width: 1280, height: 250))
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 80)), [])
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 120)), ["list", "carousel"])
        XCTAssertEqual(s.tree.hitTest(Point(x: 600, y: 360)), ["list"])
    }

    func testHitTestingGoesThroughTheParentsZoom() throws {
        var photo = tallPage()
        photo.contentSize = Size(width: 1280, height: 800)
        photo.contentViews = [ContentView(id: "canvas", frame: Rect(x: 0, y: 0, width: 1280, height: 800))]
        photo.zoomView = "canvas"
        photo.maximumZoomScale = 4
        var inset = tallPage()
        inset.contentSize = Size(width: 100, height: 400)
        let s = try TreeScript([ScrollViewTree.Node(id: "photo", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: photo, children: [
            ScrollViewTree.Node(id: "inset", frame: Rect(x: 200, y: 100, width: 100, height: 100), configuration: inset),
        ])])
        s.run { tree, now in
            tree.view("photo")!.setZoomScale(2, animated: false, at: now)
            tree.view("photo")!.setContentOffset(Point(x: 300, y: 100), animated: false, at: now)
        }
        // At scale 2 and offset (300, 100) the inset's frame is at (100, 100) on screen, 200 pt square.
        let p = s.tree.placement(of: "inset")!
        XCTAssertEqual(p.origin, Point(x: 100, y: 100))
        XCTAssertEqual(p.scale, 2)
        XCTAssertEqual(p.clip, Rect(x: 100, y: 100, width: 200, height: 200))
        XCTAssertEqual(s.tree.hitTest(Point(x: 290, y: 290)), ["photo", "inset"])
        XCTAssertEqual(s.tree.hitTest(Point(x: 310, y: 290)), ["photo"])
    }

    // MARK: Nested drags

    func testAVerticalDragOnTheCarouselScrollsTheListOnly() throws {
        let s = try TreeScript(listWithCarousel())
        s.touch(down: Point(x: 600, y: 650))
        s.move(to: Point(x: 600, y: 350), over: 300)
        s.hold(ms: 200)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "carousel"), [])
        XCTAssertEqual(s.offset("carousel"), .zero)
        XCTAssertEqual(s.messages(of: "list").first, "scrollViewWillBeginDragging")
        XCTAssertEqual(Array(s.messages(of: "list").suffix(2)), ["scrollViewWillEndDragging", "scrollViewDidEndDragging"])
        // 300 pt of finger travel less the 10 pt pan distance, within 1 pt.
        XCTAssertClose(s.offset("list").y, 290, 1)
        XCTAssertEqual(s.offset("list").x, 0)
    }

    func testAHorizontalDragPagesTheCarouselOnly() throws {
        let s = try TreeScript(listWithCarousel())
        s.touch(down: Point(x: 1000, y: 550))
        s.move(to: Point(x: 500, y: 560), over: 200)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "list"), [])
        XCTAssertEqual(s.offset("list"), .zero)
        XCTAssertEqual(s.offset("carousel"), Point(x: 1280, y: 0))
        XCTAssertEqual(s.messages(of: "carousel").first, "scrollViewWillBeginDragging")
        XCTAssertEqual(s.messages(of: "carousel").last, "scrollViewDidEndDecelerating")
    }

    /// A diagonal drag is decided once: the carousel recognises first (its travel along x reaches
    /// 10 pt), and the list never moves, however far the finger then goes down.
    func testADiagonalDragIsDecidedOnceAtRecognition() throws {
        let s = try TreeScript(listWithCarousel())
        s.touch(down: Point(x: 600, y: 450))
        s.move(to: Point(x: 588, y: 462), over: 30)
        s.move(to: Point(x: 560, y: 690), over: 200)
        s.hold(ms: 200)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "list"), [])
        XCTAssertEqual(s.offset("list"), .zero)
        XCTAssertEqual(s.offset("carousel"), .zero, "back on its page after 40 pt")
        XCTAssertTrue(s.messages(of: "carousel").contains("scrollViewDidScroll"))
    }

    func testAFlingOfTheListIsStoppedByAFingerOnTheCarousel() throws {
        let s = try TreeScript(listWithCarousel())
        s.touch(down: Point(x: 600, y: 350))
        s.move(to: Point(x: 600, y: 150), over: 100)
        s.lift()
        s.hold(ms: 150)
        XCTAssertTrue(s.view("list").state.isDecelerating)
        let card = s.tree.placement(of: "carousel")!.clip
        XCTAssertGreaterThan(card.height, 100, "the carousel is on screen")
        s.clearEvents()
        s.touch(down: card.center)
        let stoppedAt = s.offset("list")
        XCTAssertEqual(s.events.map(\.message), [.motionStopped(reason: .touch)])
        XCTAssertEqual(s.events.first?.view, "list")
        s.hold(ms: 500)
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset("list"), stoppedAt)
        XCTAssertEqual(s.offset("carousel"), .zero)
        XCTAssertFalse(s.view("list").state.isDecelerating)
        XCTAssertFalse(s.messages(of: "carousel").contains("tap"), "the touch that stops the list taps nothing")
        XCTAssertFalse(s.messages(of: "list").contains("scrollViewDidScroll"))
    }

    /// A notes box (600 pt of scrolling) inside the list: a drag that reaches its bottom carries on
    /// in the list instead of rubber-banding, and ends where the fingers put it.
    func testADragThatReachesTheEdgeCarriesOnInTheParent() throws {
        func run(transfers: Bool) throws -> TreeScript {
            var notes = tallPage()
            notes.contentSize = Size(width: 600, height: 1000)
            notes.contentOffset = Point(x: 0, y: 400)
            notes.transfersVerticalScrollingToParent = transfers
            let s = try TreeScript([ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800),
                                                        configuration: tallPage(), children: [
                ScrollViewTree.Node(id: "notes", frame: Rect(x: 100, y: 200, width: 600, height: 400), configuration: notes),
            ])])
            s.touch(down: Point(x: 300, y: 580))
            s.move(to: Point(x: 300, y: 80), over: 500)
            s.hold(ms: 200)
            s.lift()
            s.settle()
            return s
        }
        let s = try run(transfers: true)
        let notesOffsets = s.events.filter { $0.view == "notes" }.map(\.state.contentOffset.y)
        XCTAssertLessThanOrEqual(notesOffsets.max() ?? 0, 600, "no rubber band at the bottom")
        XCTAssertEqual(s.offset("notes").y, 600)
        // 500 pt of travel: 10 pt of pan distance, 200 pt in the notes, 290 pt in the list.
        XCTAssertClose(s.offset("list").y, 290, 1)
        XCTAssertEqual(s.messages(of: "list").first, "scrollViewWillBeginDragging")
        XCTAssertEqual(Array(s.messages(of: "list").suffix(2)), ["scrollViewWillEndDragging", "scrollViewDidEndDragging"])

        let plain = try run(transfers: false)
        XCTAssertEqual(plain.messages(of: "list"), [], "off by default: the list does not move")
        XCTAssertGreaterThan(plain.events.filter { $0.view == "notes" }.map(\.state.contentOffset.y).max()!, 650, "rubber band")
        XCTAssertEqual(plain.offset("notes").y, 600)
    }

    /// A flick that leaves the notes box at its edge flings the list on; the box stays put.
    func testAFlickCarriedToTheParentFlingsTheParent() throws {
        var notes = tallPage()
        notes.contentSize = Size(width: 600, height: 1000)
        notes.contentOffset = Point(x: 0, y: 580)
        notes.transfersVerticalScrollingToParent = true
        let s = try TreeScript([ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800),
                                                    configuration: tallPage(), children: [
            ScrollViewTree.Node(id: "notes", frame: Rect(x: 100, y: 200, width: 600, height: 400), configuration: notes),
        ])])
        s.touch(down: Point(x: 300, y: 500))
        s.move(to: Point(x: 300, y: 300), over: 100)
        s.lift()
        let liftedAt = s.offset("list").y
        s.settle()
        XCTAssertEqual(s.offset("notes").y, 600)
        XCTAssertGreaterThan(s.offset("list").y, liftedAt + 500, "the list decelerates from the flick's speed")
        XCTAssertEqual(s.messages(of: "list").last, "scrollViewDidEndDecelerating")
        XCTAssertFalse(s.messages(of: "notes").contains("scrollViewWillBeginDecelerating"))
    }

    // MARK: Pinch

    /// A pager of zoomable photos: a pinch zooms the photo under the fingers; the pager stays.
    func testAPinchZoomsTheNestedZoomablePageOnly() throws {
        var pager = tallPage()
        pager.contentSize = Size(width: 3840, height: 800)
        pager.isPagingEnabled = true
        func page(_ i: Int) -> ScrollViewTree.Node {
            var c = tallPage()
            c.contentSize = Size(width: 1280, height: 800)
            c.contentViews = [ContentView(id: "photo\(i)", frame: Rect(x: 0, y: 0, width: 1280, height: 800))]
            c.zoomView = "photo\(i)"
            c.maximumZoomScale = 4
            return ScrollViewTree.Node(id: "page\(i)", frame: Rect(x: Double(i) * 1280, y: 0, width: 1280, height: 800), configuration: c)
        }
        let s = try TreeScript([ScrollViewTree.Node(id: "pager", frame: Rect(x: 0, y: 0, width: 1280, height: 800),
                                                    configuration: pager, children: [page(0), page(1), page(2)])])
        s.run { tree, now in tree.view("pager")!.setContentOffset(Point(x: 1280, y: 0), animated: false, at: now) }
        s.clearEvents()
        s.touch(down: [0: Point(x: 540, y: 400), 1: Point(x: 740, y: 400)])
        s.move([0: Point(x: 340, y: 400), 1: Point(x: 940, y: 400)], over: 200)
        XCTAssertClose(s.view("page1").zoomScale, 3, 1e-9)
        s.lift(slots: [0, 1])
        s.settle()
        XCTAssertClose(s.view("page1").zoomScale, 3, 1e-9)
        XCTAssertEqual(s.messages(of: "pager"), [])
        XCTAssertEqual(s.offset("pager"), Point(x: 1280, y: 0))
        XCTAssertEqual(s.view("page0").zoomScale, 1)
        XCTAssertEqual(s.messages(of: "page1").first, "scrollViewWillBeginZooming")
        XCTAssertEqual(s.messages(of: "page1").last, "scrollViewDidEndZooming")
    }

    // MARK: Scroll to top

    private func scrollToTopScreen(list: Bool, carousel: Bool) throws -> TreeScript {
        let s = try TreeScript(listWithCarousel(list: { $0.scrollsToTop = list }, carousel: { $0.scrollsToTop = carousel }))
        s.run { tree, now in
            tree.view("list")!.setContentOffset(Point(x: 0, y: 100), animated: false, at: now)
            tree.view("carousel")!.setContentOffset(Point(x: 1280, y: 0), animated: false, at: now)
        }
        s.clearEvents()
        return s
    }

    func testScrollToTopWithOneScrollsToTopView() throws {
        let s = try scrollToTopScreen(list: true, carousel: false)
        s.statusBarTap()
        s.settle()
        XCTAssertEqual(s.events.first?.message, .shouldScrollToTop(answer: true))
        XCTAssertEqual(s.events.first?.view, "list")
        XCTAssertEqual(s.messages(of: "list").last, "scrollViewDidScrollToTop")
        XCTAssertEqual(s.offset("list"), .zero)
        XCTAssertEqual(s.messages(of: "carousel"), [])
    }

    func testScrollToTopWithTwoVisibleScrollsToTopViewsScrollsNone() throws {
        let s = try scrollToTopScreen(list: true, carousel: true)
        XCTAssertEqual(s.tree.scrollToTopCandidates, ["list", "carousel"])
        s.statusBarTap()
        s.settle()
        XCTAssertEqual(s.events, [])
        XCTAssertEqual(s.offset("list"), Point(x: 0, y: 100))
        XCTAssertTrue(s.tree.drainDiagnostics().contains { $0.contains("none scrolls") })
    }

    func testScrollToTopWithNoScrollsToTopViewScrollsNone() throws {
        let s = try scrollToTopScreen(list: false, carousel: false)
        s.statusBarTap()
        s.settle()
        XCTAssertEqual(s.events, [])
        XCTAssertEqual(s.offset("list"), Point(x: 0, y: 100))
    }

    /// Only visible views count: with the carousel scrolled off screen, the list is the only one.
    func testAScrollsToTopViewOffScreenDoesNotCount() throws {
        let s = try scrollToTopScreen(list: true, carousel: true)
        s.run { tree, now in tree.view("list")!.setContentOffset(Point(x: 0, y: 3000), animated: false, at: now) }
        XCTAssertEqual(s.tree.scrollToTopCandidates, ["list"])
        s.clearEvents()
        s.statusBarTap()
        s.settle()
        XCTAssertEqual(s.offset("list"), .zero)
    }

    /// Samples the tree does not route (a slot that is not down) may sit anywhere in a frame: the
    /// views see the same fingers, and send the same messages, as without them.
    func testIgnoredSamplesInAFrameDoNotChangeWhatTheViewsSee() throws {
        let plain = try TreeScript(listWithCarousel())
        let noisy = try TreeScript(listWithCarousel())
        for (s, noise) in [(plain, false), (noisy, true)] {
            let ghost = TouchSample(slot: TouchSlot(9), phase: .move, location: Point(x: 10, y: 10))
            for step in 0...24 {
                let phase: TouchPhase = step == 0 ? .down : step == 24 ? .up : .move
                let y = 700 - Double(step) * 20
                let a = TouchSample(slot: TouchSlot(0), phase: phase, location: Point(x: 600, y: y))
                let b = TouchSample(slot: TouchSlot(1), phase: phase, location: Point(x: 700, y: y))
                s.frame(noise ? [ghost, a, ghost, b, ghost] : [a, b])
                s.advance(ms: 8)
            }
            s.settle()
        }
        XCTAssertEqual(plain.messages(of: "list").first, "scrollViewWillBeginDragging")
        XCTAssertEqual(noisy.events, plain.events)
        XCTAssertEqual(noisy.offset("list"), plain.offset("list"))
        XCTAssertTrue(noisy.tree.drainDiagnostics().contains { $0.contains("which is not down; ignored") })
    }

    /// The status-bar strip is the screen's: a nested view's own top strip is content.
    func testAStatusBarTapWithFingersReachesTheOneCandidate() throws {
        var nodes = scrollToTopNodes()
        nodes[0].configuration.statusBarHeight = 20
        let s = try TreeScript(nodes)
        s.run { tree, now in tree.view("list")!.setContentOffset(Point(x: 0, y: 100), animated: false, at: now) }
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 10))
        s.lift()
        s.settle()
        XCTAssertEqual(s.offset("list"), .zero)
        // A tap at the top of the carousel (its own y < 20) is a content tap there.
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 405))
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "carousel"), ["touchesBegan", "touchesEnded", "tap"])
    }

    private func scrollToTopNodes() -> [ScrollViewTree.Node] {
        listWithCarousel(carousel: { $0.scrollsToTop = false })
    }

    // MARK: Content touches

    func testATapOnTheCarouselsCardNamesTheCarouselAndTheScreenPoint() throws {
        let s = try TreeScript(listWithCarousel())
        s.run { tree, now in tree.view("list")!.setContentOffset(Point(x: 0, y: 100), animated: false, at: now) }
        s.clearEvents()
        s.touch(down: Point(x: 600, y: 450))
        s.hold(ms: 50)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "list"), [])
        XCTAssertEqual(s.messages(of: "carousel"), ["touchesBegan", "touchesEnded", "tap"])
        guard case .tap(let g) = s.events.last!.message else { return XCTFail() }
        XCTAssertEqual(g.view, "card0")
        XCTAssertEqual(g.screenPoint, Point(x: 600, y: 450))
        XCTAssertEqual(g.contentPoint, Point(x: 600, y: 150))   // carousel at 300 on screen
    }

    /// A card that is a control keeps its delivered finger: neither the carousel nor the list
    /// around it may take it (touchesShouldCancel answers false).
    func testAControlInTheCarouselKeepsItsFingerFromTheList() throws {
        let s = try TreeScript(listWithCarousel(carousel: { $0.contentViews[0].role = .control }))
        s.touch(down: Point(x: 600, y: 550))
        s.hold(ms: 200)                                       // delivered after 150 ms
        s.move(to: Point(x: 600, y: 350), over: 200)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "list"), [])
        XCTAssertEqual(s.offset("list"), .zero)
        XCTAssertEqual(s.messages(of: "carousel").first, "touchesBegan")
        XCTAssertEqual(s.messages(of: "carousel").last, "touchesEnded")
    }

    func testALongPressOnTheCarouselsCardIsTheCarousels() throws {
        let s = try TreeScript(listWithCarousel(carousel: { $0.longPress.enabled = true }))
        s.touch(down: Point(x: 700, y: 500))
        s.hold(ms: 600)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "list"), [])
        XCTAssertEqual(s.messages(of: "carousel"), ["touchesBegan", "longPress", "touchesEnded"])
        guard let press = s.events.first(where: { $0.message.name == "longPress" }), case .longPress(let g) = press.message else { return XCTFail() }
        XCTAssertEqual(g.view, "card0")
        XCTAssertEqual(g.screenPoint, Point(x: 700, y: 500))
    }

    /// An edge strip is the view's own edge: a swipe from the carousel's right edge is the carousel's
    /// swipe, and neither view scrolls.
    func testAnEdgeSwipeFromANestedViewsEdgeIsItsSwipe() throws {
        let s = try TreeScript(listWithCarousel(carousel: { $0.edgeSwipe = .init(edge: .right, depth: 30) }))
        s.touch(down: Point(x: 1270, y: 500))
        s.move(to: Point(x: 1000, y: 500), over: 100)
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "carousel"), ["swipe"])
        XCTAssertEqual(s.offset("carousel"), .zero)
        XCTAssertEqual(s.offset("list"), .zero)
        guard case .swipe(let g, let direction) = s.events.first(where: { $0.view == "carousel" })!.message else { return XCTFail() }
        XCTAssertEqual(direction, .left)
        XCTAssertEqual(g.screenPoint, Point(x: 1270, y: 500))
    }

    /// The wake touch is the screen's: after a long idle the first finger wakes the screen and
    /// reaches no view, wherever it lands.
    func testTheWakeTouchOnANestedViewReachesNoView() throws {
        let s = try TreeScript(listWithCarousel(list: { $0.wakeTouch = .init(enabled: true, idleSeconds: 10) },
                                                carousel: { $0.wakeTouch = .init(enabled: true, idleSeconds: 10) }))
        s.hold(ms: 11_000)
        s.touch(down: Point(x: 1000, y: 550))
        s.move(to: Point(x: 500, y: 550), over: 200)
        s.lift()
        s.settle()
        XCTAssertEqual(s.events, [])
        s.touch(down: Point(x: 600, y: 550))
        s.lift()
        s.settle()
        XCTAssertEqual(s.messages(of: "carousel"), ["touchesBegan", "touchesEnded", "tap"])
    }

    // MARK: Definition

    func testDuplicateIdsAreRejectedWithTheirPath() {
        var nodes = listWithCarousel()
        nodes[0].children.append(ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 0, width: 10, height: 10), configuration: tallPage()))
        XCTAssertThrowsError(try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: nodes)) { error in
            XCTAssertEqual(error as? ScrollViewTree.DefinitionError, .duplicateID("carousel", path: "scrollViews[list].scrollViews[carousel]"))
        }
    }
}
