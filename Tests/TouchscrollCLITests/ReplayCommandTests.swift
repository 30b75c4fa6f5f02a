import Foundation
import XCTest

final class ReplayCommandTests: XCTestCase {
    let flick = "recordings/scripts/flick.touches.jsonl"

    func messages(_ result: TouchscrollProcess.Result) throws -> [[String: Any]] {
        try result.stdoutLines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    /// The message names with runs of scrollViewDidScroll collapsed to one `didScroll…`.
    func sequence(_ objects: [[String: Any]]) -> [String] {
        var names: [String] = []
        for object in objects {
            let name = object["message"] as! String
            if name == "scrollViewDidScroll", names.last == "didScroll…" { continue }
            names.append(name == "scrollViewDidScroll" ? "didScroll…" : name)
        }
        return names
    }

    /// A calibrated device recording gives whole touches as the recording does, so the replay feeds
    /// its frames as they are: the same stream as through a window that keeps its own table of the
    /// fingers and would mend them (`--from 0`, the whole input).
    func testACalibratedRecordingReplaysAsThroughAMendingWindow() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("calibrated-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try """
        screen: { width: 1280, height: 800 }
        scrollView:
          contentSize: { width: 12800, height: 200000 }
          contentOffset: { x: 5760, y: 100000 }
          alwaysBounceVertical: true
          alwaysBounceHorizontal: true
        input:
          calibration: [1.05, 0, -0.02, 0, 0.95, 0.03]
        """.write(to: scratch, atomically: true, encoding: .utf8)
        let recording = "recordings/evemu-devices/touchscreens/Atmel maXTouch Touchscreen.1-finger-drag-up-down.events"
        let plain = try TouchscrollProcess.run(["replay", "--config", scratch.path, recording])
        let windowed = try TouchscrollProcess.run(["replay", "--config", scratch.path, "--from", "0", recording])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(windowed.status, 0, windowed.stderr)
        let moved = plain.stdoutLines.filter { $0.contains("scrollViewDidScroll") }
        XCTAssertGreaterThan(moved.count, 20, "the drag scrolls")
        XCTAssertEqual(plain.stdoutLines.dropFirst(), windowed.stdoutLines.dropFirst())
        // The calibration is applied: the same recording uncalibrated scrolls elsewhere.
        let uncalibrated = try TouchscrollProcess.run(["replay", "--config", "bench/scrolling.yaml", recording])
        XCTAssertNotEqual(uncalibrated.stdoutLines.filter { $0.contains("scrollViewDidScroll") }, moved)
    }

    func testAFlickPrintsTheHeaderThenTheDelegateSequenceAndOnlyJSON() throws {
        let result = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let objects = try messages(result)
        XCTAssertEqual(objects.first?["message"] as? String, "header")
        XCTAssertEqual(objects.first?["schemaVersion"] as? Int, 2)
        XCTAssertTrue(objects.dropFirst().allSatisfy { $0["view"] as? String == "main" }, "every line names the one view")
        XCTAssertEqual(sequence(Array(objects.dropFirst())), [
            "scrollViewWillBeginDragging", "didScroll…", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
            "scrollViewWillBeginDecelerating", "didScroll…", "scrollViewDidEndDecelerating",
        ])
    }

    /// The bundled screen of nested scroll views (`make run` replays it last): the swipe across the
    /// carousel pages it to its second page and leaves the list alone; the flick that starts on the
    /// carousel scrolls the list and leaves the carousel where it is.
    func testTheListWithCarouselExamplePagesTheCarouselThenFlingsTheList() throws {
        let result = try TouchscrollProcess.run(["replay", "--config", "config/list-with-carousel.yaml", "recordings/scripts/list-with-carousel.touches.jsonl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let objects = try messages(result)
        let views = try XCTUnwrap(objects.first?["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["id"] as? String }, ["list", "carousel"])
        XCTAssertEqual(views.map { $0["parent"] as? String }, [nil, "list"])
        let lines = objects.dropFirst()
        let carousel = lines.filter { $0["view"] as? String == "carousel" }
        let list = lines.filter { $0["view"] as? String == "list" }
        XCTAssertEqual(carousel.count + list.count, lines.count, "every line names one of the two views")
        func offset(_ line: [String: Any]?) -> [String: Double]? { line?["contentOffset"] as? [String: Double] }
        XCTAssertEqual(offset(carousel.last), ["x": 1280, "y": 0])
        XCTAssertEqual(carousel.last?["message"] as? String, "scrollViewDidEndDecelerating")
        XCTAssertEqual(list.last?["message"] as? String, "scrollViewDidEndDecelerating")
        XCTAssertGreaterThan(offset(list.last)?["y"] ?? 0, 500)
        // The list starts moving only after the carousel came to rest: each gesture moved one view.
        let carouselEnd = try XCTUnwrap(carousel.last?["t"] as? Int)
        XCTAssertTrue(list.allSatisfy { ($0["t"] as? Int ?? 0) > carouselEnd })
    }

    /// `render` draws a screen of several scroll views (the pixels are checked by the daemon's
    /// ScreenDrawingTests): the example screen, as the README shows it, is written as a PNG.
    func testRenderDrawsAScreenOfSeveralScrollViews() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("list-with-carousel-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        let result = try TouchscrollProcess.run(["render", "--config", "config/list-with-carousel.yaml",
                                                  "recordings/scripts/list-with-carousel.touches.jsonl", "--screenshot", shot.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("frame(s) drawn"), result.stderr)
        let png = try Data(contentsOf: shot)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// A view's own content that cannot be read is an error naming the key that gave it.
    func testAMissingViewContentNamesItsKeyPath() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("missing-content-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: config) }
        var yaml = try String(contentsOf: TouchscrollProcess.packageRoot.appendingPathComponent("config/list-with-carousel.yaml"), encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "      - id: carousel\n", with: "      - id: carousel\n        content: /nonexistent/carousel.png\n")
        try yaml.write(to: config, atomically: true, encoding: .utf8)
        let result = try TouchscrollProcess.run(["render", "--config", config.path,
                                                  "recordings/scripts/list-with-carousel.touches.jsonl", "--screenshot", "/tmp/touchscroll-never.png"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent/carousel.png"), result.stderr)
        XCTAssertTrue(result.stderr.contains("scrollViews[list].scrollViews[carousel].content"), result.stderr)
    }

    /// With `TOUCHSCROLL_LOG_LEVEL=debug` the replay logs each of the engine's changes of phase on
    /// standard error (journald's `<7>` debug priority), in order; stdout is unchanged.
    func testADebugLogShowsEveryChangeOfPhase() throws {
        let quiet = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick])
        let debug = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick],
                                               environment: ["TOUCHSCROLL_LOG_LEVEL": "debug"], journal: true)
        XCTAssertEqual(debug.status, 0, debug.stderr)
        XCTAssertEqual(debug.stdout, quiet.stdout)
        let lines = debug.stderr.split(separator: "\n").filter { $0.hasPrefix("<7>touchscroll.engine: ") }
        XCTAssertEqual(lines, [
            "<7>touchscroll.engine: idle → touchDown → tracking time=0µs view=main",
            "<7>touchscroll.engine: tracking → touchesMoved → dragging time=16666µs view=main",
            "<7>touchscroll.engine: dragging → touchesLifted → decelerating time=116666µs view=main",
            "<7>touchscroll.engine: decelerating → tick → idle time=2766667µs view=main",
        ], debug.stderr)
    }

    /// The flick lands where the closed form says. The script moves 7 × 33.333 pt at 2 pt/ms
    /// from -64: the drag is recognised on the first frame, where the content moves 33.333 − 10 at
    /// once, so it lifts at 159.333 and rests where the speed falls under 0.01 pt/ms:
    /// 159.333 + (2 − 0.01) × 0.998 / 0.002.
    func testTheFlickLandsOnTheClosedFormTarget() throws {
        let objects = try messages(try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick]))
        let willEnd = try XCTUnwrap(objects.first { $0["message"] as? String == "scrollViewWillEndDragging" })
        let velocity = willEnd["velocity"] as! [String: Double]
        let target = willEnd["targetContentOffset"] as! [String: Double]
        XCTAssertEqual(velocity["y"]!, 2, accuracy: 0.01)
        let expected = -64 + 700.0 / 3 - 10 + (2 - 0.01) * 0.998 / 0.002
        XCTAssertEqual(target["y"]!, expected, accuracy: 0.5)
        let rest = (objects.last!["contentOffset"] as! [String: Double])["y"]!
        XCTAssertEqual(rest, target["y"]!)
    }

    func testStandardInputGivesTheSameBytesAsTheFile() throws {
        let script = try String(contentsOf: TouchscrollProcess.packageRoot.appendingPathComponent(flick), encoding: .utf8)
        let fromFile = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick])
        let fromStdin = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "-"], stdin: script)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, fromFile.stdout)
    }

    func testTheFrameRateChangesTheFramesNotTheLanding() throws {
        let at120 = try messages(try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "--frame-rate", "120", flick]))
        let at60 = try messages(try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", flick]))
        XCTAssertEqual(at120.first?["config"].flatMap { ($0 as? [String: Any])?["frameRate"] as? Int }, 120)
        XCTAssertGreaterThan(at120.count, at60.count)
        let rest = { (objects: [[String: Any]]) in (objects.last!["contentOffset"] as! [String: Double])["y"]! }
        XCTAssertEqual(rest(at120), rest(at60), accuracy: 0.01)
    }

    func testTeeTouchesWritesAScriptThatReplaysIdentically() throws {
        let tee = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-tee-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: tee) }
        let original = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "--tee-touches", tee, flick])
        XCTAssertEqual(original.status, 0, original.stderr)
        let again = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", tee])
        XCTAssertEqual(again.stdout, original.stdout)
    }

    func testTheWindowCutsTheInput() throws {
        let result = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "--to", "0.05", flick])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try messages(result)
        // Cancelled at 50 ms while dragging slowly: no fling follows.
        XCTAssertFalse(sequence(objects).contains("scrollViewWillBeginDecelerating"))
        XCTAssertLessThanOrEqual(objects.compactMap { $0["t"] as? Int }.max() ?? 0, 1_000_000)
    }

    func testRealtimeGivesTheSameStreamAsVirtualTime() throws {
        let script = "recordings/scripts/drag-and-hold.touches.jsonl"
        let virtual = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", script])
        let started = Date()
        let realtime = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "--realtime", script])
        XCTAssertEqual(realtime.status, 0, realtime.stderr)
        XCTAssertEqual(realtime.stdout, virtual.stdout)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.55, "paced by the 600 ms of recorded time")
    }

    func testAnInvalidConfigurationExitsTwo() throws {
        let result = try TouchscrollProcess.run(["replay", "--config", try temporaryFile("output: { frameRate: fast }\n"), flick])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("output.frameRate: expected a number, got \"fast\""), result.stderr)
    }

    func testUnusableInputExitsThreeNamingTheLine() throws {
        let script = try temporaryFile("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\nnot json\n", suffix: ".touches.jsonl")
        let result = try TouchscrollProcess.run(["replay", script])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("\(script):2:"), result.stderr)
        let missing = try TouchscrollProcess.run(["replay", "/nonexistent.touches.jsonl"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertEqual(missing.stdout, "")
    }

    /// A headerless evemu .events file on standard input, with its description given by --desc,
    /// replays exactly like the file whose .desc is found beside it by name.
    func testAnEvemuSessionOnStandardInputWithDesc() throws {
        let folder = "recordings/evemu-devices/touchscreens/"
        let events = folder + "Atmel maXTouch Touchscreen.1-finger-fast-taps.events"
        let config = "Tests/TouchscrollCLITests/Golden/golden-config.yaml"
        let fromFile = try TouchscrollProcess.run(["replay", "--config", config, events])
        let text = try String(contentsOf: TouchscrollProcess.packageRoot.appendingPathComponent(events), encoding: .utf8)
        let fromStdin = try TouchscrollProcess.run(["replay", "--config", config, "--desc", folder + "Atmel maXTouch Touchscreen.desc", "-"], stdin: text)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, fromFile.stdout)
        // Touch delivery: over a content view covering the screen, one tap per touch and no scrolling.
        let messages = try self.messages(fromStdin).compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.filter { $0 == "tap" }.count, 9)
        XCTAssertFalse(messages.contains("scrollViewDidScroll"))
    }

    func testATouchpadIsRefusedUnlessIndirectIsAllowed() throws {
        let touchpad = "recordings/evemu-devices/tablets-finger/Wacom Bamboo 16FG 4x5 Finger double-center-scroll.events"
        let refused = try TouchscrollProcess.run(["replay", touchpad])
        XCTAssertEqual(refused.status, 3)
        XCTAssertTrue(refused.stderr.contains("is a touchpad"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--allow-indirect"), refused.stderr)
        let allowed = try TouchscrollProcess.run(["replay", "--allow-indirect", touchpad])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertGreaterThan(allowed.stdoutLines.count, 1)
    }

    /// `touchscroll replay …` is parsed by the replay command alone when it is a plain replay (start-up
    /// cost); everything else falls back to the whole command tree. Help, version, completion
    /// scripts and usage errors must read exactly as the tree's.
    func testReplayAnswersHelpVersionAndErrorsAsTheWholeTree() throws {
        let help = try TouchscrollProcess.run(["replay", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stdout, try TouchscrollProcess.run(["help", "replay"]).stdout)
        XCTAssertTrue(help.stdout.contains("USAGE: touchscroll replay <file>"), help.stdout)
        XCTAssertEqual(try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", "-h"]).stdout, help.stdout)

        let version = try TouchscrollProcess.run(["replay", "--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, try TouchscrollProcess.run(["--version"]).stdout)

        let completion = try TouchscrollProcess.run(["replay", "--generate-completion-script", "bash"])
        XCTAssertEqual(completion.status, 0)
        XCTAssertEqual(completion.stdout, try TouchscrollProcess.run(["--generate-completion-script", "bash"]).stdout)

        let invalid = try TouchscrollProcess.run(["replay", "--frame-rate", "0", flick])
        XCTAssertEqual(invalid.status, 64)
        XCTAssertEqual(invalid.stdout, "")
        XCTAssertTrue(invalid.stderr.hasPrefix("Error: --frame-rate must be from 1 to 1000 Hz, got 0.0\nUsage: touchscroll replay <file> "), invalid.stderr)
        XCTAssertTrue(invalid.stderr.hasSuffix("  See 'touchscroll replay --help' for more information.\n"), invalid.stderr)

        let unknown = try TouchscrollProcess.run(["replay", "--no-such-option", flick])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '--no-such-option'\nUsage: touchscroll replay <file> "), unknown.stderr)
    }

    func testBadOptionsExitSixtyFour() throws {
        XCTAssertEqual(try TouchscrollProcess.run(["replay", "--frame-rate", "0", flick]).status, 64)
        XCTAssertEqual(try TouchscrollProcess.run(["replay", "--from", "2", "--to", "1", flick]).status, 64)
        XCTAssertEqual(try TouchscrollProcess.run(["replay", "--no-such-option", flick]).status, 64)
    }
}
