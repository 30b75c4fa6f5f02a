import Foundation
import XCTest
@testable import Recordings

/// What `touchscroll record --format libinput` writes must be accepted by libinput's own `libinput replay`:
/// Tests/Tools/libinput-replay-accepts.py runs that tool's parsing code on the file (only the uinput device
/// and udev lookups are replaced, the host has no /dev/uinput; the guest test replays for real).
final class LibinputReplayInteropTests: XCTestCase {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/libinput-replay-accepts.py")

    struct Verdict { var status: Int32; var output: String }

    func libinputReplay(_ yaml: String) throws -> Verdict {
        let python = "/usr/bin/python3", replay = "/usr/libexec/libinput/libinput-replay"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: replay) else {
            throw XCTSkip("libinput replay is not installed (make deps installs libinput-tools and its Python modules)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-\(UUID().uuidString).yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.checker.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if text.contains("ModuleNotFoundError") || text.contains("modules are missing") {
            throw XCTSkip("libinput replay's Python modules are missing: \(text)")
        }
        return Verdict(status: process.terminationStatus, output: text)
    }

    func recording(_ session: SyntheticSession, udevProperties: [String: String] = [:]) throws -> String {
        var reader = try EvemuReader(source: MemoryByteSource(text: session.evemu))
        var writer = LibinputRecordWriter()
        var text = LibinputRecordWriter.header(device: reader.device, node: "/dev/input/event5", udevProperties: udevProperties)
        while let event = try reader.nextEvent() { text += writer.write(event) ?? "" }
        return text + (writer.flush() ?? "")
    }

    func testLibinputReplayAcceptsWhatTheWriterWrites() throws {
        for session in [SyntheticSession.allCases.first!, SyntheticSession.allCases.last!] {
            let verdict = try libinputReplay(try recording(session))
            XCTAssertEqual(verdict.status, 0, verdict.output)
            XCTAssertTrue(verdict.output.contains("libinput replay accepts"), verdict.output)
        }
    }

    func testUdevsOwnPropertiesAreKeptAndOthersLeftOut() throws {
        let text = try recording(SyntheticSession.allCases.first!, udevProperties: [
            "ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_CALIBRATION_MATRIX": "0 1 0 -1 0 1",
            "DEVPATH": "/devices/virtual/input/input9", "ID_PATH": "platform-i8042",
        ])
        XCTAssertTrue(text.contains(#"- "LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1""#), text)
        XCTAssertFalse(text.contains("DEVPATH"), "libinput record keeps only ID_INPUT*, LIBINPUT*, EVDEV_ABS*, MOUSE_DPI, POINTINGSTICK_*")
        let verdict = try libinputReplay(text)
        XCTAssertEqual(verdict.status, 0, verdict.output)
    }

    func testWithoutUdevPropertiesLibinputReplayRefusesTheFile() throws {
        // The check is not a formality: the file this writer produced before it wrote `udev:` is refused.
        let text = try recording(SyntheticSession.allCases.first!)
        let withoutUdev = text.replacingOccurrences(of: #"\n    udev:\n      properties:\n(        - "[^"]*"\n)+"#,
                                                    with: "\n", options: .regularExpression)
        XCTAssertNotEqual(withoutUdev, text)
        let verdict = try libinputReplay(withoutUdev)
        XCTAssertEqual(verdict.status, 1)
        XCTAssertTrue(verdict.output.contains("Failed to get 'udev' from recording"), verdict.output)
    }
}
