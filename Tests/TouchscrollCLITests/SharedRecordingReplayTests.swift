import Foundation
import XCTest

/// Real recordings through the binary: the named real sessions from ../shared/recordings replay
/// with exit 0, a header, a settled stream of JSON lines, and no warnings about their format.
final class SharedRecordingReplayTests: XCTestCase {
    static let shared = TouchscrollProcess.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")

    func replay(_ relative: String) throws -> [[String: Any]] {
        let path = Self.shared.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) not found: these tests need ../shared/recordings beside the repo")
        }
        let result = try TouchscrollProcess.run(["replay", "--config", "config/example.yaml", path])
        XCTAssertEqual(result.status, 0, "\(relative): \(result.stderr)")
        var objects: [[String: Any]] = []
        for line in result.stdoutLines {
            let object = try JSONSerialization.jsonObject(with: Data(String(line).utf8))
            objects.append(try XCTUnwrap(object as? [String: Any], "not a JSON object: \(line)"))
        }
        XCTAssertEqual(objects.first?["message"] as? String, "header", relative)
        XCTAssertGreaterThan(objects.count, 10, "\(relative) produced a stream")
        let last = try XCTUnwrap(objects.last)
        for flag in ["tracking", "dragging", "decelerating", "scrollAnimating", "zooming", "zoomBouncing", "zoomAnimating"] {
            XCTAssertEqual(last[flag] as? Bool, false, "\(relative) ends at rest (\(flag))")
        }
        return objects
    }

    func testQuantaTwoSlots() throws { _ = try replay("hid-devices/quanta_0408_3008_0.ev") }

    func testEgalaxDifferentXYResolution() throws { _ = try replay("hid-devices/egalax-capacitive_0eef_790a_0.ev") }

    func testThe3MWithSixtySlotsAndAnEmptyPropertyBitmap() throws { _ = try replay("evemu-data/3m.event") }

    func testTheWacomDTH2242WithEpochTimestamps() throws {
        let objects = try replay("evemu-devices/tablets-finger/Wacom DTH2242 Finger.events")
        // EVEMU 1.1 epoch timestamps are normalised to the first event: times start near zero.
        let firstEventTime = try XCTUnwrap(objects.dropFirst().first?["t"] as? Int)
        XCTAssertLessThan(firstEventTime, 60_000_000)
    }
}
