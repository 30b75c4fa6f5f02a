import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// Damaged files of every format — bytes cut, inserted, flipped, lines duplicated or dropped —
/// end in a `RecordingError` or read through, never a crash or another kind of error.
final class MalformedInputTests: XCTestCase {
    /// SplitMix64: a small seeded generator, so every run damages the files the same way.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let interestingBytes: [UInt8] = Array("0123456789abcdef-.,:#[]{} \n\t\"EABNIPx".utf8) + [0, 0xff, 0xc3]

    func damage(_ original: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 1: bytes.insert(Self.interestingBytes.randomElement(using: &random)!, at: at)
            case 2: bytes[at] = Self.interestingBytes.randomElement(using: &random)!
            case 3: bytes.removeSubrange(at...) // truncated
            case 4: // duplicate a line
                let start = bytes[..<at].lastIndex(of: 10).map { $0 + 1 } ?? 0
                let end = bytes[at...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[start..<end]), at: start)
            default: // a huge or negative number
                bytes.insert(contentsOf: Array([" 99999999999999999", " -2147483649", " 2147483647", "-1"].randomElement(using: &random)!.utf8), at: at)
            }
        }
        return bytes
    }

    func readToTheEnd(_ bytes: [UInt8], chunkSize: Int) -> String {
        do {
            let source = try RecordingSource.open(source: MemoryByteSource(name: "damaged", bytes: bytes, chunkSize: chunkSize),
                                                  mapping: ScreenMapping(screenSize: SyntheticSession.screenSize), allowIndirect: true)
            var frames = 0
            while try source.nextFrame() != nil { frames += 1 }
            return "read \(frames) frames"
        } catch let error as RecordingError {
            XCTAssertFalse(error.expected.isEmpty)
            return "error"
        } catch {
            XCTFail("not a RecordingError: \(error)")
            return "other"
        }
    }

    func testDamagedFilesOfEveryFormatNeverCrash() throws {
        let session = SyntheticSession.pinchIn
        var recorded = try EvemuReader(source: MemoryByteSource(text: session.evemu))
        var yaml = LibinputRecordWriter.header(device: recorded.device)
        var writer = LibinputRecordWriter()
        while let event = try recorded.nextEvent() { yaml += writer.write(event) ?? "" }
        // Protocol A and single touch from the bundled real recordings: description + first events.
        func bundled(_ desc: String, _ events: String) throws -> String {
            let folder = TestPaths.bundledRecordings.appendingPathComponent("evemu-devices")
            let eventLines = try String(contentsOf: folder.appendingPathComponent(events), encoding: .utf8).split(separator: "\n").prefix(300)
            return try String(contentsOf: folder.appendingPathComponent(desc), encoding: .utf8) + eventLines.joined(separator: "\n")
        }
        let protocolA = try bundled("touchscreens/N-Trig MultiTouch.desc", "touchscreens/N-Trig MultiTouch.2-fingers-touch-release.events")
        let singleTouch = try bundled("tablets-finger/eGalax Inc. USB TouchController.desc", "tablets-finger/eGalax Inc. USB TouchController.events")
        let originals = [session.evemu, yaml, session.touchScript, SyntheticSession.statusBarTap.touchScript, protocolA, singleTouch]
        // RECORDINGS_FUZZ_ITERATIONS / RECORDINGS_FUZZ_SEED run longer or other damage locally.
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["RECORDINGS_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 60
        var random = SeededGenerator(state: environment["RECORDINGS_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261122)
        var outcomes: [String: Int] = [:]
        for original in originals {
            for _ in 0..<iterations {
                let damaged = damage(Array(original.utf8), &random)
                outcomes[readToTheEnd(damaged, chunkSize: Int.random(in: 1...64, using: &random)), default: 0] += 1
            }
        }
        XCTAssertGreaterThan(outcomes["error", default: 0], 60, "\(outcomes)")
        XCTAssertNil(outcomes["other"])
    }

    func testGarbageAndBinaryInput() {
        var random = SeededGenerator(state: 7)
        for length in [1, 2, 10, 1000, 70_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertEqual(readToTheEnd(bytes, chunkSize: 4096), "error")
        }
    }
}
