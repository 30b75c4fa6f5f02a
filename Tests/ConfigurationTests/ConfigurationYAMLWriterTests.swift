import Configuration
import ScrollEngine
import XCTest

final class ConfigurationYAMLWriterTests: XCTestCase {
    func testTheDefaultsRoundTripThroughYAML() throws {
        let yaml = try ConfigurationYAMLWriter.yaml(for: .defaults)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: yaml), .defaults)
        for key in ConfigurationKeys.scrollView {
            XCTAssertTrue(yaml.contains("\n  \(key):"), "config defaults lacks scrollView.\(key)")
        }
    }

    func testAFullConfigurationRoundTrips() throws {
        var scrollView = ScrollViewConfiguration()
        scrollView.contentSize = Size(width: 1280, height: 20000)
        scrollView.decelerationRate = DecelerationRate(rawValue: 0.995)
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
        scrollView.zoomView = "map"
        scrollView.edgeSwipe = .init(edge: .left, depth: 20)
        scrollView.infiniteScrolling = .init(axis: .vertical, period: 5000)
        scrollView.contentViews = [ContentView(id: "map", frame: Rect(x: 0, y: 0, width: 1280, height: 20000), role: .plain, touchesShouldCancel: false)]
        let original = TouchscrollConfiguration(
            screen: ScreenConfiguration(width: 1024, height: 600, widthMM: 154.2, heightMM: 90.5, rotation: .threeQuarters),
            scrollView: scrollView,
            input: InputTransform(rotation: .half, flipX: false, flipY: true, calibration: [1, 0, 0.125, 0, 1, 0], touchOnly: true),
            output: OutputConfiguration(frameRate: 144)
        )
        let yaml = try ConfigurationYAMLWriter.yaml(for: original)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: yaml), original)
    }

    func testNotesPointAtSettingsThatDoNothing() throws {
        let c = try ConfigurationLoader.load(yaml: """
        scrollView: { contentSize: { width: 1280, height: 2000 }, zoomView: page, doubleTapZoom: { enabled: true }, edgeSwipe: { edge: left, depth: 2000 } }
        contentViews: [{ id: page, frame: { x: 0, y: 0, width: 1280, height: 2000 } }, { id: lost, frame: { x: 0, y: 5000, width: 10, height: 10 } }]
        """)
        XCTAssertEqual(ConfigurationNotes.notes(for: c), [
            "scrollView.zoomView is set but minimumZoomScale = maximumZoomScale (1): zooming is off",
            "scrollView.doubleTapZoom is enabled but zooming is off: double taps do nothing, yet single taps on content wait for them",
            "scrollView.edgeSwipe.depth 2000 covers the whole screen: every touch starts in the strip and nothing scrolls",
            #"contentViews "lost" lies outside the content (1280×2000): no touch can reach it"#,
        ])
        // UIKit's defaults (contentSize 0×0) leave nothing to scroll: said, with what to add.
        XCTAssertEqual(ConfigurationNotes.notes(for: try ConfigurationLoader.load(yaml: "")), [
            "the content (scrollView.contentSize 0×0 pt) fits the 1280×800 screen and zooming is off, so no touch moves it;"
                + " give a configuration with a larger content, e.g. `scrollView: { contentSize: { width: 1280, height: 4000 } }`"
                + " (--config config/example.yaml is one)",
        ])
        XCTAssertEqual(ConfigurationNotes.notes(for: try ConfigurationLoader.load(yaml: "scrollView: { alwaysBounceVertical: true }")), [],
                       "a rubber band on content that fits is a choice")
        XCTAssertEqual(ConfigurationNotes.notes(for: try ConfigurationLoader.load(yaml: "scrollView: { contentSize: { width: 1280, height: 801 } }")), [])
    }

    func testTheSummaryNamesWhatMatters() throws {
        let c = try ConfigurationLoader.load(yaml: """
        screen: { width: 1280, height: 800 }
        scrollView: { contentSize: { width: 1280, height: 20000 }, contentInset: { top: 64, bottom: 44 }, minimumZoomScale: 1, maximumZoomScale: 4, zoomView: page }
        contentViews: [{ id: page, frame: { x: 0, y: 0, width: 1280, height: 20000 } }, { id: buy, frame: { x: 0, y: 0, width: 10, height: 10 }, role: control }]
        """)
        XCTAssertEqual(ConfigurationSummary.text(for: c), """
        screen: 1280×800 px
        content: 1280×20000 pt, offset (0, 0)
        adjusted inset: top 64, left 0, bottom 44, right 0
        scrolling: enabled, bounces, deceleration normal
        zoom: 1…4 on "page", starting at 1, bounces
        content views: 2 (1 control)
        input: as reported
        frame rate: 60 Hz
        """)
    }
}
