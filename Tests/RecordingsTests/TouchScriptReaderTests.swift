import ScrollEngine
import XCTest
@testable import Recordings

final class TouchScriptReaderTests: XCTestCase {
    private func frames(_ text: String, chunkSize: Int = 1 << 16) throws -> [TouchFrame] {
        var reader = TouchScriptReader(source: MemoryByteSource(name: "test.jsonl", text: text, chunkSize: chunkSize))
        return try readAllFrames(&reader)
    }

    private func failure(_ text: String) -> RecordingError? {
        recordingError { _ = try frames(text) }
    }

    func testEqualTimesFormOneFrameAndCommentsAndBlankLinesAreSkipped() throws {
        let script = """
        # a two-finger touch
        {"t": 0, "slot": 0, "phase": "down", "x": 10, "y": 20}

        {"t": 0, "slot": 1, "phase": "down", "x": 30.5, "y": 40}
        {"t": 16000, "slot": 0, "phase": "move", "x": 11, "y": 21}
          # indented comment
        {"t": 32000, "slot": 0, "phase": "up", "x": 11, "y": 21}
        {"t": 32000, "slot": 1, "phase": "cancel", "x": 30.5, "y": 40}
        """
        for chunkSize in chunkSizes {
            let frames = try frames(script, chunkSize: chunkSize)
            XCTAssertEqual(frames.map(\.time.microseconds), [0, 16000, 32000])
            XCTAssertEqual(frames[0].samples, [
                TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 10, y: 20)),
                TouchSample(slot: TouchSlot(1), phase: .down, location: Point(x: 30.5, y: 40)),
            ])
            XCTAssertEqual(frames[2].samples.map(\.phase), [.up, .cancel])
        }
    }

    func testFingersLeftDownAtTheEndAreCancelledWithAWarning() throws {
        var reader = TouchScriptReader(source: MemoryByteSource(text: """
        {"t": 0, "slot": 2, "phase": "down", "x": 1, "y": 2}
        {"t": 10, "slot": 2, "phase": "move", "x": 3, "y": 4}
        """))
        let frames = try readAllFrames(&reader)
        XCTAssertEqual(frames.last, TouchFrame(time: Timestamp(microseconds: 10), samples: [
            TouchSample(slot: TouchSlot(2), phase: .cancel, location: Point(x: 3, y: 4)),
        ]))
        XCTAssertEqual(reader.warnings.count, 1)
    }

    func testEmptyInputHasNoFrames() throws {
        XCTAssertEqual(try frames(""), [])
        XCTAssertEqual(try frames("# only a comment\n\n"), [])
    }

    func testBadJSONNamesFileAndLine() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\n{\"t\": 5, \"slot\"\n")
        XCTAssertEqual(error?.file, "test.jsonl")
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("invalid JSON") ?? false, "\(String(describing: error))")
    }

    func testMissingKeyIsNamed() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1}\n")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.expected, "key \"y\"")
        XCTAssertEqual(error?.description, "test.jsonl:1: expected key \"y\"")
    }

    func testUnknownPhase() {
        let error = failure("{\"t\": 0, \"slot\": 0, \"phase\": \"hover\", \"x\": 1, \"y\": 2}\n")
        XCTAssertTrue(error?.expected.contains("\"phase\" one of") ?? false)
    }

    func testNonIntegerTimeAndNonNumericCoordinate() {
        XCTAssertTrue(failure("{\"t\": 0.5, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}")?.expected
            .contains("\"t\" an integer") ?? false)
        XCTAssertTrue(failure("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": \"one\", \"y\": 2}")?.expected
            .contains("\"x\" a number") ?? false)
    }

    func testTimeGoingBackwards() {
        let error = failure("""
        {"t": 100, "slot": 0, "phase": "down", "x": 1, "y": 2}
        {"t": 99, "slot": 0, "phase": "up", "x": 1, "y": 2}
        """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("must not go backwards") ?? false)
    }

    func testMoveForASlotThatIsNotDown() {
        let error = failure("{\"t\": 0, \"slot\": 3, \"phase\": \"move\", \"x\": 1, \"y\": 2}")
        XCTAssertTrue(error?.expected.contains("slot 3 is not down") ?? false, "\(String(describing: error))")
    }

    func testDownForASlotAlreadyDown() {
        let error = failure("""
        {"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2}
        {"t": 1, "slot": 0, "phase": "down", "x": 1, "y": 2}
        """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.expected.contains("already down") ?? false)
    }

    /// A frame's lines are taken from the reader's buffer in one pass while they are buffered and
    /// in the common layout, and line by line otherwise (a line in another layout, a line cut by the
    /// end of a chunk): the frames must not depend on which. A generated script (three fingers go
    /// down, 200 frames move some of them, all three lift), its lines in the writer's layout, with
    /// keys reordered, with an escaped phase (which only the full parser reads), after comments and
    /// blank lines, ending in CRLF or with a space after the brace, read in chunks of every size,
    /// gives exactly the frames it was written from.
    func testFramesDoNotDependOnHowTheirLinesAreRead() throws {
        var random = MalformedInputTests.SeededGenerator(state: 0x70_0C4)
        func location() -> Point {
            Point(x: Double(random.next() % 1_280_000) / 1000, y: Double(random.next() % 800_000) / 1000)
        }
        let slots = (0..<3).map { TouchSlot($0) }
        var expected = [TouchFrame(time: Timestamp(microseconds: 0), samples: slots.map {
            TouchSample(slot: $0, phase: .down, location: location())
        })]
        var time: Int64 = 0
        for _ in 0..<200 {
            time += Int64(1 + random.next() % 20_000)
            let moved = slots.filter { _ in random.next() % 2 == 0 }
            expected.append(TouchFrame(time: Timestamp(microseconds: time), samples: (moved.isEmpty ? [slots[0]] : moved).map {
                TouchSample(slot: $0, phase: .move, location: location())
            }))
        }
        expected.append(TouchFrame(time: Timestamp(microseconds: time + 1), samples: slots.map {
            TouchSample(slot: $0, phase: .up, location: location())
        }))
        var script = ""
        for frame in expected {
            for sample in frame.samples {
                let (t, slot, phase) = (frame.time.microseconds, sample.slot.rawValue, sample.phase.rawValue)
                let (x, y) = (DecimalText.format(sample.location.x), DecimalText.format(sample.location.y))
                let written = TouchScriptWriter.line(time: frame.time, sample: sample)
                switch random.next() % 8 {
                case 0: script += "{\"y\": \(y), \"x\": \(x), \"phase\": \"\(phase)\", \"slot\": \(slot), \"t\": \(t)}\n"
                case 1: script += "{\"t\":\(t),\"slot\":\(slot),\"phase\":\"\\u00\(String(phase.utf8.first!, radix: 16))\(phase.dropFirst())\",\"x\":\(x),\"y\":\(y)}\n"
                case 2: script += "# a comment\n\n\(written)\n"
                case 3: script += "\(written)\r\n"
                case 4: script += "\(written) \n"
                default: script += "\(written)\n"
                }
            }
        }
        for chunkSize in chunkSizes + [64, 333] {
            XCTAssertEqual(try frames(script, chunkSize: chunkSize), expected, "chunks of \(chunkSize) bytes")
        }
    }

    /// A line after a frame's first that cannot be read ends the frame: the frame comes first,
    /// the error with the next call. A line the finger bookkeeping refuses fails at once.
    func testAnErrorAfterAFramesFirstLineComesAfterTheFrame() throws {
        for chunkSize in chunkSizes {
            var reader = TouchScriptReader(source: MemoryByteSource(name: "test.jsonl", text: """
            {"t": 100, "slot": 0, "phase": "down", "x": 1, "y": 2}
            {"t": 100, "slot": 1, "phase": "down", "x": 3, "y": 4}
            {"t": 99, "slot": 0, "phase": "up", "x": 1, "y": 2}
            """, chunkSize: chunkSize))
            let frame = try reader.nextFrame()
            XCTAssertEqual(frame?.samples.map(\.slot), [TouchSlot(0), TouchSlot(1)], "chunks of \(chunkSize) bytes")
            let error = recordingError { _ = try reader.nextFrame() }
            XCTAssertEqual(error?.line, 3)
            XCTAssertTrue(error?.expected.contains("must not go backwards") ?? false, "\(String(describing: error))")

            let refused = recordingError { _ = try frames("""
            {"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 2}
            {"t": 0, "slot": 1, "phase": "move", "x": 1, "y": 2}
            """, chunkSize: chunkSize) }
            XCTAssertEqual(refused?.line, 2)
            XCTAssertTrue(refused?.expected.contains("slot 1 is not down") ?? false, "\(String(describing: refused))")
        }
    }

    /// A caller that gives its frames back (`recycle`, as the playback driver does) gets the frames
    /// after them in their storage: a one-finger frame after a three-finger one has room for three,
    /// also when the caller reads a frame ahead. A frame the caller still holds a copy of is given
    /// back unchanged (its storage is copied first).
    func testFramesGivenBackHoldTheFramesAfterThem() throws {
        func move(_ slot: Int, _ x: Double) -> TouchSample {
            TouchSample(slot: TouchSlot(slot), phase: .move, location: Point(x: x, y: 1))
        }
        // Three fingers down, then frames of one finger or of all three (at 20).
        let events: [(t: Int64, slot: Int, phase: TouchPhase, x: Double)] = [
            (0, 0, .down, 0), (0, 1, .down, 0), (0, 2, .down, 0), (10, 0, .move, 10),
            (20, 0, .move, 20), (20, 1, .move, 20), (20, 2, .move, 20), (30, 1, .move, 30),
            (40, 2, .move, 40), (50, 0, .move, 50), (60, 1, .move, 60), (70, 2, .move, 70),
        ]
        let script = events.map {
            TouchScriptWriter.line(time: Timestamp(microseconds: $0.t),
                                   sample: TouchSample(slot: TouchSlot($0.slot), phase: $0.phase, location: Point(x: $0.x, y: 1)))
        }.joined(separator: "\n")
        var reader = TouchScriptReader(source: MemoryByteSource(text: script))
        // In order: each frame given back before the next is read (moved: a frame still shared
        // when given back is copied, with room for its own samples only).
        let down = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(down.samples.count, 3)
        reader.recycle(consume down)
        let at10 = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(at10.samples, [move(0, 10)])
        XCTAssertGreaterThanOrEqual(at10.samples.capacity, 3, "the storage of the frame given back")
        // A frame ahead: two frames out at once, both given back, both reused.
        let at20 = try XCTUnwrap(reader.nextFrame())
        let at30 = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(at20.samples, [move(0, 20), move(1, 20), move(2, 20)])
        XCTAssertEqual(at30.samples, [move(1, 30)])
        reader.recycle(consume at10)
        reader.recycle(consume at20)
        let at40 = try XCTUnwrap(reader.nextFrame())
        let at50 = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(at40.samples, [move(2, 40)])
        XCTAssertEqual(at50.samples, [move(0, 50)])
        XCTAssertGreaterThanOrEqual(at40.samples.capacity, 3)
        XCTAssertGreaterThanOrEqual(at50.samples.capacity, 3)
        // A frame kept and given back all the same: the copy kept does not change.
        let kept = at40
        reader.recycle(at40)
        let at60 = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(kept.samples, [move(2, 40)])
        XCTAssertEqual(at60.samples, [move(1, 60)])
        XCTAssertEqual(try reader.nextFrame()?.samples, [move(2, 70)])
        XCTAssertEqual(at30.samples, [move(1, 30)])
        XCTAssertEqual(at50.samples, [move(0, 50)])
    }

    func testMissingFileIsAnErrorNotACrash() {
        let error = recordingError { _ = try TouchScriptReader(path: "/nonexistent/x.touches.jsonl") }
        XCTAssertEqual(error?.file, "/nonexistent/x.touches.jsonl")
    }
}
