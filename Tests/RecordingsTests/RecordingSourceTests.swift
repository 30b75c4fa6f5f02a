import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

final class RecordingSourceTests: XCTestCase {
    let mapping = ScreenMapping(screenSize: SyntheticSession.screenSize)

    func testSniffsEachFormat() {
        XCTAssertEqual(RecordingFormat.sniff(Array("# EVEMU 1.3\nN: x\n".utf8)), .evemu)
        XCTAssertEqual(RecordingFormat.sniff(Array("E: 1.000000 0000 0000 0\n".utf8)), .evemu)
        XCTAssertEqual(RecordingFormat.sniff(Array("# libinput record\nversion: 1\n".utf8)), .libinputRecord)
        XCTAssertEqual(RecordingFormat.sniff(Array("# comment\n\n{\"t\": 0}\n".utf8)), .touchScript)
        XCTAssertNil(RecordingFormat.sniff(Array("hello\n".utf8)))
    }

    func testUnknownAndEmptyInputAreErrors() {
        XCTAssertTrue(recordingError { _ = try RecordingSource.open(source: MemoryByteSource(name: "x", text: ""), mapping: mapping) }?
            .expected.contains("empty file") ?? false)
        let garbage = recordingError { _ = try RecordingSource.open(source: MemoryByteSource(name: "x", bytes: [0, 1, 2, 255, 10]), mapping: mapping) }
        XCTAssertEqual(garbage?.file, "x")
        XCTAssertTrue(garbage?.expected.contains("fits none") ?? false)
    }

    func testEveryBundledRecordingReads() throws {
        let root = TestPaths.bundledRecordings
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        var count = 0
        for case let relative as String in enumerator
        where [".evemu", ".events", ".jsonl"].contains(where: relative.hasSuffix) {
            let path = root.appendingPathComponent(relative).path
            let indirect = relative.contains("Bamboo")
            let source = try RecordingSource.open(path: path, mapping: mapping, allowIndirect: indirect)
            var downs = 0, ends = 0
            while let frame = try source.nextFrame() {
                downs += frame.samples.filter { $0.phase == .down }.count
                ends += frame.samples.filter { $0.phase == .up || $0.phase == .cancel }.count
            }
            XCTAssertGreaterThan(downs, 0, relative)
            XCTAssertEqual(downs, ends, relative)
            count += 1
        }
        XCTAssertGreaterThanOrEqual(count, 38)
    }

    func testTouchScriptAndEvemuOfTheSameSessionGiveTheSameFrames() throws {
        let root = TestPaths.bundledRecordings
        let script = try RecordingSource.open(path: root.appendingPathComponent("scripts/drag-and-hold.touches.jsonl").path, mapping: mapping)
        let evemu = try RecordingSource.open(path: root.appendingPathComponent("synthetic/drag-and-hold.evemu").path, mapping: mapping)
        XCTAssertEqual(script.format, .touchScript)
        XCTAssertNil(script.device)
        XCTAssertEqual(evemu.format, .evemu)
        XCTAssertEqual(evemu.deviceClass, .touchscreen)
        // The evemu file holds whole device units (= px): compare with the script rounded to px.
        let rounded = script.frames.map { result in
            (try? result.get()).map { frame in
                TouchFrame(time: frame.time, samples: frame.samples.map {
                    TouchSample(slot: $0.slot, phase: $0.phase, location: Point(x: $0.location.x.rounded(), y: $0.location.y.rounded()))
                })
            }
        }
        XCTAssertEqual(rounded, evemu.frames.map { try? $0.get() })
    }

    func testDeviceIndexIsOnlyForLibinputRecordFiles() {
        let error = recordingError {
            _ = try RecordingSource.open(source: MemoryByteSource(name: "one.evemu", text: SyntheticSession.flick.evemu), deviceIndex: 1, mapping: mapping)
        }
        XCTAssertTrue(error?.expected.contains("holds one device") ?? false)
    }

    func testFramesSequenceEndsWithTheError() {
        let text = "{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\n{\"t\": 1, \"slot\": 0}\n"
        let source = try? RecordingSource.open(source: MemoryByteSource(name: "s.jsonl", text: text), mapping: mapping)
        let results = Array(source!.frames)
        XCTAssertEqual(results.count, 2)
        guard results.count == 2, case .failure(let error) = results[1] else { return XCTFail("expected the error last") }
        XCTAssertEqual(error.line, 2)
    }

    func testDescriptionFoundBesideByNameAndExplicitDescription() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recordings-desc-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = SyntheticSession.flick.evemu
        let split = session.range(of: "E: ")!.lowerBound
        try String(session[..<split]).write(to: directory.appendingPathComponent("Panel.desc"), atomically: true, encoding: .utf8)
        try String(session[..<split]).write(to: directory.appendingPathComponent("Panel Two.desc"), atomically: true, encoding: .utf8)
        try String(session[split...]).write(to: directory.appendingPathComponent("Panel.flick.events"), atomically: true, encoding: .utf8)
        try String(session[split...]).write(to: directory.appendingPathComponent("Other.events"), atomically: true, encoding: .utf8)
        let found = try RecordingSource.open(path: directory.appendingPathComponent("Panel.flick.events").path, mapping: mapping)
        XCTAssertEqual(found.descriptionPath, directory.appendingPathComponent("Panel.desc").path)
        XCTAssertNotNil(try found.nextFrame())
        let missing = recordingError { _ = try RecordingSource.open(path: directory.appendingPathComponent("Other.events").path, mapping: mapping) }
        XCTAssertTrue(missing?.expected.contains("--desc FILE") ?? false)
        let explicit = try RecordingSource.open(path: directory.appendingPathComponent("Other.events").path,
                                                descPath: directory.appendingPathComponent("Panel Two.desc").path, mapping: mapping)
        XCTAssertEqual(explicit.device?.name, "touchscroll synthetic touchscreen")
    }
}
