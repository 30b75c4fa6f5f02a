import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// Every real touchscreen recording in ../shared/recordings reads without error and its touches
/// balance; the facts the corpus README states hold.
final class SharedCorpusTests: XCTestCase {
    let screen = ScreenMapping(screenSize: Size(width: 1280, height: 800))

    struct Summary {
        var frames = 0
        var downs = 0
        var ends = 0
        var maxSimultaneous = 0
        var duration = Timestamp.zero
        var warnings: [RecordingWarning] = []
        /// (start, end) of each period with two or more fingers down.
        var multiFingerPeriods: [(Timestamp, Timestamp)] = []
    }

    func summarize(_ path: String, allowIndirect: Bool = false) throws -> (RecordingSource, Summary) {
        let source = try RecordingSource.open(path: path, mapping: screen, allowIndirect: allowIndirect)
        // What the checks below hold it to; the playback driver takes the frames as they are then.
        XCTAssertTrue(source.givesWholeTouches)
        var summary = Summary()
        var down = Set<TouchSlot>()
        var multiStart: Timestamp?
        while let frame = try source.nextFrame() {
            summary.frames += 1
            summary.duration = frame.time
            for sample in frame.samples {
                switch sample.phase {
                case .down:
                    XCTAssertFalse(down.contains(sample.slot), "\(path): down for \(sample.slot) already down at \(frame.time)")
                    down.insert(sample.slot)
                    summary.downs += 1
                case .up, .cancel:
                    XCTAssertTrue(down.contains(sample.slot), "\(path): \(sample.phase) for \(sample.slot) not down at \(frame.time)")
                    down.remove(sample.slot)
                    summary.ends += 1
                case .move:
                    XCTAssertTrue(down.contains(sample.slot), "\(path): move for \(sample.slot) not down at \(frame.time)")
                }
                XCTAssertTrue(sample.location.x.isFinite && sample.location.y.isFinite)
            }
            summary.maxSimultaneous = max(summary.maxSimultaneous, down.count)
            if down.count >= 2, multiStart == nil { multiStart = frame.time }
            if down.count < 2, let start = multiStart {
                summary.multiFingerPeriods.append((start, frame.time))
                multiStart = nil
            }
        }
        XCTAssertTrue(down.isEmpty, "\(path): touches left down at the end")
        summary.warnings = source.warnings
        return (source, summary)
    }

    func touchscreenFiles(_ corpus: URL) throws -> [String] {
        var files: [String] = []
        for folder in ["evemu-devices/touchscreens", "evemu-devices/tablets-finger", "hid-devices", "evemu-data"] {
            let directory = corpus.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where [".events", ".ev", ".evemu", ".event"].contains(where: name.hasSuffix) {
                files.append(directory.appendingPathComponent(name).path)
            }
        }
        return files
    }

    func testEveryTouchscreenRecordingReadsWithBalancedTouches() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let files = try touchscreenFiles(corpus)
        XCTAssertGreaterThan(files.count, 25)
        // The Bamboo's finger interface is an indirect touch tablet: udev calls it a touchpad.
        let knownIndirect = ["Wacom Bamboo 16FG 4x5 Finger"]
        for path in files {
            do {
                let indirect = knownIndirect.contains { URL(fileURLWithPath: path).lastPathComponent.hasPrefix($0) }
                if indirect {
                    XCTAssertNotNil(recordingError { _ = try RecordingSource.open(path: path, mapping: screen) })
                }
                let (source, summary) = try summarize(path, allowIndirect: indirect)
                XCTAssertGreaterThan(summary.downs, 0, "\(path) has no touches")
                XCTAssertEqual(summary.downs, summary.ends, path)
                print("\(URL(fileURLWithPath: path).lastPathComponent): \(source.deviceClass!.rawValue) \(source.device!.touchProtocol.rawValue), \(summary.frames) frames, \(summary.downs) touches, max \(summary.maxSimultaneous) fingers, \(summary.duration.seconds) s, \(summary.warnings.count) warnings \(summary.warnings.prefix(2))")
            } catch {
                XCTFail("\(path): \(error)")
            }
        }
    }

    func testQuantaHasTwoSlotsAndATwoFingerPinchFrom8_4To12_9Seconds() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let (source, summary) = try summarize(corpus.appendingPathComponent("hid-devices/quanta_0408_3008_0.ev").path)
        XCTAssertEqual(source.device?.slotCount, 2)
        XCTAssertEqual(source.deviceClass, .touchscreen)
        let longest = summary.multiFingerPeriods.max { ($0.1.microseconds - $0.0.microseconds) < ($1.1.microseconds - $1.0.microseconds) }
        let period = try XCTUnwrap(longest)
        XCTAssertEqual(period.0.seconds, 8.4, accuracy: 0.2)
        XCTAssertEqual(period.1.seconds, 12.9, accuracy: 0.2)
    }

    func test3MWithEmptyPropertyBitmapIsATouchscreenWith60Slots() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let (source, summary) = try summarize(corpus.appendingPathComponent("evemu-data/3m.event").path)
        XCTAssertEqual(source.device?.properties, [])
        XCTAssertEqual(source.deviceClass, .touchscreen)
        XCTAssertEqual(source.device?.slotCount, 60)
        XCTAssertGreaterThanOrEqual(summary.maxSimultaneous, 5)
        // 3m.prop is the same device description alone (the header of 3m.event): it classifies the same.
        let description = try EvemuReader(source: try FileByteSource(path: corpus.appendingPathComponent("evemu-data/3m.prop").path))
        XCTAssertEqual(description.device, source.device)
    }

    func testWacomDTH2242EpochTimesStartNearZero() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let path = corpus.appendingPathComponent("evemu-devices/tablets-finger/Wacom DTH2242 Finger.events").path
        var reader = try EvemuReader(source: try FileByteSource(path: path))
        XCTAssertEqual(reader.version, "1.1")
        let first = try XCTUnwrap(reader.nextEvent())
        XCTAssertEqual(first.time, .zero)
        let (_, summary) = try summarize(path)
        XCTAssertEqual(summary.downs, 66)
        XCTAssertLessThan(summary.duration.seconds, 3600)
    }

    func testSynapticsTouchpadsAreRefusedUnlessIndirectIsAllowed() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let directory = corpus.appendingPathComponent("evemu-devices/touchpads")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".events") }
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let path = directory.appendingPathComponent(name).path
            let error = recordingError { _ = try RecordingSource.open(path: path, mapping: screen) }
            XCTAssertTrue(error?.expected.contains("is a touchpad") ?? false, "\(name): \(String(describing: error))")
            let (source, summary) = try summarize(path, allowIndirect: true)
            XCTAssertEqual(source.deviceClass, .touchpad)
            XCTAssertGreaterThan(summary.downs, 0)
        }
    }

    func testHeaderlessEventsFindTheirDescriptionBesideThemByDeviceName() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        let path = corpus.appendingPathComponent("evemu-devices/touchscreens/N-Trig MultiTouch.2-fingers-touch-release.events").path
        let source = try RecordingSource.open(path: path, mapping: screen)
        XCTAssertEqual(source.descriptionPath.map { URL(fileURLWithPath: $0).lastPathComponent }, "N-Trig MultiTouch.desc")
        XCTAssertEqual(source.device?.touchProtocol, .multitouchA)
    }

    func testReadingByteByByteGivesTheSameFramesAsReadingWhole() throws {
        let corpus = try TestPaths.requireSharedCorpus()
        for relative in ["hid-devices/quanta_0408_3008_0.ev", "evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events"] {
            let path = corpus.appendingPathComponent(relative).path
            let whole = try RecordingSource.open(path: path, mapping: screen)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let byteByByte = try RecordingSource.open(source: MemoryByteSource(name: path, bytes: bytes, chunkSize: 1), mapping: screen)
            var count = 0
            while let frame = try whole.nextFrame() {
                XCTAssertEqual(try byteByByte.nextFrame(), frame, relative)
                count += 1
            }
            XCTAssertNil(try byteByByte.nextFrame())
            XCTAssertGreaterThan(count, 50)
        }
    }
}
