import ScrollEngine
import XCTest

/// A script of what the fingers do, over a virtual clock — the test DSL.
///
///     let s = FingerScript(config)
///     s.touch(down: Point(x: 100, y: 600))
///     s.move(to: Point(x: 100, y: 300), over: 100)   // ms, sampled at the device rate
///     s.lift()
///     s.advance(ms: 2000)                            // animation frames at the frame rate
///     XCTAssertEqual(s.messages, [...])
final class FingerScript: FingerVerbs {
    let view: ScrollView
    let clock: ScriptClock
    /// Animation frame interval, seconds. Setting it starts a new frame grid at the current time.
    var frameInterval: Double {
        get { clock.frameInterval }
        set { clock.frameInterval = newValue }
    }
    var sampleInterval: Double = 1.0 / 120
    private(set) var events: [DelegateEvent] = []
    var fingers: [Int: Point] = [:]

    init(_ configuration: ScrollViewConfiguration, frameRate: Double = 60, start: Timestamp = .zero) {
        view = ScrollView(configuration: configuration, startTime: start)
        clock = ScriptClock(engine: view, start: start, frameRate: frameRate)
        clock.onStep = { [unowned self] in self.collect() }
    }

    var messages: [String] { events.map(\.message.name) }
    var offset: Point { view.contentOffset }
    var state: ScrollViewState { view.state }

    func clearEvents() { events.removeAll() }

    private func collect() { events += view.drainEvents() }

    /// Feeds touches at the current time, after every wakeup due before it.
    func frame(_ samples: [TouchSample]) {
        view.handle(TouchFrame(time: clock.inputTime(), samples: samples))
        collect()
    }

    /// Programmatic calls at the current time.
    func setContentOffset(_ p: Point, animated: Bool) {
        run { view, time in view.setContentOffset(p, animated: animated, at: time) }
    }

    func run(_ body: (ScrollView, Timestamp) -> Void) {
        body(view, clock.inputTime())
        collect()
    }
}

/// A tall page on a 1280x800 screen: 20000 pt of content, vertical scrolling only.
func tallPage(_ tweak: (inout ScrollViewConfiguration) -> Void = { _ in }) -> ScrollViewConfiguration {
    var c = ScrollViewConfiguration()
    c.boundsSize = Size(width: 1280, height: 800)
    c.contentSize = Size(width: 1280, height: 20000)
    c.statusBarHeight = 0
    tweak(&c)
    return c
}

func XCTAssertClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(a - b) <= tolerance, "\(a) is not within \(tolerance) of \(b). \(message)", file: file, line: line)
}
