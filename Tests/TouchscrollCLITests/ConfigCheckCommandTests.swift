import Foundation
import XCTest

final class ConfigCheckCommandTests: XCTestCase {
    func testTheExampleConfigurationIsValid() throws {
        let result = try TouchscrollProcess.run(["config", "check", "config/example.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdoutLines.first, "config/example.yaml: valid")
        XCTAssertTrue(result.stdout.contains("screen: 1280×800 px\n"))
        XCTAssertTrue(result.stdout.contains("content views: 3 (1 control)\n"))
    }

    func testAnInvalidFileExitsTwoWithEveryProblemOnStandardError() throws {
        let path = try temporaryFile("""
        screen: { width: 1280, height: 800 }
        scrollView:
          contentInset: { top: abc }
          bounce: true
          minimumZoomScale: 2
        output: { frameRate: 0 }
        """)
        let result = try TouchscrollProcess.run(["config", "check", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
        \(path):3:24: scrollView.contentInset.top: expected a number, got "abc"
        \(path):4:3: scrollView.bounce: unknown key; did you mean "bounces"?
        \(path):5:21: scrollView.minimumZoomScale: 2 is greater than maximumZoomScale 1; expected minimumZoomScale ≤ maximumZoomScale
        \(path):6:22: output.frameRate: 0 is out of range: expected a frame rate from 1 to 1000 Hz

        """)
    }

    func testAMissingFileExitsTwo() throws {
        let result = try TouchscrollProcess.run(["config", "check", "/nonexistent/touchscroll.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "/nonexistent/touchscroll.yaml: cannot read the file: No such file or directory\n")
    }

    func testTheDefaultsArePrintedAsALoadableFile() throws {
        let defaults = try TouchscrollProcess.run(["config", "defaults"])
        XCTAssertEqual(defaults.status, 0)
        XCTAssertTrue(defaults.stdout.contains("  decelerationRate: normal\n"))
        let check = try TouchscrollProcess.run(["config", "check", try temporaryFile(defaults.stdout)])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testTheHelpDocumentsTheExitCodes() throws {
        let result = try TouchscrollProcess.run(["--help"])
        XCTAssertEqual(result.status, 0)
        for line in ["2   invalid configuration file", "3   unusable input", "64  invalid command line"] {
            XCTAssertTrue(result.stdout.contains(line), "--help lacks \(line)")
        }
    }
}

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryFile(_ text: String, suffix: String = ".yaml") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-\(UUID().uuidString)\(suffix)").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
