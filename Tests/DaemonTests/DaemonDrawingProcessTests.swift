import Daemon
import Foundation
import Glibc
import Renderer
import XCTest

/// `touchscroll daemon --control-stdin` drawing into PNG files, as a process with no input device:
/// control commands in, frames out, and every frame's pixels showing an offset the stream reported.
final class DaemonDrawingProcessTests: XCTestCase {
    var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("daemon-drawing")
    }

    override func tearDown() { directory.remove() }

    static let screen = (width: 320, height: 240)

    func testControlCommandsAreDrawnAndEveryFrameShowsAReportedOffset() throws {
        let content = directory.file("content.png")
        try RowCodedContent.write(width: Self.screen.width, height: 2000, to: content)
        let frames = directory.file("frames")
        try """
        screen: { width: \(Self.screen.width), height: \(Self.screen.height) }
        display:
          content: \(content)
          png: \(frames)

        """.write(toFile: directory.file("touchscroll.yaml"), atomically: true, encoding: .utf8)
        let executable = try XCTUnwrap(BuiltExecutable.path("touchscroll"), "touchscroll is built beside the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // No drawing flags: the configuration alone makes the daemon draw.
        process.arguments = ["daemon", "--config", directory.file("touchscroll.yaml"), "--control-stdin", "--touch-only"]
        var environment = ProcessInfo.processInfo.environment
        for variable in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "STATE_DIRECTORY", "RUNTIME_DIRECTORY"] { environment[variable] = nil }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()

        var lines: [String] = []
        var pending = Data()
        /// Reads standard output until a line satisfies `done`.
        func readUntil(_ done: (String) -> Bool) {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.append(line)
                    if done(line) { return }
                }
            }
            XCTFail("timed out; output so far: \(lines.suffix(3))")
        }
        readUntil { $0.contains("\"header\"") }
        input.fileHandleForWriting.write(Data(#"{"id":1,"command":"setContentOffset","offset":{"x":0,"y":700},"animated":true}"#.utf8 + [10]))
        readUntil { $0.contains("scrollViewDidEndScrollingAnimation") }
        input.fileHandleForWriting.write(Data(#"{"id":2,"command":"setContentOffset","offset":{"x":0,"y":1234.4},"animated":false}"#.utf8 + [10]))
        readUntil { $0.contains("1234.4") }
        input.fileHandleForWriting.write(Data(#"{"id":3,"command":"state"}"#.utf8 + [10]))
        readUntil { $0.contains(#""id":3"#) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // The offsets the stream reported (and the start), as the renderer places them: whole pixels.
        var reported: Set<Int> = [0]
        for line in lines where line.contains("\"message\":\"scrollViewDidScroll\"") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let y = try XCTUnwrap((object?["contentOffset"] as? [String: Double])?["y"])
            reported.insert(-Int((-y).rounded()))
        }
        XCTAssertGreaterThan(reported.count, 10, "the animated scroll is reported frame by frame")

        let files = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(files.count, 10, "the animation is drawn frame by frame")
        var shown: [Int] = []
        for file in files {
            let frame = try PNGFile.read(path: frames + "/" + file)
            XCTAssertEqual(frame.size, PixelSize(width: Self.screen.width, height: Self.screen.height))
            let offset = RowCodedContent.row(in: frame, screenRow: 0)
            // Every row of the frame is the content row offset + y: the content is drawn 1:1.
            for y in stride(from: 0, to: Self.screen.height, by: 37) {
                XCTAssertEqual(RowCodedContent.row(in: frame, screenRow: y), offset + y, "\(file) row \(y)")
            }
            XCTAssertTrue(reported.contains(offset), "\(file) shows offset \(offset), never reported (\(reported.sorted()))")
            shown.append(offset)
        }
        XCTAssertEqual(shown.first, 0, "the first frame shows the content at rest")
        XCTAssertTrue(shown.contains(700), "the end of the animation is drawn")
        XCTAssertEqual(shown.last, 1234, "the last frame shows where the content is (1234.4 drawn at whole pixels)")
        XCTAssertEqual(shown, shown.sorted(), "the offsets only grow: frames are drawn in order")
    }

    func testUnreadableContentExitsWith3AndNamesTheFile() throws {
        try """
        screen: { width: 320, height: 240 }
        display: { content: \(directory.file("missing.png")), png: \(directory.file("frames")) }

        """.write(toFile: directory.file("touchscroll.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(BuiltExecutable.path("touchscroll")))
        process.arguments = ["daemon", "--config", directory.file("touchscroll.yaml"), "--touch-only"]
        var environment = ProcessInfo.processInfo.environment
        for variable in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "STATE_DIRECTORY", "RUNTIME_DIRECTORY"] { environment[variable] = nil }
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = errors
        try process.run()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 3, "exit code 3: the content cannot be used; log:\n\(log)")
        XCTAssertTrue(log.contains("missing.png"), log)
    }
}
