import Foundation
import XCTest

/// The inputs that crashed or hung `touchscroll` (found by fuzzing the binary), run through the
/// built executable: each exits with its documented code and names what is wrong, never a signal.
final class HostileInputCommandTests: XCTestCase {
    let flick = "recordings/scripts/flick.touches.jsonl"

    /// `replay --from nan` (or inf, 1e300) trapped converting to a Timestamp.
    func testTimeOptionsOutsideTheInputRangeExit64() throws {
        for value in ["nan", "inf", "-inf", "1e300", "-1", "1099511627777"] {
            let result = try TouchscrollProcess.run(["replay", "--from=\(value)", flick])
            XCTAssertEqual(result.status, 64, "--from \(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--from must be a number of seconds from 0 to 1099511627776"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        let to = try TouchscrollProcess.run(["replay", "--to", "nan", flick])
        XCTAssertEqual(to.status, 64, to.stderr)
        XCTAssertTrue(to.stderr.contains("--to must be a number of seconds"), to.stderr)
    }

    /// Configurations `config check` accepted that then trapped or hung replay.
    func testConfigurationsThatCrashedReplayAreRefusedByConfigCheckWithTheKeyPath() throws {
        let cases: [(String, String)] = [
            ("scrollView:\n  longPress: { enabled: true, minimumPressDuration: 1e15 }\n", "scrollView.longPress.minimumPressDuration"),
            ("scrollView:\n  contentOffset: { x: 1e300, y: -1e300 }\n", "scrollView.contentOffset.x"),
            ("scrollView:\n  contentInset: { top: -1e300, left: -1e300, bottom: -1e300, right: -1e300 }\n", "scrollView.contentInset.top"),
            ("scrollView:\n  contentSize: { width: 1.7976931348623157e308, height: 1.7976931348623157e308 }\n  maximumZoomScale: 4\n  zoomView: page\n"
                + "contentViews:\n  - { id: page, frame: { x: 0, y: 0, width: 1.7976931348623157e308, height: 100 } }\n", "scrollView.contentSize.width"),
        ]
        for (yaml, keyPath) in cases {
            let config = try temporaryFile(yaml)
            let check = try TouchscrollProcess.run(["config", "check", config])
            XCTAssertEqual(check.status, 2, "\(yaml)\n\(check.stderr)")
            XCTAssertTrue(check.stderr.contains("\(config):2:") && check.stderr.contains(keyPath), check.stderr)
            let replay = try TouchscrollProcess.run(["replay", "--config", config, flick])
            XCTAssertEqual(replay.status, 2, replay.stderr)
        }
    }

    func testATouchScriptCoordinateNear1e304OrATimeNearInt64MaxExitsThreeNamingTheLine() throws {
        let coordinate = try temporaryFile(#"{"t": 0, "slot": 0, "phase": "down", "x": 1e304, "y": 1}"# + "\n", suffix: ".touches.jsonl")
        let hang = try TouchscrollProcess.run(["replay", coordinate])
        XCTAssertEqual(hang.status, 3, hang.stderr)
        XCTAssertTrue(hang.stderr.contains("\(coordinate):1: expected \"x\" a coordinate between -1e7 and 1e7 px"), hang.stderr)

        let time = try temporaryFile(#"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 1}"# + "\n"
            + #"{"t": 9223372036854700000, "slot": 0, "phase": "up", "x": 1, "y": 1}"# + "\n", suffix: ".touches.jsonl")
        let trap = try TouchscrollProcess.run(["replay", time])
        XCTAssertEqual(trap.status, 3, trap.stderr)
        XCTAssertTrue(trap.stderr.contains("\(time):2: expected \"t\" in microseconds"), trap.stderr)
    }

    func testAnEvemuBitmapPastTheKernelsLimitExitsThreeAlsoThroughASplitDescription() throws {
        let bitmap = String(repeating: " ff", count: 8193)
        let whole = try temporaryFile("# EVEMU 1.3\nN: Big\nB: 00\(bitmap)\nE: 0.000000 0000 0000 0000\n", suffix: ".evemu")
        let result = try TouchscrollProcess.run(["replay", whole])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(whole):3: expected at most 96 bytes of B: bitmap"), result.stderr)

        let events = try temporaryFile("E: 0.000000 0000 0000 0000\n", suffix: ".events")
        let description = try temporaryFile("N: Big\nB: 03\(bitmap)\n", suffix: ".desc")
        let split = try TouchscrollProcess.run(["replay", "--desc", description, events])
        XCTAssertEqual(split.status, 3, split.stderr)
        XCTAssertTrue(split.stderr.contains("\(description):2: expected at most 96 bytes"), split.stderr)
    }

    func testALibinputRecordAliasBombAndAComplexKeyExitThree() throws {
        let head = "version: 1\nndevices: 1\ndevices:\n  - node: /dev/input/event5\n    evdev:\n      name: \"x\"\n      codes: {0: [0]}\n"
        var bomb = "    udev:\n      a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 { bomb += "      a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", "))]\n" }
        let events = "    events:\n      - evdev:\n        - [0, 0, 0, 0, 0]\n"
        let bombFile = try temporaryFile(head + bomb + events, suffix: ".yml")
        let result = try TouchscrollProcess.run(["replay", bombFile])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(bombFile):9: expected plain YAML as libinput record writes it, got a YAML anchor"), result.stderr)

        let complex = try temporaryFile(head + "    ? [a]\n    : 1\n" + events, suffix: ".yml")
        let trap = try TouchscrollProcess.run(["replay", complex])
        XCTAssertEqual(trap.status, 3, trap.stderr)
        XCTAssertTrue(trap.stderr.contains("\(complex):8: expected plain YAML"), trap.stderr)
    }
}
