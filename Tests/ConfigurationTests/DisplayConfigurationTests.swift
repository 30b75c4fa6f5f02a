import Configuration
import ScrollEngine
import XCTest

/// The `display:` section and the scroll-indicator keys of `scrollView:`.
final class DisplayConfigurationTests: XCTestCase {
    func testNoDisplaySectionDrawsNothingAndTheIndicatorsHaveUIKitsDefaults() throws {
        let c = try ConfigurationLoader.load(yaml: "screen: { width: 800, height: 480 }\n")
        XCTAssertNil(c.display)
        XCTAssertTrue(c.indicators.showsVerticalScrollIndicator)
        XCTAssertTrue(c.indicators.showsHorizontalScrollIndicator)
        XCTAssertEqual(c.indicators.indicatorStyle, .default)
        XCTAssertEqual(c.indicators.verticalScrollIndicatorInsets, .zero)
        XCTAssertEqual(c.indicators.horizontalScrollIndicatorInsets, .zero)
        XCTAssertTrue(c.indicators.automaticallyAdjustsScrollIndicatorInsets)
    }

    func testEachOutputKey() throws {
        for (key, expected) in [("fb", DisplayConfiguration.Output.framebuffer("/dev/fb0")),
                                ("drm", .drm("/dev/fb0")), ("png", .png(directory: "/dev/fb0"))] {
            let c = try ConfigurationLoader.load(yaml: "display: { \(key): /dev/fb0 }\n")
            XCTAssertEqual(c.display, DisplayConfiguration(content: nil, pixelsPerPoint: 1, output: expected), key)
        }
        let c = try ConfigurationLoader.load(yaml: """
        display:
          content: /srv/kiosk/menu.png
          pixelsPerPoint: 2
          drm: /dev/dri/card1
        """)
        XCTAssertEqual(c.display, DisplayConfiguration(content: "/srv/kiosk/menu.png", pixelsPerPoint: 2, output: .drm("/dev/dri/card1")))
    }

    func testIndicatorKeys() throws {
        let c = try ConfigurationLoader.load(yaml: """
        scrollView:
          showsVerticalScrollIndicator: false
          showsHorizontalScrollIndicator: false
          indicatorStyle: white
          verticalScrollIndicatorInsets: { top: 10, bottom: 20 }
          horizontalScrollIndicatorInsets: { left: 5 }
          automaticallyAdjustsScrollIndicatorInsets: false
        """)
        XCTAssertFalse(c.indicators.showsVerticalScrollIndicator)
        XCTAssertFalse(c.indicators.showsHorizontalScrollIndicator)
        XCTAssertEqual(c.indicators.indicatorStyle, .white)
        XCTAssertEqual(c.indicators.verticalScrollIndicatorInsets, EdgeInsets(top: 10, bottom: 20))
        XCTAssertEqual(c.indicators.horizontalScrollIndicatorInsets, EdgeInsets(left: 5))
        XCTAssertFalse(c.indicators.automaticallyAdjustsScrollIndicatorInsets)
    }

    func testMistakesNameTheKeyPath() {
        XCTAssertEqual(errors("display: { fb: /dev/fb0, drm: /dev/dri/card0 }"),
                       ["line 1:31: display.drm: give exactly one of fb, drm and png; fb and drm are both set"])
        XCTAssertEqual(errors("display: { pixelsPerPoint: 0, png: out }"),
                       ["line 1:28: display.pixelsPerPoint: 0 is out of range: expected pixels per point > 0 and ≤ 64"])
        XCTAssertEqual(errors("display: { fb: /dev/fb0, scale: 2 }").count, 1)
        XCTAssertEqual(errors("scrollView: { indicatorStyle: grey }"),
                       [#"line 1:31: scrollView.indicatorStyle: expected one of default, black, white, got "grey""#])
    }

    func testTheDisplayAndIndicatorsRoundTripThroughYAML() throws {
        var c = TouchscrollConfiguration()
        c.display = DisplayConfiguration(content: "/srv/tiles", pixelsPerPoint: 2, output: .framebuffer("/dev/fb1"))
        c.indicators.indicatorStyle = .black
        c.indicators.verticalScrollIndicatorInsets = EdgeInsets(top: 3)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: ConfigurationYAMLWriter.yaml(for: c)), c)
    }

    private func errors(_ yaml: String) -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}

final class DisplayBlankAfterConfigurationTests: XCTestCase {
    func testBlankAfterIsPositiveSecondsAndAbsentMeansNever() throws {
        XCTAssertNil(try ConfigurationLoader.load(yaml: "display: { drm: /dev/dri/card0 }").display?.blankAfter)
        XCTAssertEqual(try ConfigurationLoader.load(yaml: "display: { drm: /dev/dri/card0, blankAfter: 300 }").display?.blankAfter, 300)
        do {
            _ = try ConfigurationLoader.load(yaml: "display:\n  blankAfter: 0\n", file: "k.yaml")
            XCTFail("0 is refused")
        } catch {
            XCTAssertEqual(error.errors.map(\.description), ["k.yaml:2:15: display.blankAfter: 0 is out of range: expected seconds > 0 and ≤ 1000000"])
        }
    }
}
