import ScrollEngine
import XCTest
@testable import Recordings

/// Inputs that crashed, hung or exhausted memory in the readers before their values were
/// validated: each now ends in a `RecordingError` naming the file, the line and what was expected.
final class HostileInputTests: XCTestCase {
    func error(_ text: String, name: String = "hostile", description: String? = nil) -> RecordingError? {
        recordingError {
            let source = try RecordingSource.open(
                source: MemoryByteSource(name: name, text: text),
                description: description.map { MemoryByteSource(name: "hostile.desc", text: $0) },
                mapping: ScreenMapping(screenSize: Size(width: 1280, height: 800)))
            while try source.nextFrame() != nil {}
        }
    }

    // MARK: evemu

    /// A `B:` line of more than 8 192 bytes used to set bits past 65 535 and trap converting
    /// them to UInt16 ("Not enough bits to represent the passed value").
    func testAnEvemuBitmapLongerThanTheKernelsIsRefusedWithItsLine() {
        let bitmap = String(repeating: " ff", count: 8200)
        let text = "# EVEMU 1.3\nN: Big\nB: 00\(bitmap)\nE: 0.000000 0000 0000 0000\n"
        let error = error(text)
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.expected, "at most 96 bytes of B: bitmap for type 0x0 in all (KEY_CNT/8, the kernel's longest bitmap), got 8200")
    }

    func testTheSameThroughASeparateDescription() {
        let bitmap = String(repeating: " ff", count: 9000)
        let error = error("E: 0.000000 0000 0000 0000\n", name: "hostile.events", description: "N: Big\nB: 01\(bitmap)\n")
        XCTAssertEqual(error?.file, "hostile.desc")
        XCTAssertEqual(error?.line, 2)
    }

    /// Many B: lines of one type add up: the cap is on the type's whole bitmap, so a header
    /// cannot make the reader hold more than 96 bytes per type (it used to reach gigabytes).
    func testManyBitmapLinesOfOneTypeAreCappedInAll() {
        let line = "B: 01 00 00 00 00 00 00 00 00\n"
        let error = error("N: Many\n" + String(repeating: line, count: 13) + "E: 0.000000 0000 0000 0000\n")
        XCTAssertEqual(error?.line, 14)
        XCTAssertTrue(error?.expected.contains("at most 96 bytes") ?? false)
    }

    func testABitmapTypePastEVMaxAndAnOverlongPropertyBitmapAreRefused() {
        XCTAssertEqual(error("N: X\nB: 20 01\nE: 0.000000 0000 0000 0000\n")?.expected, "a B: event type ≤ 0x1f (EV_MAX), got 0x20")
        let properties = "P:" + String(repeating: " 01", count: 97)
        XCTAssertEqual(error("N: X\n\(properties)\nE: 0.000000 0000 0000 0000\n")?.line, 2)
    }

    /// The longest real bitmap (EV_KEY, 12 lines of 8 bytes as evemu writes it) still reads.
    func testTheLongestRealBitmapStillReads() throws {
        let keyLines = String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 11) + "B: 01 00 00 00 00 00 00 00 80\n"
        let text = "N: Keys\nB: 00 0b 00 00 00 00 00 00 00\n" + keyLines + "E: 0.000000 0000 0000 0000\n"
        let reader = try EvemuReader(source: MemoryByteSource(text: text))
        XCTAssertEqual(reader.device.codes[1], [0x2ff])
    }

    /// Found by the evemu fuzz harness: an unknown first event used to fix the time origin, so
    /// writing the events back (without it) and reading them again shifted every time.
    func testTheTimeOriginIsTheFirstEventKeptNotASkippedUnknownOne() throws {
        let text = "N: X\nB: 00 0b\nB: 03 03\nA: 00 0 100 0 0\nA: 01 0 100 0 0\n"
            + "E: 5.000000 0701 014a 0001\nE: 5.250000 0000 0000 0000\n"
        var reader = try EvemuReader(source: MemoryByteSource(text: text))
        XCTAssertEqual(try reader.nextEvent(), EvdevEvent(time: .zero, type: 0, code: 0, value: 0))
        XCTAssertEqual(reader.firstEventTime, 5_250_000)
        XCTAssertEqual(reader.warnings.count, 1)
    }

    func testUnknownEventWarningsAreBounded() throws {
        var text = "N: X\nB: 00 0b\nB: 03 03\nA: 00 0 100 0 0\nA: 01 0 100 0 0\n"
        for code in 0..<500 { text += "E: 1.000000 0701 \(String(code, radix: 16)) 0001\n" }
        var reader = try EvemuReader(source: MemoryByteSource(text: text))
        while try reader.nextEvent() != nil {}
        XCTAssertEqual(reader.warnings.count, 64)
    }

    // MARK: touch scripts

    /// A coordinate near 1e304 used to hang the engine's spring (its doubling loop never ended).
    func testATouchScriptCoordinatePastTenMillionPointsIsRefused() {
        let text = #"{"t": 0, "slot": 0, "phase": "down", "x": 1e304, "y": 5}"# + "\n"
        XCTAssertEqual(error(text)?.description, #"hostile:1: expected "x" a coordinate between -1e7 and 1e7 px, got 1e+304"#)
        let integer = #"{"t": 0, "slot": 0, "phase": "down", "x": 5, "y": -10000001}"# + "\n"
        XCTAssertEqual(error(integer)?.expected, #""y" a coordinate between -1e7 and 1e7 px, got -10000001"#)
    }

    /// A time within 0.15 s of Int64.max used to trap when the engine added an animation to it.
    func testATouchScriptTimePastTheInputRangeIsRefused() {
        let text = #"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 1}"# + "\n"
            + #"{"t": 9223372036854700000, "slot": 0, "phase": "up", "x": 1, "y": 1}"# + "\n"
        let error = error(text)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.expected, "\"t\" in microseconds between -1099511627776000000 and 1099511627776000000 (2^40 s), got 9223372036854700000")
    }

    func testTheEdgesOfTheRangesStillRead() throws {
        let text = #"{"t": 1099511627776000000, "slot": 0, "phase": "down", "x": -10000000, "y": 1e7}"# + "\n"
            + #"{"t": 1099511627776000000, "slot": 0, "phase": "up", "x": 10000000, "y": 0}"# + "\n"
        var reader = TouchScriptReader(source: MemoryByteSource(text: text))
        let frames = try readAllFrames(&reader)
        XCTAssertEqual(frames.first?.samples.first?.location, Point(x: -1e7, y: 1e7))
    }

    // MARK: libinput record

    static let libinputHead = """
    version: 1
    ndevices: 1
    devices:
      - node: /dev/input/event5
        evdev:
          name: "Panel & Co *special* ?"
          id: [3, 1133, 49948, 273]
          codes:
            0: [0, 1, 3]
            1: [330]
            3: [0, 1, 47, 53, 54, 57]
          absinfo:
            0: [0, 1919, 0, 0, 10]
            1: [0, 1079, 0, 0, 10]
            47: [0, 9, 0, 0, 0]
            53: [0, 1919, 0, 0, 10]
            54: [0, 1079, 0, 0, 10]
            57: [0, 65535, 0, 0, 0]
          properties: [1]

    """

    static let libinputEvents = """
        events:
          - evdev:
            - [  0,      0,   0,   0,     0]

    """

    /// 831 bytes of nested aliases grow to 2 GiB when a YAML composer expands them.
    func testAYAMLAliasBombIsRefusedBeforeAnythingExpandsIt() {
        var bomb = "    udev:\n      a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<10 {
            let previous = "*a\(level - 1)"
            bomb += "      a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        let error = error(Self.libinputHead + bomb + Self.libinputEvents)
        XCTAssertEqual(error?.line, 21)
        XCTAssertEqual(error?.expected, "plain YAML as libinput record writes it, got a YAML anchor (&); anchors and aliases are not accepted at column 11")
    }

    /// `? [a]` (a collection as a mapping key) names no key path.
    func testAComplexKeyIsRefused() {
        XCTAssertEqual(error(Self.libinputHead + "    ? [a]\n    : 1\n" + Self.libinputEvents)?.line, 20)
        let implicit = error(Self.libinputHead + "    udev: {[a]: 1}\n" + Self.libinputEvents)
        XCTAssertEqual(implicit?.line, 20)
        XCTAssertTrue(implicit?.expected.contains("complex key") ?? false)
    }

    func testTagsAndDeepNestingAreRefused() {
        XCTAssertTrue(error(Self.libinputHead + "    hid: !!binary aGVsbG8=\n" + Self.libinputEvents)?.expected.contains("tag") ?? false)
        let deep = "    hid: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        XCTAssertTrue(error(Self.libinputHead + deep + Self.libinputEvents)?.expected.contains("nesting deeper than 128") ?? false)
    }

    /// Plain characters that look like indicators inside names, quoted strings and comments are
    /// not YAML features: the reader still takes the file.
    func testIndicatorCharactersInsideScalarsAndCommentsAreFine() throws {
        let extra = "    udev:\n      properties:\n      - ID_INPUT=1 # & * ? !\n      - 'it''s *fine*'\n      - \"a \\\" & b\"\n"
        let reader = try LibinputRecordReader(source: MemoryByteSource(text: Self.libinputHead + extra + Self.libinputEvents))
        XCTAssertEqual(reader.device.name, "Panel & Co *special* ?")
    }

    func testAHeaderPast256KiBIsRefused() {
        let long = String(repeating: "      - ID_X=\(String(repeating: "y", count: 1000))\n", count: 1100)
        let error = error(Self.libinputHead + "    udev:\n      properties:\n" + long + Self.libinputEvents)
        XCTAssertTrue(error?.expected.contains("at most 262144 bytes") ?? false)
    }
}
