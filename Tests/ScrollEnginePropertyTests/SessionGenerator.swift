import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// Random but reproducible sessions: a configuration drawn from the shapes kiosks use (small content, long
/// lists, paging, insets, zoom limits with a zoom view, the two deceleration rates, directional lock) and a
/// sequence of gestures with pauses of random length between them, so that fingers also land on content that
/// is still decelerating, bouncing, paging or zooming back, with programmatic calls mixed in.
enum SessionGenerator {
    static func session(seed: UInt64) -> GestureSession {
        var rng = SeededGenerator(seed: seed)
        let configuration = configuration(&rng)
        var gestures: [[TimedStep]] = []
        var now: Int64 = 0
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let steps = gesture(&rng, configuration: configuration, start: now)
            gestures.append(steps)
            now = (steps.last?.time.microseconds ?? now) + rng.pick([0, 8_000, 50_000, 150_000, 400_000, 1_000_000, 3_000_000])
        }
        return GestureSession(seed: seed, configuration: configuration, gestures: gestures)
    }

    static func configuration(_ rng: inout SeededGenerator) -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.boundsSize = rng.pick([Size(width: 1280, height: 800), Size(width: 800, height: 1280), Size(width: 320, height: 480)])
        let b = c.boundsSize
        c.contentSize = rng.pick([
            .zero, Size(width: b.width / 2, height: b.height / 2), b,
            Size(width: b.width, height: b.height * 1.3), Size(width: b.width, height: b.height * 25),
            Size(width: b.width * 5, height: b.height), Size(width: b.width * 3, height: b.height * 3),
        ])
        if rng.chance(0.4) { c.contentInset = EdgeInsets(top: rng.pick([0, 20, 64]), left: rng.pick([0, 10]), bottom: rng.pick([0, 44]), right: rng.pick([0, 10])) }
        if rng.chance(0.15) { c.safeAreaInsets = EdgeInsets(top: 24, bottom: 34) }
        c.bounces = rng.chance(0.85)
        c.bouncesHorizontally = rng.chance(0.9)
        c.bouncesVertically = rng.chance(0.9)
        c.alwaysBounceHorizontal = rng.chance(0.3)
        c.alwaysBounceVertical = rng.chance(0.4)
        c.isPagingEnabled = rng.chance(0.2)
        c.isDirectionalLockEnabled = rng.chance(0.3)
        c.decelerationRate = rng.pick([.normal, .fast, DecelerationRate(rawValue: 0.995), DecelerationRate(rawValue: 0.999)])
        c.scrollsToTop = rng.chance(0.8)
        if rng.chance(0.2) { c.contentAlignmentPoint = Point(x: 0.5, y: 0.5) }
        if rng.chance(0.4) {
            // A zoom view the size of the content (a photo), and limits around 1.
            let size = c.contentSize.width > 0 && c.contentSize.height > 0 ? c.contentSize : b
            c.contentViews.append(ContentView(id: "photo", frame: Rect(origin: .zero, size: size)))
            c.zoomView = "photo"
            c.minimumZoomScale = rng.pick([0.25, 0.5, 1])
            c.maximumZoomScale = rng.pick([1, 2, 4])
            if c.minimumZoomScale == c.maximumZoomScale { c.maximumZoomScale = 2 }
            c.zoomScale = rng.pick([c.minimumZoomScale, 1, c.maximumZoomScale])
            c.bouncesZoom = rng.chance(0.8)
            c.doubleTapZoom.enabled = rng.chance(0.3)
        }
        if rng.chance(0.3) { c.contentViews.append(ContentView(id: "button", frame: Rect(x: 40, y: 200, width: 200, height: 80), role: .control)) }
        if rng.chance(0.2) { c.longPress.enabled = true }
        if rng.chance(0.1) { c.edgeSwipe = .init(edge: rng.pick(ScrollViewConfiguration.EdgeSwipe.Edge.allCases), depth: 20) }
        c.delaysContentTouches = rng.chance(0.8)
        // Start somewhere in range (or on a page when paging).
        let geometry = ScrollGeometry(configuration: c, contentSize: c.zoomingContentView.map { $0.frame.size * c.zoomScale } ?? c.contentSize)
        var offset = Point.zero
        for axis in Axis.allCases {
            let range = geometry.range(axis)
            offset[axis] = rng.chance(0.5) ? range.lowerBound : Double.random(in: range, using: &rng).rounded()
            if c.isPagingEnabled, range.upperBound > range.lowerBound {
                offset[axis] = min(max((offset[axis] / b[axis]).rounded() * b[axis], range.lowerBound), range.upperBound)
            }
        }
        c.contentOffset = offset
        return c
    }

    /// One gesture or command starting at `start` (µs).
    static func gesture(_ rng: inout SeededGenerator, configuration c: ScrollViewConfiguration, start: Int64) -> [TimedStep] {
        let b = c.boundsSize
        let interval: Int64 = rng.pick([8_333, 16_667])
        func point() -> Point { Point(x: Double.random(in: 40...(b.width - 40), using: &rng).rounded(), y: Double.random(in: 60...(b.height - 40), using: &rng).rounded()) }
        var steps: [TimedStep] = []
        var t = start
        func frame(_ samples: [TouchSample]) {
            steps.append(TimedStep(time: Timestamp(microseconds: t), step: .touches(samples)))
            t += interval
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0...4:
            // One finger: a tap, a slow drag, a flick, a drag that stops and holds, a drag past an edge; lifted
            // or cancelled.
            var p = point()
            frame([TouchSample(slot: TouchSlot(0), phase: .down, location: p)])
            let speed = rng.pick([0.0, 0.2, 1, 3, 6]) * Double(interval) / 1000   // pt per frame
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let moves = Int.random(in: 0...30, using: &rng)
            for _ in 0..<moves {
                p = Point(x: p.x + speed * cos(angle), y: p.y + speed * sin(angle))
                frame([TouchSample(slot: TouchSlot(0), phase: .move, location: p)])
            }
            if rng.chance(0.3) { t += rng.pick([100_000, 300_000, 700_000]) }
            frame([TouchSample(slot: TouchSlot(0), phase: rng.chance(0.1) ? .cancel : .up, location: p)])
        case 5, 6:
            // Two fingers: a pinch (in or out) with a pan, lifted together or one after the other; sometimes a
            // drag first, then the second finger lands.
            var p0 = point(), p1 = point()
            if rng.chance(0.4) {
                frame([TouchSample(slot: TouchSlot(0), phase: .down, location: p0)])
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    p0.y -= 12
                    frame([TouchSample(slot: TouchSlot(0), phase: .move, location: p0)])
                }
                frame([TouchSample(slot: TouchSlot(1), phase: .down, location: p1)])
            } else {
                frame([TouchSample(slot: TouchSlot(0), phase: .down, location: p0), TouchSample(slot: TouchSlot(1), phase: .down, location: p1)])
            }
            let spread = rng.pick([-8.0, -3, 3, 8])
            let pan = Point(x: Double.random(in: -5...5, using: &rng).rounded(), y: Double.random(in: -5...5, using: &rng).rounded())
            for _ in 0..<Int.random(in: 0...25, using: &rng) {
                let mid = Point(x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2)
                let dx = p1.x - p0.x, dy = p1.y - p0.y
                let length = max((dx * dx + dy * dy).squareRoot(), 1)
                let grow = spread / length
                p0 = Point(x: p0.x - dx * grow / 2 + pan.x, y: p0.y - dy * grow / 2 + pan.y)
                p1 = Point(x: p1.x + dx * grow / 2 + pan.x, y: p1.y + dy * grow / 2 + pan.y)
                _ = mid
                frame([TouchSample(slot: TouchSlot(0), phase: .move, location: p0), TouchSample(slot: TouchSlot(1), phase: .move, location: p1)])
            }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                frame([TouchSample(slot: TouchSlot(0), phase: .up, location: p0), TouchSample(slot: TouchSlot(1), phase: .up, location: p1)])
            case 1:
                frame([TouchSample(slot: TouchSlot(1), phase: .up, location: p1)])
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    p0.x += 10
                    frame([TouchSample(slot: TouchSlot(0), phase: .move, location: p0)])
                }
                frame([TouchSample(slot: TouchSlot(0), phase: .up, location: p0)])
            default:
                frame([TouchSample(slot: TouchSlot(0), phase: .cancel, location: p0), TouchSample(slot: TouchSlot(1), phase: .cancel, location: p1)])
            }
        case 7:
            // Three fingers down and up in random order.
            let ps = [point(), point(), point()]
            for (i, p) in ps.enumerated() { frame([TouchSample(slot: TouchSlot(i), phase: .down, location: p)]) }
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                frame((0..<3).map { TouchSample(slot: TouchSlot($0), phase: .move, location: Point(x: ps[$0].x, y: ps[$0].y + 15)) })
            }
            for i in [0, 1, 2].shuffled(using: &rng) { frame([TouchSample(slot: TouchSlot(i), phase: .up, location: Point(x: ps[i].x, y: ps[i].y + 15))]) }
        case 8:
            // A tap on the status bar.
            let p = Point(x: b.width / 2, y: 5)
            frame([TouchSample(slot: TouchSlot(0), phase: .down, location: p)])
            frame([TouchSample(slot: TouchSlot(0), phase: .up, location: p)])
        case 9:
            steps.append(TimedStep(time: Timestamp(microseconds: t), step: rng.chance(0.5)
                ? .key(rng.pick(ScrollKey.allCases))
                : .wheel(Point(x: rng.pick([0, 0, 40, -40]), y: rng.pick([0, 40, -40, 120, -120])))))
        default:
            let size = c.contentSize
            let target = Point(x: Double.random(in: -200...(max(size.width, 1) + 200), using: &rng).rounded(),
                               y: Double.random(in: -200...(max(size.height, 1) + 200), using: &rng).rounded())
            let rect = Rect(origin: target, size: Size(width: rng.pick([1, 100, 600]), height: rng.pick([1, 100, 400])))
            let command: SessionStep = rng.pick([
                .setContentOffset(target, animated: rng.chance(0.5)),
                .scrollRectToVisible(rect, animated: rng.chance(0.5)),
                .setZoomScale(rng.pick([0.1, 0.5, 1, 1.7, 3, 10]), animated: rng.chance(0.5)),
                .zoomTo(rect, animated: rng.chance(0.5)),
                .stopScrollingAndZooming,
                .scrollToTop,
            ])
            steps.append(TimedStep(time: Timestamp(microseconds: t), step: command))
        }
        return steps
    }
}
