import ScrollEngine
import XCTest
@testable import Recordings

final class LibinputRecordReaderTests: XCTestCase {
    /// Two devices as `libinput record --multiple` writes them, with keys the reader must ignore.
    static let twoDevices = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.25.0"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0"
      dmi: "dmi:bvnLENOVO:bvrGJET72WW(2.22):bd02/21/2014:svnLENOVO:"
    devices:
      - node: /dev/input/event9
        evdev:
          # Name: Synaptics TM2668-002
          # ID: bus 0x1d vendor 0x6cb product 00 version 00
          name: "Synaptics TM2668-002"
          id: [29, 1739, 0, 0]
          codes:
            0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
            1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
            3: [0, 1, 24, 47, 48, 49, 52, 53, 54, 55, 57, 58] # EV_ABS
          absinfo:
            0: [0, 4089, 0, 0, 42]
            1: [0, 2811, 0, 0, 41]
            47: [0, 4, 0, 0, 0]
            53: [0, 4089, 0, 0, 42]
            54: [0, 2811, 0, 0, 41]
            57: [0, 65535, 0, 0, 0]
          properties: [0, 2, 4]
        hid: [5, 1, 9, 2]
        udev:
          properties:
          - ID_INPUT_TOUCHPAD=1
        quirks:
        - ModelSynapticsSerialTouchpad=1
        events:
          - evdev:
            - [  0,      0,   3,  57,  1420] # EV_ABS / ABS_MT_TRACKING_ID   1420
            - [  0,      0,   3,  53,  1218] # EV_ABS / ABS_MT_POSITION_X    1218
            - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ------- +0ms
      - node: /dev/input/event5
        evdev:
          name: "Touch: Panel #2"
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
          future_key: {nested: [1, 2]}
        events:
          - evdev:
            - [  5, 000100,   3,  57,     3] # EV_ABS / ABS_MT_TRACKING_ID 3
            - [  5,    100,   3,  53,   960]
            - [  5,    100,   3,  54,   540]
            - [  5,    100,   1, 330,     1]
            - [  5,    100,   0,   0,     0]
          - libinput:
              type: TOUCH_DOWN
              time: 5.000100
          - evdev:
            - [  5,  16100,   3,  53,   970] # a comment
            - [  5,  16100,   0,   0,     0]
          - evdev:
            - [  5,  32100,   3,  57,    -1]
            - [  5,  32100,   1, 330,     0]
            - [  5,  32100,   0,   0,     0]

    """

    func reader(_ text: String, deviceIndex: Int = 0, chunkSize: Int = 1 << 16) throws -> LibinputRecordReader {
        try LibinputRecordReader(source: MemoryByteSource(name: "test.yml", text: text, chunkSize: chunkSize), deviceIndex: deviceIndex)
    }

    func events(_ text: String, deviceIndex: Int = 0, chunkSize: Int = 1 << 16) throws -> [EvdevEvent] {
        var reader = try reader(text, deviceIndex: deviceIndex, chunkSize: chunkSize)
        var events: [EvdevEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        return events
    }

    func testFirstDevice() throws {
        let reader = try reader(Self.twoDevices)
        XCTAssertEqual(reader.version, 1)
        XCTAssertEqual(reader.device.name, "Synaptics TM2668-002")
        XCTAssertEqual(reader.device.id, InputID(bustype: 29, vendor: 1739, product: 0, version: 0))
        XCTAssertEqual(reader.device.properties, [0, 2, 4])
        XCTAssertEqual(reader.device.absinfo[0], AbsInfo(minimum: 0, maximum: 4089, resolution: 42))
        XCTAssertEqual(DeviceClass(device: reader.device), .touchpad)
        XCTAssertEqual(try events(Self.twoDevices).count, 3)
    }

    func testSecondDeviceSkipsTheFirstDevicesEventsAndLibinputEntries() throws {
        for chunkSize in chunkSizes {
            let reader = try reader(Self.twoDevices, deviceIndex: 1, chunkSize: chunkSize)
            XCTAssertEqual(reader.device.name, "Touch: Panel #2")
            XCTAssertEqual(reader.device.slotCount, 10)
            XCTAssertEqual(DeviceClass(device: reader.device), .touchscreen)
            let events = try events(Self.twoDevices, deviceIndex: 1, chunkSize: chunkSize)
            XCTAssertEqual(events.count, 10)
            XCTAssertEqual(events[0], EvdevEvent(time: .zero, type: 3, code: 57, value: 3))
            XCTAssertEqual(events[5], EvdevEvent(time: Timestamp(microseconds: 16000), type: 3, code: 53, value: 970))
            XCTAssertEqual(events[7].value, -1)
        }
    }

    func testRecordingSourceReadsTouchesFromTheChosenDevice() throws {
        let source = try RecordingSource.open(source: MemoryByteSource(text: Self.twoDevices), deviceIndex: 1,
                                              mapping: ScreenMapping(screenSize: Size(width: 1920, height: 1080)))
        XCTAssertEqual(source.format, .libinputRecord)
        var frames: [TouchFrame] = []
        while let frame = try source.nextFrame() { frames.append(frame) }
        XCTAssertEqual(frames.flatMap(\.samples).map(\.phase), [.down, .move, .up])
        XCTAssertEqual(frames[0].samples[0].location, Point(x: 960, y: 540))
        XCTAssertNotNil(recordingError {
            _ = try RecordingSource.open(source: MemoryByteSource(text: Self.twoDevices), deviceIndex: 0,
                                         mapping: ScreenMapping(screenSize: Size(width: 1920, height: 1080)))
        }?.expected.contains("is a touchpad"))
    }

    func testDeviceIndexOutOfRange() {
        let error = recordingError { _ = try reader(Self.twoDevices, deviceIndex: 2) }
        XCTAssertTrue(error?.expected.contains("the file has 2 device(s)") ?? false, "\(String(describing: error))")
    }

    func testEmptyFileAndMissingDevices() {
        XCTAssertTrue(recordingError { _ = try reader("") }?.expected.contains("empty file") ?? false)
        XCTAssertTrue(recordingError { _ = try reader("version: 1\nndevices: 0\n") }?.expected.contains("devices:") ?? false)
    }

    func testWrongVersion() {
        let text = Self.twoDevices.replacingOccurrences(of: "version: 1\n", with: "version: 2\n")
        XCTAssertTrue(recordingError { _ = try reader(text) }?.expected.contains("version 1, got 2") ?? false)
    }

    func testBadHeaderValues() {
        let text = Self.twoDevices.replacingOccurrences(of: "0: [0, 4089, 0, 0, 42]", with: "0: [0, 4089, zero]")
        XCTAssertTrue(recordingError { _ = try reader(text) }?.expected.contains("absinfo.0") ?? false)
    }

    func testWrongFieldCountNonNumericAndBackwardsTimeNameTheLine() {
        func failure(_ replace: String, _ with: String) -> RecordingError? {
            let text = Self.twoDevices.replacingOccurrences(of: replace, with: with)
            return recordingError { _ = try events(text, deviceIndex: 1) }
        }
        let fields = failure("[  5,  16100,   3,  53,   970]", "[  5,  16100,   3,  53]")
        let lineOfEvent = Self.twoDevices.components(separatedBy: "\n").firstIndex { $0.contains("[  5,  16100,   3,  53,   970]") }! + 1
        XCTAssertEqual(fields?.line, lineOfEvent)
        XCTAssertTrue(fields?.expected.contains("5 numbers") ?? false)
        XCTAssertTrue(failure("[  5,  16100,   3,  53,   970]", "[  5,  16100,   3,  53,   x]")?.expected.contains("value as a decimal") ?? false)
        XCTAssertTrue(failure("[  5,  16100,   3,  53,   970]", "[  4,  16100,   3,  53,   970]")?.expected.contains("backwards") ?? false)
        XCTAssertTrue(failure("- [  5,  16100,   3,  53,   970]", "garbage here")?.expected.contains("an event line") ?? false)
    }

    func testTruncatedFileEndsTheEvents() throws {
        let cut = String(Self.twoDevices.prefix(upTo: Self.twoDevices.range(of: "- [  5,  16100,   0")!.lowerBound))
        let events = try events(cut, deviceIndex: 1)
        XCTAssertEqual(events.count, 6)
        let mid = String(Self.twoDevices.prefix(upTo: Self.twoDevices.range(of: "   3,  53,   970]")!.lowerBound))
        XCTAssertTrue(recordingError { _ = try self.events(mid, deviceIndex: 1) }?.expected.contains("event") ?? false)
    }
}
