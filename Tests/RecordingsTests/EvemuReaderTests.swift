import ScrollEngine
import XCTest
@testable import Recordings

final class EvemuReaderTests: XCTestCase {
    /// A two-slot protocol-B touchscreen in evemu 1.3 form, with a 6-field A: line per axis.
    static let header = """
    # EVEMU 1.3
    # Input device name: "Test Panel"
    N: Test Panel
    I: 0003 1234 5678 0111
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 999 0 0 10
    A: 01 0 499 0 0 10
    A: 2f 0 1 0 0 0
    A: 35 0 999 0 0 10
    A: 36 0 499 0 0 10
    A: 39 0 65535 0 0 0

    """

    static let touch = """
    E: 100.000100 0003 0039 0007\t# EV_ABS / ABS_MT_TRACKING_ID 7
    E: 100.000100 0003 0035 0500
    E: 100.000100 0003 0036 0250
    E: 100.000100 0001 014a 0001
    E: 100.000100 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------
    E: 100.016100 0003 0035 0510
    E: 100.016100 0000 0000 0000
    E: 100.032100 0003 0039 -001
    E: 100.032100 0001 014a 0000
    E: 100.032100 0000 0000 0000

    """

    func reader(_ text: String, chunkSize: Int = 1 << 16) throws -> EvemuReader {
        try EvemuReader(source: MemoryByteSource(name: "test.evemu", text: text, chunkSize: chunkSize))
    }

    func allEvents(_ text: String, chunkSize: Int = 1 << 16) throws -> [EvdevEvent] {
        var reader = try reader(text, chunkSize: chunkSize)
        var events: [EvdevEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        return events
    }

    func failure(_ text: String) -> RecordingError? {
        recordingError { _ = try allEvents(text) }
    }

    /// Parses `line` after the line `recent` remembers (which may take the repeated-time and
    /// writer-layout paths) and field by field on its own (which takes neither); asserts that both
    /// give the same fields, and returns them.
    @discardableResult
    func readsAsAlone(_ line: String, after recent: inout EvemuEventLine.RecentTime,
                      file: StaticString = #filePath, line number: UInt = #line) -> EvemuEventLine.Parsed? {
        let bytes = Array(line.utf8)
        let shared = bytes.withUnsafeBufferPointer { EvemuEventLine.parse($0, recent: &recent) }
        let alone = EvemuEventLine.parseFieldByField(ArraySlice(bytes))
        XCTAssertEqual(shared?.microseconds, alone?.microseconds, line, file: file, line: number)
        XCTAssertEqual(shared?.type, alone?.type, line, file: file, line: number)
        XCTAssertEqual(shared?.code, alone?.code, line, file: file, line: number)
        XCTAssertEqual(shared?.value, alone?.value, line, file: file, line: number)
        return alone
    }

    func testHeaderDescribesTheDevice() throws {
        let device = try reader(Self.header + Self.touch).device
        XCTAssertEqual(device.name, "Test Panel")
        XCTAssertEqual(device.id, InputID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111))
        XCTAssertEqual(device.properties, [InputProperty.direct])
        XCTAssertEqual(device.codes[EventType.key], [KeyCode.touch])
        XCTAssertEqual(device.codes[EventType.abs], [0, 1, 0x2f, 0x35, 0x36, 0x39])
        XCTAssertEqual(device.absinfo[AbsCode.mtPositionX], AbsInfo(minimum: 0, maximum: 999, resolution: 10))
        XCTAssertEqual(device.slotCount, 2)
        XCTAssertEqual(device.touchProtocol, .multitouchB)
        XCTAssertEqual(device.sizeInMillimetres?.width, 99.9)
        XCTAssertEqual(try reader(Self.header).version, "1.3")
    }

    func testEventsAreParsedWithHexTypesDecimalValuesAndTimesFromTheFirstEvent() throws {
        for chunkSize in chunkSizes {
            let events = try allEvents(Self.header + Self.touch, chunkSize: chunkSize)
            XCTAssertEqual(events.count, 10)
            XCTAssertEqual(events[0], EvdevEvent(time: .zero, type: 3, code: 0x39, value: 7))
            XCTAssertEqual(events[5], EvdevEvent(time: Timestamp(microseconds: 16000), type: 3, code: 0x35, value: 510))
            XCTAssertEqual(events[7], EvdevEvent(time: Timestamp(microseconds: 32000), type: 3, code: 0x39, value: -1))
        }
    }

    func testVersion1_1FiveFieldAbsLinesAndCommentsAnywhere() throws {
        let text = """
        # EVEMU 1.1
        N: Old Panel #2
        I: 0003 0001 0002 0003
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 03 00 00 00 00 00 00 00 # ABS_X, ABS_Y
        # a comment between description lines
        A: 00 0 4095 0 0
        A: 01 0 4095 0 0   # 4-value A: line (1.1): no resolution
        E: 1369413358.008095 0001 014a 1
        # a comment between events
        E: 1369413358.008095 0000 0000 0
        """
        var reader = try reader(text)
        XCTAssertEqual(reader.version, "1.1")
        XCTAssertEqual(reader.device.name, "Old Panel #2", "an N: line is all name, '#' included")
        XCTAssertEqual(reader.device.absinfo[AbsCode.x], AbsInfo(minimum: 0, maximum: 4095))
        XCTAssertEqual(reader.device.touchProtocol, .singleTouch)
        XCTAssertEqual(try reader.nextEvent()?.time, .zero)
        XCTAssertEqual(try reader.nextEvent()?.isSynReport, true)
        XCTAssertNil(try reader.nextEvent())
    }

    func testSeparateDescription() throws {
        let events = "E: 5.000000 0003 0039 1\nE: 5.000000 0000 0000 0\n"
        var reader = try EvemuReader(source: MemoryByteSource(name: "x.events", text: events),
                                     description: MemoryByteSource(name: "x.desc", text: Self.header))
        XCTAssertEqual(reader.device.name, "Test Panel")
        XCTAssertEqual(try reader.nextEvent(), EvdevEvent(time: .zero, type: 3, code: 0x39, value: 1))
    }

    func testHeaderlessWithoutDescriptionIsAnError() {
        let error = recordingError { _ = try reader("E: 5.000000 0003 0039 1\n") }
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue(error?.expected.contains("device description") ?? false)
    }

    func testEmptyFile() {
        let error = recordingError { _ = try reader("") }
        XCTAssertTrue(error?.expected.contains("empty file") ?? false)
    }

    func testTruncatedLastLine() {
        let error = failure(Self.header + "E: 100.000100 0003 00")
        XCTAssertEqual(error?.line, 20)
        XCTAssertTrue(error?.expected.contains("4 fields") ?? false, "\(String(describing: error))")
    }

    func testGarbageLine() {
        let error = failure(Self.header + "E: 1.000000 0000 0000 0000\nhello world\n")
        XCTAssertEqual(error?.line, 21)
        XCTAssertTrue(error?.expected.contains("E: event line") ?? false)
        XCTAssertNotNil(recordingError { _ = try reader("\u{7f}ELF\u{01}\u{02}garbage\n") })
    }

    func testWrongFieldCounts() {
        XCTAssertTrue(failure(Self.header + "E: 1.000000 0003 0000\n")?.expected.contains("got 3 field(s)") ?? false)
        XCTAssertTrue(recordingError { _ = try reader("N: x\nA: 00 0 100\n") }?.expected.contains("5 or 6 fields") ?? false)
        XCTAssertTrue(recordingError { _ = try reader("N: x\nI: 0003 0001\n") }?.expected.contains("4 hex numbers") ?? false)
    }

    func testNonNumericValues() {
        XCTAssertTrue(failure(Self.header + "E: 1.000000 0003 0000 abc\n")?.expected.contains("decimal 32-bit integer") ?? false)
        XCTAssertTrue(failure(Self.header + "E: 1.000000 00zz 0000 1\n")?.expected.contains("event type in hex") ?? false)
        XCTAssertTrue(failure(Self.header + "E: one.two 0003 0000 1\n")?.expected.contains("sec.usec") ?? false)
        XCTAssertTrue(failure(Self.header + "E: 1.000000 0003 0000 99999999999\n")?.expected.contains("32-bit") ?? false)
        XCTAssertTrue(recordingError { _ = try reader("N: x\nB: 03 0g\n") }?.expected.contains("hex byte") ?? false)
    }

    func testTimestampsGoingBackwards() {
        let error = failure(Self.header + "E: 2.000000 0000 0000 0\nE: 1.999999 0000 0000 0\n")
        XCTAssertEqual(error?.line, 21)
        XCTAssertTrue(error?.expected.contains("must not go backwards") ?? false)
    }

    func testUnknownTypesAndCodesAreSkippedWithOneWarning() throws {
        var reader = try reader(Self.header + "E: 1.000000 0042 0000 1\nE: 1.000000 0042 0000 1\nE: 1.000000 0003 0fff 1\nE: 1.000000 0000 0000 0\n")
        XCTAssertEqual(try reader.nextEvent()?.isSynReport, true)
        XCTAssertEqual(reader.warnings.count, 2)
        XCTAssertEqual(reader.warnings.first?.line, 20)
    }

    func testAbsurdRangeIsAWarningInTheHeaderAndAnErrorForPositionAxes() throws {
        let broken = Self.header.replacingOccurrences(of: "A: 35 0 999 0 0 10", with: "A: 35 999 0 0 0 10")
        let reader = try reader(broken)
        XCTAssertTrue(reader.warnings.contains { $0.message.contains("minimum 999 > maximum 0") })
        let error = recordingError {
            _ = try RecordingSource.open(source: MemoryByteSource(name: "broken.evemu", text: broken + Self.touch),
                                         mapping: ScreenMapping(screenSize: Size(width: 100, height: 100)))
        }
        XCTAssertEqual(error?.file, "broken.evemu")
        XCTAssertTrue(error?.expected.contains("ABS_MT_POSITION_X with minimum < maximum") ?? false, "\(String(describing: error))")
    }

    func testHugeSlotCountIsCappedAndHugeSlotNumbersAreIgnored() throws {
        let huge = Self.header.replacingOccurrences(of: "A: 2f 0 1 0 0 0", with: "A: 2f 0 2000000000 0 0 0")
        let source = try RecordingSource.open(
            source: MemoryByteSource(text: huge + "E: 0.000000 0003 002f 1999999999\nE: 0.000000 0003 0039 1\nE: 0.000000 0000 0000 0\nE: 0.000000 0003 002f 0\n" + Self.touch),
            mapping: ScreenMapping(screenSize: Size(width: 100, height: 100)))
        var frames: [TouchFrame] = []
        while let frame = try source.nextFrame() { frames.append(frame) }
        XCTAssertTrue(source.warnings.contains { $0.message.contains("claims 2000000001 slots") })
        XCTAssertTrue(source.warnings.contains { $0.message.contains("slot 1999999999 is outside") })
        // As in the kernel, events after an invalid ABS_MT_SLOT are dropped until a valid one.
        XCTAssertEqual(frames.flatMap(\.samples).map(\.phase), [.down, .move, .up])
    }

    /// Lines that repeat the previous line's time field are read from the remembered value; every
    /// line still reads as it does on its own: the same time, a time of the same length that
    /// differs in any one byte, one that only starts the same, and a field that runs on.
    func testARepeatedTimeFieldReadsAsTheLineAlone() {
        let lines = [
            "E: 1369413358.008095 0003 0039 0000\t# EV_ABS / ABS_MT_TRACKING_ID 0",
            "E: 1369413358.008095 0003 0035 1415",
            "E: 1369413358.008095 0000 0000 0000",
            "E: 1369413358.008096 0003 0035 1416", // the last byte differs
            "E: 1369413359.008096 0003 0035 1417", // a middle byte differs
            "E: 2369413359.008096 0003 0035 1418", // the first byte differs
            "E: 1369413359.00809 0003 0035 1419", // shorter: a prefix of the one before
            "E: 1369413359.008096 0003 0035 1420",
            "E: 1369413359.0080961 0003 0035 1421", // runs on past six digits: not an event line here
            "E: 1369413359.008096x 0003 0035 1422", // not a field end
            "E: 1369413359.008096\r", // no type after the time
            "E: 1369413359.008096\t0003\t0035\t-001",
            "E: 9.000001 0003 0035 1", // short fields (no 8-byte words to compare)
            "E: 9.000001 0003 0035 2",
            "E: 123456789012.123456 0003 0035 3", // the longest time accepted: 19 bytes
            "E: 123456789012.123456 0003 0035 4",
            "E: 123456789012.123457 0003 0035 5",
        ]
        var recent = EvemuEventLine.RecentTime()
        for line in lines { readsAsAlone(line, after: &recent) }
        XCTAssertEqual(EvemuEventLine.parse(ArraySlice("E: 1369413359.00809 0003 0035 1419".utf8))?.microseconds, 1_369_413_359_008_090)
        XCTAssertNil(EvemuEventLine.parse(ArraySlice("E: 1369413359.0080961 0003 0035 1421".utf8)))
        XCTAssertNil(EvemuEventLine.parse(ArraySlice("E: 1369413359.008096x 0003 0035 1422".utf8)))
        XCTAssertEqual(EvemuEventLine.parse(ArraySlice("E: 1369413359.008096\t0003\t0035\t-001".utf8))?.value, -1)
        // Type and code: four hex digits each are read as one word; other widths and other
        // spacing take the digit-by-digit path, with the same results.
        func typeAndCode(_ line: String) -> [UInt16]? {
            EvemuEventLine.parse(ArraySlice(line.utf8)).map { [$0.type, $0.code] }
        }
        XCTAssertEqual(typeAndCode("E: 1.000001 0003 0035 5"), [3, 0x35])
        XCTAssertEqual(typeAndCode("E: 1.000001 0001 014a 1"), [1, 0x14a])
        XCTAssertEqual(typeAndCode("E: 1.000001 0003 002F 5"), [3, 0x2f])
        XCTAssertEqual(typeAndCode("E: 1.000001  0003  0035  5"), [3, 0x35])
        XCTAssertEqual(typeAndCode("E: 1.000001 3 35 5"), [3, 0x35])
        XCTAssertEqual(typeAndCode("E: 1.000001 9999 9999 5"), [0x9999, 0x9999])
        XCTAssertNil(typeAndCode("E: 1.000001 0003 003: 5"))
        XCTAssertNil(typeAndCode("E: 1.000001 0003 00/5 5"))
        XCTAssertNil(typeAndCode("E: 1.000001 00030 0035 5"))
        XCTAssertNil(typeAndCode("E: 1.000001 0003 0035"))
    }

    /// evemu-record's own lines, read after a line with the same time field, are matched at fixed
    /// offsets (type and code as one word, the value as one); every such line reads as it does on
    /// its own through the field-by-field path, and near misses fall back to that path unchanged.
    func testWriterLayoutLinesReadAsTheLineAlone() {
        let time = "1369413358.008095"
        var lines: [String] = []
        // Every hex digit in every position of type and code, both cases.
        for digit in Array("0123456789abcdefABCDEF") {
            for position in 0..<8 {
                var hex = Array("00030035")
                hex[position] = digit
                lines.append("E: \(time) \(String(hex[0..<4])) \(String(hex[4...])) 0001")
            }
        }
        // Values as %04d writes them, and the lengths around them.
        for value: Int32 in [0, 1, -1, 9, -9, 10, -10, 99, -99, 100, -100, 999, -999, 1000, 1415, 9999, 10000, -1000, 65535, 2_147_483_647, -2_147_483_648] {
            lines.append(String(EvemuWriter.eventLine(EvdevEvent(time: .zero, type: 3, code: 0x35, value: value)).dropLast())
                .replacingFirstTimeField(with: time))
        }
        // What may follow the value, and bytes that are not digits where digits belong.
        for tail in ["", "\t# EV_ABS / ABS_MT_POSITION_X 1415", "\t#", "\t", " ", "\r", "  # x", "\t x", "#", "x"] {
            lines.append("E: \(time) 0003 0035 1415\(tail)")
        }
        for odd in ["E: \(time) 0003 0035 14:5", "E: \(time) 0003 0035 -0-1", "E: \(time) 0003 0035 --01", "E: \(time) 00g3 0035 1415",
                    "E: \(time) 0003 003\u{7F} 1415", "E: \(time) 0003 00é 1415", "E: \(time)  0003 0035 1415", "E: \(time) 0003  0035 1415",
                    "E: \(time) 0003 0035  1415", "E:  \(time) 0003 0035 1415", "E: \(time) 0003 0035 +415", "E: \(time) 0003 0035 1 15"] {
            lines.append(odd)
        }
        for line in lines {
            var recent = EvemuEventLine.RecentTime()
            XCTAssertNotNil(readsAsAlone("E: \(time) 0000 0000 0000", after: &recent))
            let alone = readsAsAlone(line, after: &recent)
            // And what the fields say, read with the standard library's parsers: a line either
            // path accepts holds these values.
            if let alone {
                let fields = line.split(separator: "#", maxSplits: 1)[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                XCTAssertEqual(fields.count, 5, line)
                XCTAssertEqual(alone.microseconds, 1_369_413_358_008_095, line)
                XCTAssertEqual(alone.type, UInt16(fields[2], radix: 16), line)
                XCTAssertEqual(alone.code, UInt16(fields[3], radix: 16), line)
                XCTAssertEqual(alone.value, Int32(fields[4]), line)
            }
        }
        // The first line of a frame, whose time is new, in the same layout: every length of
        // seconds, then a line with the time it leaves behind (the repeated-time path); near
        // misses fall back to the field-by-field path with the same result.
        var seconds = ""
        for digit in "123456789012" {
            seconds.append(digit)
            var recent = EvemuEventLine.RecentTime()
            XCTAssertEqual(readsAsAlone("E: \(seconds).000100 0003 0035 1415\t# EV_ABS", after: &recent)?.microseconds,
                           Int64(seconds)! * 1_000_000 + 100)
            XCTAssertEqual(readsAsAlone("E: \(seconds).000100 0003 0036 -042", after: &recent)?.value, -42)
            XCTAssertEqual(readsAsAlone("E: \(seconds).000101 0000 0000 0000", after: &recent)?.microseconds,
                           Int64(seconds)! * 1_000_000 + 101)
        }
        for odd in ["E: 1234567890123.000100 0003 0035 1415", "E: 12.00010 0003 0035 1415", "E: 12.0001000 0003 0035 1415",
                    "E: 12.000100 0003 0035 12345", "E: .000100 0003 0035 1415", "E: 12.000100  0003 0035 1415",
                    "E: 12.0001x0 0003 0035 1415", "E: 12.000100", "E: 12.000100 0003", "E: 12", "E: 12.000100\t0003\t0035\t1415"] {
            var recent = EvemuEventLine.RecentTime()
            readsAsAlone(odd, after: &recent)
            // And the line after it, whichever path remembered (or did not remember) its time.
            readsAsAlone("E: 12.000100 0003 0035 1415", after: &recent)
        }
        XCTAssertNil(EvemuEventLine.parse(ArraySlice("E: 1234567890123.000100 0003 0035 1415".utf8)))
        XCTAssertEqual(EvemuEventLine.parse(ArraySlice("E: 12.000100 0003 0035 12345".utf8))?.value, 12345)

        // Absolute values, so that both paths agreeing on a wrong answer would not pass.
        var recent = EvemuEventLine.RecentTime()
        func read(_ line: String) -> [Int64]? {
            Array(line.utf8).withUnsafeBufferPointer { EvemuEventLine.parse($0, recent: &recent) }
                .map { [$0.microseconds, Int64($0.type), Int64($0.code), Int64($0.value)] }
        }
        XCTAssertEqual(read("E: \(time) 0003 0039 0000"), [1_369_413_358_008_095, 3, 0x39, 0])
        XCTAssertEqual(read("E: \(time) 0001 014a 0001\t# EV_KEY / BTN_TOUCH 1"), [1_369_413_358_008_095, 1, 0x14a, 1])
        XCTAssertEqual(read("E: \(time) 0003 002F -001"), [1_369_413_358_008_095, 3, 0x2f, -1])
        XCTAssertEqual(read("E: \(time) FFFF ffff 9999"), [1_369_413_358_008_095, 0xffff, 0xffff, 9999])
        XCTAssertEqual(read("E: \(time) 0003 0036 -999"), [1_369_413_358_008_095, 3, 0x36, -999])
        XCTAssertEqual(read("E: \(time) 0003 0036 12345"), [1_369_413_358_008_095, 3, 0x36, 12345])
        XCTAssertNil(read("E: \(time) 0003 0036 14:5"))
    }

    /// However the bytes arrive, event by event the reader gives the same events, the line each is
    /// reported on, the warnings and the error (with its line).
    func testEventsLinesAndErrorsAreTheSameForAnyChunking() throws {
        let body = """
        E: 100.000100 0003 0039 0007
        E: 100.000100 0003 0035 0500
        # a comment between events
        E: 100.000100 0003 0036 0250
        E: 100.000100 0020 0000 0001
        E: 100.000100 0000 0000 0000
        E:   100.016100   3   35   510
        E: 100.016100 0000 0000 0000
        E: 100.032100 0003 0039 -001
        E: 100.032100 0000 0000 0000
        E: 100.032000 0000 0000 0000

        """
        func read(chunkSize: Int) -> (events: [EvdevEvent], lines: [Int?], warnings: [String], error: Int?) {
            var events: [EvdevEvent] = [], lines: [Int?] = []
            var errorLine: Int?
            guard var reader = try? reader(Self.header + body, chunkSize: chunkSize) else { return ([], [], [], -1) }
            do {
                while let event = try reader.nextEvent() {
                    events.append(event)
                    lines.append(reader.currentLine)
                }
            } catch {
                errorLine = (error as? RecordingError)?.line
            }
            return (events, lines, reader.warnings.map(\.description), errorLine)
        }
        let whole = read(chunkSize: 1 << 16)
        XCTAssertEqual(whole.events.count, 8)
        let headerLines = Self.header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        XCTAssertEqual(whole.lines, [1, 2, 4, 6, 7, 8, 9, 10].map { headerLines + $0 })
        XCTAssertEqual(whole.warnings.count, 1)
        XCTAssertEqual(whole.error, headerLines + 11)
        for chunkSize in [1, 7, 64] {
            let chunked = read(chunkSize: chunkSize)
            XCTAssertEqual(chunked.events, whole.events, "chunks of \(chunkSize)")
            XCTAssertEqual(chunked.lines, whole.lines, "chunks of \(chunkSize)")
            XCTAssertEqual(chunked.warnings, whole.warnings, "chunks of \(chunkSize)")
            XCTAssertEqual(chunked.error, whole.error, "chunks of \(chunkSize)")
        }
    }

    /// A frame reader hands the event lines already buffered to the decoder in one pass
    /// (`feedReadyEvents`), stopping at a frame, at the decoder's warnings, and at any other line
    /// (a comment, an unknown event type, a time that goes back), which `nextEvent` then reads.
    /// For any chunking of the input it gives the frames, the warnings with their lines and the
    /// error that reading event by event gives.
    func testFeedingReadyEventsGivesWhatReadingEventByEventGives() throws {
        let body = """
        E: 100.000100 0003 002f 0000
        E: 100.000100 0003 0039 0007
        E: 100.000100 0003 0035 0500
        E: 100.000100 0003 0036 0250
        # a comment between events
        E: 100.000100 0000 0000 0000
        E: 100.016100 0003 0035 0510
        E: 100.016100 0020 0000 0001
        E: 100.016100 0000 0000 0000
        E:   100.032100   3   35   520
        E: 100.032100 0000 0000 0000
        E: 100.048100 0003 002f 0005
        E: 100.048100 0003 0035 0530
        E: 100.048100 0003 002f 0001
        E: 100.048100 0003 0039 0008
        E: 100.048100 0003 0035 0100
        E: 100.048100 0003 0036 0100
        E: 100.048100 0000 0000 0000
        E: 100.064100 0003 002f 0000
        E: 100.064100 0003 0039 -001
        E: 100.064100 0000 0000 0000
        E: 100.064000 0000 0000 0000

        """
        /// The same reader seen only through `nextEvent`: the frame reader's event-by-event path.
        struct EventByEvent: EvdevEventReader {
            var reader: EvemuReader
            var device: EvdevDevice { reader.device }
            var name: String { reader.name }
            var currentLine: Int? { reader.currentLine }
            var warnings: [RecordingWarning] { reader.warnings }
            mutating func nextEvent() throws -> EvdevEvent? { try reader.nextEvent() }
        }
        func frames<Events: EvdevEventReader>(_ events: Events) -> (frames: [TouchFrame], warnings: [String], error: Int?) {
            var frames: [TouchFrame] = []
            guard var reader = try? EvdevTouchFrameReader(events: events, mapping: ScreenMapping(screenSize: Size(width: 1000, height: 500)))
            else { return ([], [], -1) }
            do {
                while let frame = try reader.nextFrame() { frames.append(frame) }
                return (frames, reader.warnings.map(\.description), nil)
            } catch {
                return (frames, reader.warnings.map(\.description), (error as? RecordingError)?.line ?? -2)
            }
        }
        let headerLines = Self.header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        for chunkSize in [1, 7, 64, 1 << 16] {
            let fed = frames(try reader(Self.header + body, chunkSize: chunkSize))
            let oneByOne = frames(EventByEvent(reader: try reader(Self.header + body, chunkSize: chunkSize)))
            XCTAssertEqual(fed.frames, oneByOne.frames, "chunks of \(chunkSize)")
            XCTAssertEqual(fed.warnings, oneByOne.warnings, "chunks of \(chunkSize)")
            XCTAssertEqual(fed.error, oneByOne.error, "chunks of \(chunkSize)")
            // What they both say: a finger down at (500, 250) that moves twice, a second finger in
            // slot 1, the first lifted; the unknown type and the slot beyond the device's two
            // warned about on their lines; the time that goes back refused on its line.
            XCTAssertEqual(fed.frames.map { $0.samples.map(\.phase) }, [[.down], [.move], [.move], [.down], [.up]], "chunks of \(chunkSize)")
            XCTAssertEqual(fed.frames.first?.samples.first?.location, Point(x: 500, y: 250))
            XCTAssertEqual(fed.frames.map(\.time.microseconds), [0, 16_000, 32_000, 48_000, 64_000])
            XCTAssertEqual(fed.warnings.count, 2, "\(fed.warnings)")
            XCTAssertTrue(fed.warnings[0].contains(":\(headerLines + 8):"), fed.warnings[0])
            XCTAssertTrue(fed.warnings[1].contains(":\(headerLines + 12):"), fed.warnings[1])
            XCTAssertEqual(fed.error, headerLines + 22)
        }
    }
}

private extension String {
    /// The line with its time field (the second field) replaced.
    func replacingFirstTimeField(with time: String) -> String {
        let fields = split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        return "\(fields[0]) \(time) \(fields[2])"
    }
}
