import XCTest
import ScrollEngine
@testable import Renderer

/// The indicator rectangles against the formulas in IndicatorGeometry's documentation, with the
/// numbers worked out by hand (margin 3, thickness 3, minimum length 36, overscroll minimum 3).
final class IndicatorGeometryTests: XCTestCase {
    let bounds = Size(width: 1280, height: 800)

    func geometry(content: Size, offset: Point, inset: EdgeInsets = .zero, _ adjust: (inout IndicatorSettings) -> Void = { _ in }) -> IndicatorGeometry {
        var s = IndicatorSettings()
        adjust(&s)
        return IndicatorGeometry(boundsSize: bounds, contentSize: content, contentOffset: offset, adjustedContentInset: inset, settings: s)
    }

    func testATallPageHasOnlyAVerticalIndicatorAQuarterOfTheTrackLong() throws {
        let g = geometry(content: Size(width: 1280, height: 3200), offset: .zero)
        XCTAssertNil(g.indicatorRect(.horizontal), "content exactly as wide as the bounds: no horizontal indicator")
        // track 800 − 3 − 3 = 794; length 794 · 800/3200 = 198.5; x = 1280 − 3 − 3.
        XCTAssertEqual(g.indicatorRect(.vertical), Rect(x: 1274, y: 3, width: 3, height: 198.5))
    }

    func testAtTheBottomTheKnobEndsAtTheTrackEnd() {
        let g = geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: 2400))
        XCTAssertEqual(g.indicatorRect(.vertical), Rect(x: 1274, y: 3 + 794 - 198.5, width: 3, height: 198.5))
    }

    func testHalfwayTheKnobIsHalfwayAlongTheFreeTrack() {
        let g = geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: 1200))
        XCTAssertEqual(g.indicatorRect(.vertical)?.minY ?? 0, 3 + 0.5 * (794 - 198.5), accuracy: 1e-9)
    }

    func testOverscrollShrinksTheKnobDownToADot() {
        XCTAssertEqual(geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: -100)).indicatorRect(.vertical),
                       Rect(x: 1274, y: 3, width: 3, height: 98.5))
        XCTAssertEqual(geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: -1000)).indicatorRect(.vertical),
                       Rect(x: 1274, y: 3, width: 3, height: 3))
        // Past the bottom (max offset 2400) by 50: 148.5 long, pinned to the track end 797.
        XCTAssertEqual(geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: 2450)).indicatorRect(.vertical),
                       Rect(x: 1274, y: 797 - 148.5, width: 3, height: 148.5))
    }

    func testAVeryLongPageGetsTheMinimumLength() {
        XCTAssertEqual(geometry(content: Size(width: 1280, height: 80_000), offset: .zero).indicatorRect(.vertical)?.height, 36)
    }

    func testBothIndicatorsLeaveTheCornerFree() throws {
        let g = geometry(content: Size(width: 2560, height: 1600), offset: .zero)
        // Vertical track 800 − 6 − 6 = 788, half of it; horizontal track 1280 − 6 − 6 = 1268, half of it.
        XCTAssertEqual(g.indicatorRect(.vertical), Rect(x: 1274, y: 3, width: 3, height: 394))
        XCTAssertEqual(g.indicatorRect(.horizontal), Rect(x: 3, y: 794, width: 634, height: 3))
    }

    func testTheContentInsetInsetsTheIndicatorsByDefault() {
        let inset = EdgeInsets(top: 64, bottom: 20)
        let g = geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: -64), inset: inset)
        // track from 64 + 3 to 800 − 20 − 3: 710 long; visible 716/3200 of it.
        assertRect(g.indicatorRect(.vertical), Rect(x: 1274, y: 67, width: 3, height: 710 * 716 / 3200))
        let manual = geometry(content: Size(width: 1280, height: 3200), offset: Point(x: 0, y: -64), inset: inset) {
            $0.automaticallyAdjustsScrollIndicatorInsets = false
            $0.verticalScrollIndicatorInsets = EdgeInsets(top: 10, right: 7)
        }
        // Only the explicit insets: track from 13 to 797 (784 long), 7 further from the right edge.
        assertRect(manual.indicatorRect(.vertical), Rect(x: 1267, y: 13, width: 3, height: 784 * 716 / 3200))
    }

    func testTheShowFlagsHideEachAxis() {
        let g = geometry(content: Size(width: 2560, height: 1600), offset: .zero) { $0.showsVerticalScrollIndicator = false }
        XCTAssertNil(g.indicatorRect(.vertical))
        // With the vertical one hidden the horizontal track runs into the corner: 1274 long.
        XCTAssertEqual(g.indicatorRect(.horizontal), Rect(x: 3, y: 794, width: 637, height: 3))
    }

    func assertRect(_ actual: Rect?, _ expected: Rect, file: StaticString = #filePath, line: UInt = #line) {
        guard let actual else { return XCTFail("no indicator", file: file, line: line) }
        for (a, e) in [(actual.minX, expected.minX), (actual.minY, expected.minY), (actual.width, expected.width), (actual.height, expected.height)] {
            XCTAssertEqual(a, e, accuracy: 1e-9, "\(actual) vs \(expected)", file: file, line: line)
        }
    }
}
