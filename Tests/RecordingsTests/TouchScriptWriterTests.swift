import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

final class TouchScriptWriterTests: XCTestCase {
    func testNumbersHaveAtMostThreeDecimalsTrailingZerosTrimmed() {
        XCTAssertEqual(DecimalText.format(640), "640")
        XCTAssertEqual(DecimalText.format(566.6666666), "566.667")
        XCTAssertEqual(DecimalText.format(0.5), "0.5")
        XCTAssertEqual(DecimalText.format(-0.0001), "0")
        XCTAssertEqual(DecimalText.format(-12.05), "-12.05")
        XCTAssertEqual(DecimalText.format(0.001), "0.001")
    }

    func testLineFormat() {
        let line = TouchScriptWriter.line(time: Timestamp(microseconds: 16666),
                                          sample: TouchSample(slot: TouchSlot(1), phase: .move, location: Point(x: 1.25, y: 3)))
        XCTAssertEqual(line, "{\"t\": 16666, \"slot\": 1, \"phase\": \"move\", \"x\": 1.25, \"y\": 3}")
    }

    func testWriteThenReadGivesTheSameFrames() throws {
        for session in SyntheticSession.allCases {
            var reader = TouchScriptReader(source: MemoryByteSource(text: session.touchScript, chunkSize: 3))
            let read = try readAllFrames(&reader)
            let expected = session.frames.map { frame in
                TouchFrame(time: frame.time, samples: frame.samples.map {
                    TouchSample(slot: $0.slot, phase: $0.phase,
                                location: Point(x: Double(DecimalText.format($0.location.x))!,
                                                y: Double(DecimalText.format($0.location.y))!))
                })
            }
            XCTAssertEqual(read, expected, session.rawValue)
        }
    }

    func testBundledScriptsAreWhatTheGeneratorWrites() throws {
        for (path, text) in SyntheticRecordings.files() {
            let url = TestPaths.bundledRecordings.appendingPathComponent(path)
            let committed = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(committed, text, "\(path) differs from the generator's output; run `make recordings`")
        }
    }
}
