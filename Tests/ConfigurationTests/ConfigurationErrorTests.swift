import Configuration
import ScrollEngine
import XCTest

/// Every error names the key path, the position, and what was expected.
final class ConfigurationErrorTests: XCTestCase {
    func testAWrongTypeNamesTheKeyPathAndPosition() {
        XCTAssertEqual(errors("""
        scrollView:
          contentInset: { top: abc, left: 0 }
        """, file: "kiosk.yaml"), [
            #"kiosk.yaml:2:24: scrollView.contentInset.top: expected a number, got "abc""#,
        ])
    }

    func testEveryProblemIsReportedNotOnlyTheFirst() {
        XCTAssertEqual(errors("""
        screen: { width: -5, height: 800 }
        scrollView:
          bounces: yes please
          statusBarHeight: -1
        output: { frameRate: 5000 }
        """), [
            "line 1:18: screen.width: -5 is out of range: expected a number of pixels > 0 and ≤ 32768",
            #"line 3:12: scrollView.bounces: expected true or false, got "yes please""#,
            "line 4:20: scrollView.statusBarHeight: -1 is out of range: expected a length from 0 to 1e7 points",
            "line 5:22: output.frameRate: 5000 is out of range: expected a frame rate from 1 to 1000 Hz",
        ])
    }

    func testUnknownKeysSuggestTheClosestKnownOne() {
        XCTAssertEqual(errors("""
        scrollView:
          bounce: true
          contentinset: { top: 0 }
          decelerationRat: fast
        """), [
            #"line 2:3: scrollView.bounce: unknown key; did you mean "bounces"?"#,
            #"line 3:3: scrollView.contentinset: unknown key; did you mean "contentInset"?"#,
            #"line 4:3: scrollView.decelerationRat: unknown key; did you mean "decelerationRate"?"#,
        ])
    }

    func testAnUnknownKeyFarFromEveryKnownOneListsThem() {
        XCTAssertEqual(errors("output: { colour: red }"), [
            "line 1:11: output.colour: unknown key; known keys: frameRate",
        ])
    }

    func testKeysThatAreNotConfigurableSayWhere() {
        XCTAssertEqual(errors("scrollView: { boundsSize: { width: 1, height: 1 } }"), [
            "line 1:15: scrollView.boundsSize: unknown key; the bounds are the screen: set screen.width and screen.height",
        ])
    }

    func testZoomLimitsMustBeOrdered() {
        XCTAssertEqual(errors("scrollView: { minimumZoomScale: 3, maximumZoomScale: 2 }"), [
            "line 1:33: scrollView.minimumZoomScale: 3 is greater than maximumZoomScale 2; expected minimumZoomScale ≤ maximumZoomScale",
        ])
        XCTAssertEqual(errors("scrollView: { minimumZoomScale: 1, maximumZoomScale: 2, zoomScale: 2.5 }"), [
            "line 1:68: scrollView.zoomScale: 2.5 is outside the zoom limits 1…2",
        ])
    }

    func testZoomViewMustNameAContentView() {
        XCTAssertEqual(errors("""
        scrollView: { zoomView: phot }
        contentViews:
          - { id: photo, frame: { x: 0, y: 0, width: 10, height: 10 } }
        """), [
            #"line 1:25: scrollView.zoomView: names no content view "phot" (contentViews are "photo"); did you mean "photo"?"#,
        ])
    }

    func testContentViewIDsAreUniqueAndFramesRequired() {
        XCTAssertEqual(errors("""
        contentViews:
          - { id: a, frame: { x: 0, y: 0, width: 10, height: 10 } }
          - { id: a, frame: { x: 0, y: 0, width: 10, height: 10 } }
          - { id: b }
          - { id: c, frame: { x: 0, y: 0, width: -1, height: 10 }, role: button }
        """), [
            #"line 3:11: contentViews[1].id: duplicate id "a" (also contentViews[0].id); ids must be unique"#,
            #"line 4:5: contentViews[2]: missing key "frame" ({x, y, width, height} in content points)"#,
            "line 5:42: contentViews[3].frame.width: -1 is out of range: expected a length from 0 to 1e7 points",
            #"line 5:66: contentViews[3].role: expected one of plain, control, got "button""#,
        ])
    }

    func testInfiniteScrollingNeedsTwoPeriodsOfContent() {
        XCTAssertEqual(errors("""
        scrollView:
          contentSize: { width: 1280, height: 3000 }
          infiniteScrolling: { axis: vertical, period: 2000 }
        """), [
            "line 3:48: scrollView.infiniteScrolling.period: 2000 is more than half of contentSize.height (3000); the content must hold at least two periods",
        ])
        XCTAssertEqual(errors("scrollView: { infiniteScrolling: { axis: diagonal, period: 10 } }"), [
            #"line 1:42: scrollView.infiniteScrolling.axis: expected one of horizontal, vertical, got "diagonal""#,
        ])
    }

    func testInputTransformChecks() {
        XCTAssertEqual(errors("input: { rotation: 45, calibration: [1, 0, 0] }"), [
            #"line 1:20: input.rotation: expected one of 0, 90, 180, 270, got "45""#,
            "line 1:37: input.calibration: expected 6 numbers [a, b, c, d, e, f] (libinput's calibration matrix), got 3",
        ])
    }

    /// `screen.rotation` is the mounting: it turns the touch transform back by the same turn, after
    /// the per-device `input.rotation`.
    func testScreenRotationIsAQuarterTurnThatTheTouchesFollow() throws {
        XCTAssertEqual(errors("screen: { rotation: 45 }"), [
            #"line 1:21: screen.rotation: expected one of 0, 90, 180, 270, got "45""#,
        ])
        let mounted = try ConfigurationLoader.load(yaml: "screen: { width: 800, height: 1280, rotation: 90 }\ninput: { rotation: 180, flipX: true }")
        XCTAssertEqual(mounted.screen.rotation, .quarter)
        XCTAssertEqual(mounted.scrollView.boundsSize, Size(width: 800, height: 1280), "the screen as the user sees it")
        XCTAssertEqual(mounted.touchTransform.rotation, .quarter, "180° then a quarter back")
        XCTAssertTrue(mounted.touchTransform.flipHorizontally)
        XCTAssertEqual(TouchscrollConfiguration.defaults.touchTransform, ScreenTransform.identity)
    }

    func testQuotedNumbersAreStrings() {
        XCTAssertEqual(errors(#"screen: { width: "1280" }"#), [
            #"line 1:18: screen.width: expected a number, got "1280""#,
        ])
    }

    func testSectionsMustBeMappings() {
        XCTAssertEqual(errors("scrollView: [1, 2]"), [
            "line 1:13: scrollView: expected a mapping with keys \(ConfigurationKeys.scrollView.joined(separator: ", ")), got a list",
        ])
    }

    func testSyntaxErrorsCarryThePosition() {
        let lines = errors("scrollView:\n  bounces: [true\n", file: "broken.yaml")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("broken.yaml:3:1: not valid YAML"), lines[0])
    }

    func testASizeOrFrameWithoutHeightIsAnErrorNotZero() {
        XCTAssertEqual(errors("""
        scrollView:
          contentSize: { width: 1280 }
        contentViews:
          - { id: page, frame: { x: 0, y: 0, height: 20 } }
        """, file: "kiosk.yaml"), [
            "kiosk.yaml:2:16: scrollView.contentSize.height: missing; a size needs both width and height, in points",
            "kiosk.yaml:4:24: contentViews[0].frame.width: missing; a frame needs width and height, in points (x and y default to 0)",
        ])
        XCTAssertEqual(errors("contentViews: [ { id: a, frame: { width: 10, height: 10 } } ]\n"), [],
                       "a frame's origin defaults to (0, 0)")
    }

    func testDuplicateKeysAreErrors() {
        let lines = errors("output: { frameRate: 30 }\noutput: { frameRate: 60 }\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains(#"duplicate key "output""#), lines[0])
    }

    private func errors(_ yaml: String, file: String? = nil) -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml, file: file)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}
