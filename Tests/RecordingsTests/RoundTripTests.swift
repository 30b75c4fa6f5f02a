import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// read → write → read gives identical devices and events, for evemu and libinput record.
final class RoundTripTests: XCTestCase {
    func events(_ reader: inout some EvdevEventReader) throws -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        while let event = try reader.nextEvent() { events.append(event) }
        return events
    }

    func evemuText(device: EvdevDevice, events: [EvdevEvent]) -> String {
        EvemuWriter.header(device: device) + events.map(EvemuWriter.eventLine).joined()
    }

    func libinputText(device: EvdevDevice, events: [EvdevEvent]) -> String {
        var writer = LibinputRecordWriter()
        var text = LibinputRecordWriter.header(device: device)
        for event in events { text += writer.write(event) ?? "" }
        return text + (writer.flush() ?? "")
    }

    func assertRoundTrips(_ path: String, description: String? = nil) throws {
        var original = try EvemuReader(source: try FileByteSource(path: path),
                                       description: try description.map { try FileByteSource(path: $0) })
        let device = original.device
        let recorded = try events(&original)
        XCTAssertFalse(recorded.isEmpty)

        let evemu = evemuText(device: device, events: recorded)
        for chunkSize in [1, 4096] {
            var again = try EvemuReader(source: MemoryByteSource(name: "written.evemu", text: evemu, chunkSize: chunkSize))
            XCTAssertEqual(again.device, device, path)
            XCTAssertEqual(try events(&again), recorded, path)
        }
        XCTAssertEqual(evemuText(device: device, events: recorded),
                       evemuText(device: try EvemuReader(source: MemoryByteSource(text: evemu)).device, events: recorded),
                       "writing is deterministic")

        let yaml = libinputText(device: device, events: recorded)
        for chunkSize in [1, 4096] {
            var again = try LibinputRecordReader(source: MemoryByteSource(name: "written.yml", text: yaml, chunkSize: chunkSize))
            XCTAssertEqual(again.device, device, path)
            XCTAssertEqual(try events(&again), recorded, path)
        }
    }

    func testSyntheticSessionsRoundTrip() throws {
        for session in SyntheticSession.allCases {
            let text = session.evemu
            var reader = try EvemuReader(source: MemoryByteSource(text: text))
            let device = reader.device
            let recorded = try events(&reader)
            XCTAssertEqual(evemuText(device: device, events: recorded),
                           EvemuWriter.header(device: device) + recorded.map(EvemuWriter.eventLine).joined())
            var yamlReader = try LibinputRecordReader(source: MemoryByteSource(text: libinputText(device: device, events: recorded), chunkSize: 5))
            XCTAssertEqual(yamlReader.device, device)
            XCTAssertEqual(try events(&yamlReader), recorded, session.rawValue)
        }
    }

    func testRealRecordingsRoundTrip() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        try assertRoundTrips(corpus.appendingPathComponent("hid-devices/quanta_0408_3008_0.ev").path)
        try assertRoundTrips(corpus.appendingPathComponent("evemu-devices/tablets-finger/Wacom ISDv4 E6 Finger.double-center-scroll.events").path,
                             description: corpus.appendingPathComponent("evemu-devices/tablets-finger/Wacom ISDv4 E6 Finger.desc").path)
        try assertRoundTrips(corpus.appendingPathComponent("evemu-devices/touchscreens/N-Trig MultiTouch.2-fingers-touch-release.events").path,
                             description: corpus.appendingPathComponent("evemu-devices/touchscreens/N-Trig MultiTouch.desc").path)
    }

    func testNegativeValuesAreWrittenLikePrintf04d() {
        XCTAssertEqual(EvemuWriter.padded(-1), "-001")
        XCTAssertEqual(EvemuWriter.padded(42), "0042")
        XCTAssertEqual(EvemuWriter.padded(123456), "123456")
        XCTAssertEqual(EvemuWriter.eventLine(EvdevEvent(time: Timestamp(microseconds: 1_000_042), type: 3, code: 0x39, value: -1)),
                       "E: 1.000042 0003 0039 -001\n")
    }
}
