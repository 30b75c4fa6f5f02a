import Configuration
import ScrollEngine
import XCTest

final class ConfigurationLoaderTests: XCTestCase {
    /// The configuration shape documented as the public interface must load exactly as written.
    func testTheIssueExampleLoads() throws {
        let c = try ConfigurationLoader.load(yaml: """
        screen: { width: 1280, height: 800 }
        scrollView:
          contentSize: { width: 1280, height: 20000 }
          contentOffset: { x: 0, y: 0 }
          contentInset: { top: 64, left: 0, bottom: 44, right: 0 }
          bounces: true
          alwaysBounceVertical: false
          isPagingEnabled: false
          isDirectionalLockEnabled: false
          decelerationRate: normal
          scrollsToTop: true
          statusBarHeight: 20
        """)
        XCTAssertEqual(c.screen.size, Size(width: 1280, height: 800))
        XCTAssertEqual(c.scrollView.boundsSize, Size(width: 1280, height: 800))
        XCTAssertEqual(c.scrollView.contentSize, Size(width: 1280, height: 20000))
        XCTAssertEqual(c.scrollView.contentInset, EdgeInsets(top: 64, left: 0, bottom: 44, right: 0))
        XCTAssertEqual(c.scrollView.decelerationRate, .normal)
        XCTAssertEqual(c.scrollView.statusBarHeight, 20)
        XCTAssertEqual(c.output.frameRate, 60)
    }

    func testAnEmptyDocumentGivesTheDefaults() throws {
        XCTAssertEqual(try ConfigurationLoader.load(yaml: ""), TouchscrollConfiguration.defaults)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "# nothing but a comment\n"), TouchscrollConfiguration.defaults)
    }

    func testEveryScrollViewKeyIsRead() throws {
        let c = try ConfigurationLoader.load(yaml: """
        screen: { width: 800, height: 480, widthMM: 154, heightMM: 86 }
        scrollView:
          contentSize: { width: 2000, height: 3000 }
          contentOffset: { x: 10, y: 20 }
          contentInset: { top: 1, left: 2, bottom: 3, right: 4 }
          safeAreaInsets: { top: 5, left: 6, bottom: 7, right: 8 }
          isScrollEnabled: false
          bounces: false
          bouncesHorizontally: false
          bouncesVertically: false
          alwaysBounceHorizontal: true
          alwaysBounceVertical: true
          isPagingEnabled: true
          isDirectionalLockEnabled: true
          decelerationRate: 0.995
          scrollsToTop: false
          statusBarHeight: 24
          shouldScrollToTop: false
          allowsKeyboardScrolling: false
          minimumZoomScale: 0.5
          maximumZoomScale: 4
          zoomScale: 2
          bouncesZoom: false
          zoomView: photo
          contentAlignmentPoint: { x: 0.5, y: 0.5 }
          doubleTapZoom: { enabled: true, scale: 3 }
          infiniteScrolling: { axis: horizontal, period: 1000 }
          delaysContentTouches: false
          canCancelContentTouches: false
          edgeSwipe: { edge: bottom, depth: 75 }
          longPress: { enabled: true, minimumPressDuration: 0.8 }
          wakeTouch: { enabled: true, idleSeconds: 30 }
        contentViews:
          - { id: photo, frame: { x: 0, y: 0, width: 1000, height: 1500 } }
          - { id: buy, frame: { x: 40, y: 900, width: 200, height: 80 }, role: control, touchesShouldBegin: false, touchesShouldCancel: true }
        input: { rotation: 90, flipX: true, flipY: false, calibration: [1, 0, 0, 0, 1, 0.01], touchOnly: true }
        output: { frameRate: 120 }
        """)
        let s = c.scrollView
        XCTAssertEqual(c.screen, ScreenConfiguration(width: 800, height: 480, widthMM: 154, heightMM: 86))
        XCTAssertEqual(s.boundsSize, Size(width: 800, height: 480))
        XCTAssertEqual(s.contentOffset, Point(x: 10, y: 20))
        XCTAssertEqual(s.safeAreaInsets, EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        XCTAssertEqual(s.adjustedContentInset, EdgeInsets(top: 6, left: 8, bottom: 10, right: 12))
        XCTAssertEqual([s.isScrollEnabled, s.bounces, s.bouncesHorizontally, s.bouncesVertically], [false, false, false, false])
        XCTAssertEqual([s.alwaysBounceHorizontal, s.alwaysBounceVertical, s.isPagingEnabled, s.isDirectionalLockEnabled], [true, true, true, true])
        XCTAssertEqual(s.decelerationRate.rawValue, 0.995)
        XCTAssertEqual([s.scrollsToTop, s.shouldScrollToTop, s.allowsKeyboardScrolling, s.bouncesZoom], [false, false, false, false])
        XCTAssertEqual(s.statusBarHeight, 24)
        XCTAssertEqual([s.minimumZoomScale, s.maximumZoomScale, s.zoomScale], [0.5, 4, 2])
        XCTAssertEqual(s.zoomView, "photo")
        XCTAssertEqual(s.zoomingContentView?.id, "photo")
        XCTAssertEqual(s.contentAlignmentPoint, Point(x: 0.5, y: 0.5))
        XCTAssertEqual(s.doubleTapZoom, .init(enabled: true, scale: 3))
        XCTAssertEqual(s.infiniteScrolling, .init(axis: .horizontal, period: 1000))
        XCTAssertEqual([s.delaysContentTouches, s.canCancelContentTouches], [false, false])
        XCTAssertEqual(s.edgeSwipe, .init(edge: .bottom, depth: 75))
        XCTAssertEqual(s.longPress, .init(enabled: true, minimumPressDuration: 0.8))
        XCTAssertEqual(s.wakeTouch, .init(enabled: true, idleSeconds: 30))
        XCTAssertEqual(s.contentViews, [
            ContentView(id: "photo", frame: Rect(x: 0, y: 0, width: 1000, height: 1500)),
            ContentView(id: "buy", frame: Rect(x: 40, y: 900, width: 200, height: 80), role: .control, touchesShouldBegin: false, touchesShouldCancel: true),
        ])
        XCTAssertEqual(c.input, InputTransform(rotation: .quarter, flipX: true, flipY: false, calibration: [1, 0, 0, 0, 1, 0.01], touchOnly: true))
        XCTAssertEqual(c.output.frameRate, 120)
    }

    func testTouchOnlyIsOffByDefaultAndMustBeABoolean() throws {
        XCTAssertFalse(try ConfigurationLoader.load(yaml: "").input.touchOnly)
        XCTAssertTrue(try ConfigurationLoader.load(yaml: "input: { touchOnly: true }").input.touchOnly)
        XCTAssertEqual(try errors("input: { touchOnly: 1 }").count, 1)
        XCTAssertTrue(try errors("input: { touchOnly: 1 }")[0].hasPrefix("line 1:21: input.touchOnly: "))
    }

    func testDecelerationRateNamesAndNumbers() throws {
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "scrollView: { decelerationRate: fast }").scrollView.decelerationRate, .fast)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "scrollView: { decelerationRate: normal }").scrollView.decelerationRate, .normal)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "scrollView: { decelerationRate: 0.9 }").scrollView.decelerationRate.rawValue, 0.9)
        XCTAssertEqual(try errors("scrollView: { decelerationRate: 1 }"), [
            "line 1:33: scrollView.decelerationRate: 1 is out of range: expected normal, fast, or a number > 0 and ≤ 0.9999 per millisecond",
        ])
        XCTAssertEqual(try errors("scrollView: { decelerationRate: slow }"), [
            "line 1:33: scrollView.decelerationRate: expected normal, fast, or a number > 0 and ≤ 0.9999 per millisecond, got \"slow\"",
        ])
    }

    func testAnEmptySectionKeepsItsDefaults() throws {
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "screen:\nscrollView:\ncontentViews:\ninput:\noutput:\n"), .defaults)
    }

    func testNullClearsOptionalKeys() throws {
        let c = try ConfigurationLoader.load(yaml: "scrollView: { zoomView: ~, edgeSwipe: null }")
        XCTAssertNil(c.scrollView.zoomView)
        XCTAssertNil(c.scrollView.edgeSwipe)
    }

    func testAFileIsReadFromDisk() throws {
        let path = NSTemporaryDirectory() + "touchscroll-config-\(getpid()).yaml"
        try "output: { frameRate: 30 }\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(try ConfigurationLoader.load(contentsOfFile: path).output.frameRate, 30)
    }

    func testAMissingFileIsAnErrorNamingIt() {
        XCTAssertThrowsError(try ConfigurationLoader.load(contentsOfFile: "/nonexistent/touchscroll.yaml")) { error in
            XCTAssertEqual((error as? ConfigurationErrors)?.description, "/nonexistent/touchscroll.yaml: cannot read the file: No such file or directory")
        }
    }

    /// The error lines a document produces (file name left out, positions kept).
    func errors(_ yaml: String) throws -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}
