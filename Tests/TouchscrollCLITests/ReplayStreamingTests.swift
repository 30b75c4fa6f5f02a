import Foundation
import XCTest

/// `touchscroll replay -` from a pipe streams: a frame written to its standard input produces its
/// delegate lines before anything more is written, as a program feeding touches expects.
final class ReplayStreamingTests: XCTestCase {
    /// A touch script is written a frame at a time; after each frame the test waits for that
    /// frame's lines and only then writes the next. Without streaming the replay would wait for
    /// more input (or 64 KiB) and the test would time out instead.
    func testTouchScriptFrameLinesArriveBeforeTheNextFrameIsWritten() throws {
        let replay = try StreamingReplay(arguments: ["replay", "--config", "Tests/TouchscrollCLITests/Golden/golden-config.yaml", "-"])
        defer { replay.terminate() }

        replay.write(#"{"t": 0, "slot": 0, "phase": "down", "x": 600, "y": 400}"# + "\n")
        let header = try replay.readLines(untilOneContains: #""message":"header""#)
        XCTAssertEqual(header.count, 1, "only the header: a finger down alone scrolls nothing")

        replay.write(#"{"t": 16000, "slot": 0, "phase": "move", "x": 600, "y": 350}"# + "\n")
        let firstMove = try replay.readLines(untilOneContains: #""t":16000,"message":"scrollViewDidScroll""#)
        XCTAssertEqual(firstMove.map(Self.message), ["scrollViewWillBeginDragging", "scrollViewDidScroll"])
        XCTAssertTrue(firstMove[1].contains(#""contentOffset":{"x":0,"y":-24}"#), "moved 50 px from -64 less the 10 px touch slop: \(firstMove[1])")

        replay.write(#"{"t": 32000, "slot": 0, "phase": "move", "x": 600, "y": 300}"# + "\n")
        let secondMove = try replay.readLines(untilOneContains: #""t":32000,"message":"scrollViewDidScroll""#)
        XCTAssertEqual(secondMove.count, 1)
        XCTAssertTrue(secondMove[0].contains(#""contentOffset":{"x":0,"y":26}"#), secondMove[0])

        replay.write(#"{"t": 48000, "slot": 0, "phase": "up", "x": 600, "y": 300}"# + "\n")
        let end = try replay.finish()
        XCTAssertEqual(end.status, 0)
        XCTAssertTrue(end.lines.contains { $0.contains("scrollViewDidEndDragging") }, end.lines.joined(separator: "\n"))
    }

    /// The same for an evemu recording: a frame ends at its SYN_REPORT.
    func testEvemuFrameLinesArriveBeforeTheNextFrameIsWritten() throws {
        let replay = try StreamingReplay(arguments: ["replay", "--config", "Tests/TouchscrollCLITests/Golden/golden-config.yaml", "-"])
        defer { replay.terminate() }
        // A 1280×800 direct-touch device in screen pixels (ABS_MT_SLOT, ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID).
        replay.write("""
            # EVEMU 1.3
            N: Streaming Test Touchscreen
            I: 0018 0000 0000 0000
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 04 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 02 00 00 00 00 00 00 00 00
            B: 03 03 00 00 00 00 80 60 02
            B: 04 00 00 00 00 00 00 00 00
            B: 05 00 00 00 00 00 00 00 00
            B: 11 00 00 00 00 00 00 00 00
            B: 12 00 00 00 00 00 00 00 00
            B: 14 00 00 00 00 00 00 00 00
            B: 15 00 00 00 00 00 00 00 00
            B: 15 00 00 00 00 00 00 00 00
            A: 00 0 1279 0 0 0
            A: 01 0 799 0 0 0
            A: 2f 0 9 0 0 0
            A: 35 0 1279 0 0 0
            A: 36 0 799 0 0 0
            A: 39 0 65535 0 0 0

            """)
        replay.write("E: 1.000000 0003 0039 1\nE: 1.000000 0003 0035 600\nE: 1.000000 0003 0036 400\nE: 1.000000 0001 014a 1\nE: 1.000000 0000 0000 0\n")
        let header = try replay.readLines(untilOneContains: #""message":"header""#)
        XCTAssertEqual(header.count, 1)

        replay.write("E: 1.016000 0003 0036 350\nE: 1.016000 0000 0000 0\n")
        let firstMove = try replay.readLines(untilOneContains: #""t":16000,"message":"scrollViewDidScroll""#)
        XCTAssertEqual(firstMove.map(Self.message), ["scrollViewWillBeginDragging", "scrollViewDidScroll"])

        replay.write("E: 1.032000 0003 0036 300\nE: 1.032000 0000 0000 0\n")
        let secondMove = try replay.readLines(untilOneContains: #""t":32000,"message":"scrollViewDidScroll""#)
        XCTAssertEqual(secondMove.count, 1)

        replay.write("E: 1.048000 0003 0039 -1\nE: 1.048000 0001 014a 0\nE: 1.048000 0000 0000 0\n")
        let end = try replay.finish()
        XCTAssertEqual(end.status, 0)
        XCTAssertTrue(end.lines.contains { $0.contains("scrollViewDidEndDragging") }, end.lines.joined(separator: "\n"))
    }

    static func message(_ line: String) -> String {
        guard let range = line.range(of: #""message":""#) else { return line }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// `touchscroll` with pipes on standard input and output, written to and read from step by step.
final class StreamingReplay {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []
    /// How long to wait for an expected line before failing. Only a guard against a hang: the lines
    /// are expected as soon as the process has run, and the assertions never depend on timing.
    private let patience: Int32 = 30_000

    init(arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: TouchscrollProcess.executable.path) else {
            throw XCTSkip("touchscroll is not built at \(TouchscrollProcess.executable.path); run `swift build` first")
        }
        process.executableURL = TouchscrollProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = TouchscrollProcess.packageRoot
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Reads whole lines until one contains `needle`; returns the lines read (up to that one).
    func readLines(untilOneContains needle: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        var lines: [String] = []
        while true {
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lines.append(text)
                if text.contains(needle) { return lines }
            }
            guard try readMore() else {
                XCTFail("no line containing \(needle) (read: \(lines))", file: file, line: line)
                throw CancellationError()
            }
        }
    }

    /// Closes standard input and reads the rest of the output; returns the exit status and lines.
    func finish() throws -> (status: Int32, lines: [String]) {
        try input.fileHandleForWriting.close()
        while try readMore() {}
        process.waitUntilExit()
        let lines = String(decoding: pending, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines)
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for output; false at its end or when nothing came within `patience`.
    private func readMore() throws -> Bool {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, patience) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        pending += chunk[..<count]
        return true
    }
}
