@testable import SessionPlot
import ScrollEngine
import XCTest

final class SessionPlotTests: XCTestCase {
    var configuration: ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.contentSize = Size(width: 1280, height: 2000)
        return c
    }

    func state(_ y: Double, decelerating: Bool = false, dragging: Bool = false) -> ScrollViewState {
        ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1, contentSize: Size(width: 1280, height: 2000), isTracking: dragging, isDragging: dragging, isDecelerating: decelerating)
    }

    func testABounceIsADecelerationOutsideTheScrollableRange() {
        let c = configuration
        XCTAssertEqual(SessionPhase.of(state(500, decelerating: true), in: c), .decelerating)
        XCTAssertEqual(SessionPhase.of(state(-20, decelerating: true), in: c), .bouncing)
        XCTAssertEqual(SessionPhase.of(state(1230, decelerating: true), in: c), .bouncing)
        XCTAssertEqual(SessionPhase.of(state(1200, decelerating: true), in: c), .decelerating)
        XCTAssertEqual(SessionPhase.of(state(-20, dragging: true), in: c), .dragging)
    }

    func testTouchPeriodsSpanDownToLastUp() {
        var trace = SessionTrace(configuration: configuration)
        let finger = { (t: Int64, slot: Int, phase: TouchPhase) in
            TouchFrame(time: Timestamp(microseconds: t), samples: [TouchSample(slot: TouchSlot(slot), phase: phase, location: .zero)])
        }
        trace.record(finger(0, 0, .down))
        trace.record(finger(50_000, 1, .down))
        trace.record(finger(80_000, 0, .up))
        trace.record(finger(100_000, 1, .up))
        trace.record(finger(300_000, 0, .down))
        trace.finish()
        XCTAssertEqual(trace.touchPeriods, [
            .init(start: .zero, end: Timestamp(microseconds: 100_000), fingers: 2),
            .init(start: Timestamp(microseconds: 300_000), end: Timestamp(microseconds: 300_000), fingers: 1),
        ])
    }

    func testThePlotIsAnSVGWithAxesLegendShadingAndBothCurves() throws {
        var trace = SessionTrace(configuration: configuration)
        trace.record(TouchFrame(time: .zero, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: .zero)]))
        trace.record(DelegateEvent(time: Timestamp(microseconds: 20_000), message: .didScroll, state: state(30, dragging: true)))
        trace.record(TouchFrame(time: Timestamp(microseconds: 100_000), samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: .zero)]))
        trace.record(DelegateEvent(time: Timestamp(microseconds: 500_000), message: .didEndDecelerating, state: state(400)))
        trace.finish()
        let svg = SessionPlotRenderer(title: "flick <test>").svg(for: trace)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertTrue(svg.contains("flick &lt;test&gt;"))
        XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3, "offset x, offset y, zoomScale")
        XCTAssertTrue(svg.contains("time (s)"))
        XCTAssertTrue(svg.contains("contentOffset (pt)"))
        XCTAssertTrue(svg.contains(">finger down<"))
        XCTAssertTrue(svg.contains("fill=\"\(SessionPhase.dragging.colour)\""))
        XCTAssertTrue(svg.contains("fill-opacity=\"0.25\""), "touch-down shading")
        XCTAssertEqual(svg, SessionPlotRenderer(title: "flick <test>").svg(for: trace), "same trace, same bytes")
    }

    func testSVGNumbersAndLabelsAreFixedText() {
        XCTAssertEqual(SVGDocument.number(12.345), "12.35")
        XCTAssertEqual(SVGDocument.number(-0.001), "0")
        XCTAssertEqual(SVGDocument.number(3.1), "3.1")
        XCTAssertEqual(SVGDocument.number(-2.05), "-2.05")
        XCTAssertEqual(AxisTicks.label(0.5, step: 0.5), "0.5")
        XCTAssertEqual(AxisTicks.label(1, step: 0.2), "1.0")
        XCTAssertEqual(AxisTicks.label(-200, step: 200), "-200")
    }

    func testNiceTicks() {
        XCTAssertEqual(AxisTicks.ticks(from: 0, to: 2.77, target: 10), [0, 0.5, 1, 1.5, 2, 2.5])
        XCTAssertEqual(AxisTicks.ticks(from: -64, to: 1134, target: 6), [0, 200, 400, 600, 800, 1000])
    }
}
