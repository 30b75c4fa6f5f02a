import Configuration
import Foundation
import XCTest

/// Configurations that passed `config check` and then trapped or hung replay (or the daemon after
/// SIGHUP): each value outside the documented ranges is now an error with its key path.
final class ConfigurationRangeTests: XCTestCase {
    func testALongPressDurationPastAMillionSecondsIsRefused() {
        XCTAssertEqual(errors("scrollView:\n  longPress: { enabled: true, minimumPressDuration: 1e15 }\n"), [
            "line 2:53: scrollView.longPress.minimumPressDuration: 1000000000000000.0 is out of range: expected seconds > 0 and ≤ 1000000",
        ])
        XCTAssertEqual(errors("scrollView:\n  wakeTouch: { idleSeconds: 1e300 }\n"), [
            "line 2:29: scrollView.wakeTouch.idleSeconds: 1e+300 is out of range: expected seconds from 0 to 1000000",
        ])
    }

    func testOffsetsAndInsetsPastTenMillionPointsAreRefused() {
        XCTAssertEqual(errors("""
        scrollView:
          contentOffset: { x: 1e300, y: -1e300 }
          contentInset: { top: -1e300, left: 0, bottom: -1e300, right: 0 }
          safeAreaInsets: { top: 10000001 }
        """), [
            "line 2:23: scrollView.contentOffset.x: 1e+300 is out of range: expected a coordinate from -1e7 to 1e7 points",
            "line 2:33: scrollView.contentOffset.y: -1e+300 is out of range: expected a coordinate from -1e7 to 1e7 points",
            "line 3:24: scrollView.contentInset.top: -1e+300 is out of range: expected a coordinate from -1e7 to 1e7 points",
            "line 3:49: scrollView.contentInset.bottom: -1e+300 is out of range: expected a coordinate from -1e7 to 1e7 points",
            "line 4:26: scrollView.safeAreaInsets.top: 10000001 is out of range: expected a coordinate from -1e7 to 1e7 points",
        ])
    }

    /// DBL_MAX sizes with zoom made the engine's sizes infinite (`null` in the stream).
    func testHugeSizesAndZoomScalesAreRefused() {
        XCTAssertEqual(errors("""
        scrollView:
          contentSize: { width: 1.7976931348623157e308, height: 800 }
          maximumZoomScale: 1e6
          zoomView: page
        contentViews:
          - { id: page, frame: { x: 0, y: 0, width: 1.7976931348623157e308, height: 1e8 } }
        """), [
            "line 2:25: scrollView.contentSize.width: 1.7976931348623157e+308 is out of range: expected a length from 0 to 1e7 points",
            "line 3:21: scrollView.maximumZoomScale: 1000000 is out of range: expected a zoom scale from 0.001 to 1000",
            "line 6:45: contentViews[0].frame.width: 1.7976931348623157e+308 is out of range: expected a length from 0 to 1e7 points",
            "line 6:77: contentViews[0].frame.height: 100000000 is out of range: expected a length from 0 to 1e7 points",
        ])
    }

    func testRatesScreensAndCalibrationHaveLimitsToo() {
        XCTAssertEqual(errors("""
        screen: { width: 1e9 }
        scrollView: { decelerationRate: 0.99999999 }
        input: { calibration: [1, 0, 0, 0, 1, 1e300] }
        """), [
            "line 1:18: screen.width: 1000000000 is out of range: expected a number of pixels > 0 and ≤ 32768",
            "line 2:33: scrollView.decelerationRate: 0.99999999 is out of range: expected normal, fast, or a number > 0 and ≤ 0.9999 per millisecond",
            "line 3:39: input.calibration[5]: 1e+300 is out of range: expected a number from -1000 to 1000",
        ])
    }

    func testTheEdgesOfTheRangesAreAccepted() throws {
        let configuration = try ConfigurationLoader.load(yaml: """
        screen: { width: 32768, height: 1 }
        scrollView:
          contentSize: { width: 1e7, height: 0 }
          contentOffset: { x: -1e7, y: 1e7 }
          contentInset: { top: -1e7, bottom: 1e7 }
          minimumZoomScale: 0.001
          maximumZoomScale: 1000
          decelerationRate: 0.9999
          longPress: { minimumPressDuration: 1e6 }
        """)
        XCTAssertEqual(configuration.scrollView.contentSize.width, 1e7)
        XCTAssertEqual(configuration.scrollView.longPress.minimumPressDuration, 1e6)
    }

    /// 831 bytes of nested aliases grow to gigabytes; a complex key names no key path.
    func testAnchorsAliasesComplexKeysAndTagsAreRefusedBeforeLibyamlParses() {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            bomb += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", "))]\n"
        }
        XCTAssertEqual(errors(bomb, file: "bomb.yaml"), ["bomb.yaml:1:5: not accepted: a YAML anchor (&); anchors and aliases are not accepted"])
        XCTAssertEqual(errors("? [a]\n: 1\n"), ["line 1:1: not accepted: a YAML complex key (?); only plain keys are accepted"])
        XCTAssertEqual(errors("{[a]: 1}\n"), ["line 1:5: not accepted: a collection used as a mapping key (a complex key); only plain keys are accepted"])
        XCTAssertEqual(errors("scrollView: !!map {}\n"), ["line 1:13: not accepted: a YAML tag (!); tags are not accepted"])
        XCTAssertEqual(errors(String(repeating: "[", count: 5000)).first, "line 1:129: not accepted: nesting deeper than 128 levels")
        XCTAssertEqual(errors("--- &top\nscrollView: *top\n"), ["line 1:5: not accepted: a YAML anchor (&); anchors and aliases are not accepted"])
        // Indicator characters inside scalars, quotes and comments are plain text.
        XCTAssertEqual(errors("contentViews:\n  - { id: \"a & *b\", frame: { x: 0, y: 0, width: 1, height: 1 } }  # & * ? !\n  - id: 'it''s *x*'\n    frame: { x: 0, y: 0, width: 1, height: 1 }\n"), [])
    }

    func testSpecialFilesAreReadBoundedOrRefused() throws {
        let zero = errors(path: "/dev/zero")
        XCTAssertEqual(zero, ["/dev/zero: the file is larger than 1048576 bytes; not a configuration"])
        let directory = NSTemporaryDirectory()
        XCTAssertEqual(errors(path: directory), ["\(directory): cannot read the file (is it a directory?)"])
        // A FIFO nobody writes to reads as empty (the defaults) instead of blocking for ever.
        let fifo = directory + "/touchscroll-config-fifo-\(getpid())"
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertEqual(try ConfigurationLoader.load(contentsOfFile: fifo), TouchscrollConfiguration())
    }

    private func errors(_ yaml: String, file: String? = nil) -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml, file: file)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func errors(path: String) -> [String] {
        do {
            _ = try ConfigurationLoader.load(contentsOfFile: path)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}
