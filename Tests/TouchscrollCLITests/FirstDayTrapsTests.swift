import Foundation
import XCTest

/// What a kiosk engineer meets in the first hour with the README: every trap says what is wrong and
/// what to do, before any work is wasted.
final class FirstDayTrapsTests: XCTestCase {
    let flick = "recordings/scripts/flick.touches.jsonl"
    /// A finger left down: replay warns that it cancelled it (shows that the replay ran).
    let fingerLeftDown = "{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 100, \"y\": 100}\n"

    func testAReplayWithoutAConfigurationSaysNothingCanMoveAndWhatToAdd() throws {
        let bare = try TouchscrollProcess.run(["replay", flick])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(bare.stderr.contains("touchscroll: warning: the content (scrollView.contentSize 0×0 pt) fits the 1280×800 screen"), bare.stderr)
        XCTAssertTrue(bare.stderr.contains("scrollView: { contentSize: { width: 1280, height: 4000 } }"), bare.stderr)
        let plot = try TouchscrollProcess.run(["plot", flick, "--out", "/dev/null"])
        XCTAssertTrue(plot.stderr.contains("no touch moves it"), plot.stderr)

        let configured = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick])
        XCTAssertEqual(configured.status, 0, configured.stderr)
        XCTAssertFalse(configured.stderr.contains("warning"), configured.stderr)
        XCTAssertTrue(configured.stdout.contains("scrollViewDidEndDecelerating"), "with the configuration the flick scrolls")
    }

    func testConfigCheckNotesTheSameTrap() throws {
        let yaml = FileManager.default.temporaryDirectory.appendingPathComponent("still-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: yaml) }
        try "screen: { width: 800, height: 480 }\n".write(to: yaml, atomically: true, encoding: .utf8)
        let check = try TouchscrollProcess.run(["config", "check", yaml.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("note: the content (scrollView.contentSize 0×0 pt) fits the 800×480 screen"), check.stdout)
    }

    func testAnUnwritablePlotOutputFailsBeforeTheReplayRuns() throws {
        let result = try TouchscrollProcess.run(["plot", "-", "--out", "/nonexistent/dir/session.svg"], stdin: fingerLeftDown)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write /nonexistent/dir/session.svg: No such file or directory"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cancelled"), "the replay must not have run: \(result.stderr)")
    }

    func testAnUnwritableScreenshotFailsBeforeAnyFrameIsDrawn() throws {
        let result = try TouchscrollProcess.run(["render", "-", "--screenshot", "/nonexistent/dir/shot.png"], stdin: fingerLeftDown)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent/dir/shot.png"), result.stderr)
        XCTAssertTrue(result.stderr.contains("No such file or directory"), result.stderr)
        XCTAssertFalse(result.stderr.contains("frame(s) drawn"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cancelled"), "the replay must not have run: \(result.stderr)")
    }

    func testAPNGDirectoryThatIsAFileFailsAtOnce() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-dir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let result = try TouchscrollProcess.run(["render", "-", "--png", file.path], stdin: fingerLeftDown)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("not a directory"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cancelled"), result.stderr)
    }

    func testAMissingFramebufferIsNotCalledAPermissionProblem() throws {
        let result = try TouchscrollProcess.run(["render", "-", "--fb", "/nonexistent/fb9"], stdin: fingerLeftDown)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no such device node"), result.stderr)
        XCTAssertFalse(result.stderr.contains("group video"), result.stderr)
    }
}
