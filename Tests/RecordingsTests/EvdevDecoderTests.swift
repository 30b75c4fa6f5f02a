import ScrollEngine
import XCTest
@testable import Recordings

/// Scripts of evdev events through the decoder, litest style: a device described as data, then
/// `touch(down:…)`, `sync()`, and the frames that come out.
final class EvdevDecoderTests: XCTestCase {
    static let axis = AbsInfo(minimum: 0, maximum: 999)

    static func device(slots: Int? = 4, protocolA: Bool = false, single: Bool = false, properties: Set<Int> = [InputProperty.direct]) -> EvdevDevice {
        var abs: Set<UInt16> = [AbsCode.x, AbsCode.y]
        var absinfo: [UInt16: AbsInfo] = [AbsCode.x: axis, AbsCode.y: axis]
        if !single {
            abs.formUnion([AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID, AbsCode.mtToolType])
            absinfo[AbsCode.mtPositionX] = axis
            absinfo[AbsCode.mtPositionY] = axis
            if !protocolA, let slots {
                abs.insert(AbsCode.mtSlot)
                absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Int32(slots - 1))
            }
        }
        return EvdevDevice(name: "script device", properties: properties,
                           codes: [EventType.syn: [0, 1, 3], EventType.key: [KeyCode.touch], EventType.abs: abs], absinfo: absinfo)
    }

    /// A decoder on a 1000x1000 px screen (1 unit = 1 px) and a little event script language.
    struct Script {
        var decoder: EvdevDecoder
        var time: Int64 = 0
        var frames: [TouchFrame] = []

        init(_ device: EvdevDevice, mapping: ScreenMapping = ScreenMapping(screenSize: Size(width: 1000, height: 1000)),
             droppedEvents: DroppedEventsPolicy = .cancelTouches) throws {
            decoder = try EvdevDecoder(device: device, mapping: mapping, droppedEvents: droppedEvents)
        }

        mutating func event(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            if let frame = decoder.feed(EvdevEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value)) {
                frames.append(frame)
            }
        }
        mutating func slot(_ n: Int32) { event(EventType.abs, AbsCode.mtSlot, n) }
        mutating func tracking(_ id: Int32) { event(EventType.abs, AbsCode.mtTrackingID, id) }
        mutating func position(_ x: Int32, _ y: Int32) {
            event(EventType.abs, AbsCode.mtPositionX, x)
            event(EventType.abs, AbsCode.mtPositionY, y)
        }
        mutating func sync() {
            event(EventType.syn, SynCode.report, 0)
            time += 10_000
        }
        /// The phases and slots of every sample so far, e.g. "down0 move0 up0".
        var transcript: String {
            frames.flatMap(\.samples).map { "\($0.phase.rawValue)\($0.slot.rawValue)" }.joined(separator: " ")
        }
    }

    func testProtocolBDownMoveUp() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 200); s.sync()
        s.position(110, 200); s.sync()
        s.tracking(-1); s.sync()
        XCTAssertEqual(s.transcript, "down0 move0 up0")
        XCTAssertEqual(s.frames[0].samples[0].location, Point(x: 100, y: 200))
        XCTAssertEqual(s.frames[1].time, Timestamp(microseconds: 10_000))
        XCTAssertEqual(s.frames[2].samples[0].location, Point(x: 110, y: 200))
    }

    /// A frame given back (`recycle`, as the playback driver does) holds the frames after it: a
    /// one-finger frame after a two-finger one has room for two. A copy the caller keeps is not changed.
    func testAFrameGivenBackHoldsTheFramesAfterIt() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100)
        s.slot(1); s.tracking(2); s.position(200, 200); s.sync()
        let both = try XCTUnwrap(s.frames.popLast())
        XCTAssertEqual(both.samples.count, 2)
        s.decoder.recycle(consume both)
        s.slot(0); s.position(110, 100); s.sync()
        let one = try XCTUnwrap(s.frames.popLast())
        XCTAssertEqual(one.samples, [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: 110, y: 100))])
        XCTAssertGreaterThanOrEqual(one.samples.capacity, 2, "the storage of the frame given back")
        // A commit without a sample (no event of any slot) is no frame, and keeps the storage.
        s.decoder.recycle(consume one)
        s.sync()
        XCTAssertTrue(s.frames.isEmpty)
        s.slot(1); s.position(210, 200); s.sync()
        let next = try XCTUnwrap(s.frames.popLast())
        XCTAssertEqual(next.samples, [TouchSample(slot: TouchSlot(1), phase: .move, location: Point(x: 210, y: 200))])
        XCTAssertGreaterThanOrEqual(next.samples.capacity, 2, "the storage of the frame given back")
        let kept = next
        s.decoder.recycle(next)
        s.slot(0); s.position(120, 100); s.sync()
        XCTAssertEqual(kept.samples, [TouchSample(slot: TouchSlot(1), phase: .move, location: Point(x: 210, y: 200))])
        XCTAssertEqual(s.frames.last?.samples, [TouchSample(slot: TouchSlot(0), phase: .move, location: Point(x: 120, y: 100))])
    }

    func testANewTouchWithoutPositionEventsStartsAtTheSlotsLastPosition() throws {
        var s = try Script(Self.device())
        s.slot(1); s.tracking(5); s.position(300, 400); s.sync()
        s.tracking(-1); s.sync()
        s.tracking(6); s.sync()
        XCTAssertEqual(s.transcript, "down1 up1 down1")
        XCTAssertEqual(s.frames[2].samples[0].location, Point(x: 300, y: 400))
    }

    func testANewTrackingIDOnAnActiveSlotIsUpThenDown() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100); s.sync()
        s.tracking(2); s.position(500, 500); s.sync()
        XCTAssertEqual(s.transcript, "down0 up0 down0")
        XCTAssertEqual(s.frames[1].samples.map(\.phase), [.up, .down])
    }

    func testTwoSlotsInOneFrame() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100)
        s.slot(1); s.tracking(2); s.position(200, 200); s.sync()
        XCTAssertEqual(s.frames.count, 1)
        XCTAssertEqual(s.transcript, "down0 down1")
    }

    /// A commit visits only the slots that had an event in the frame; the samples still come in
    /// slot order, across the 64-slot words of the record of changed slots, and a finger left alone
    /// (or given its own tracking id again) reports nothing.
    func testOnlySlotsWithEventsReportAndSamplesComeInSlotOrder() throws {
        var s = try Script(Self.device(slots: 70))
        s.slot(66); s.tracking(7); s.position(660, 660)
        s.slot(3); s.tracking(8); s.position(30, 30); s.sync()
        s.slot(66); s.position(661, 660); s.sync()
        s.slot(3); s.tracking(8); s.sync()
        s.slot(66); s.position(662, 660)
        s.slot(3); s.position(31, 30); s.sync()
        s.slot(3); s.tracking(-1)
        s.slot(66); s.tracking(-1); s.sync()
        XCTAssertEqual(s.transcript, "down3 down66 move66 move3 move66 up3 up66")
        XCTAssertEqual(s.frames.count, 4)
        XCTAssertEqual(s.frames[1].samples.map(\.location), [Point(x: 661, y: 660)])
        XCTAssertEqual(s.frames[2].samples.map(\.location), [Point(x: 31, y: 30), Point(x: 662, y: 660)])
    }

    func testPalmCancelsTheTouchAndSuppressesItUntilItEnds() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100); s.sync()
        s.event(EventType.abs, AbsCode.mtToolType, MTToolType.palm); s.sync()
        s.position(120, 120); s.sync()
        s.tracking(-1); s.event(EventType.abs, AbsCode.mtToolType, MTToolType.finger); s.sync()
        s.tracking(2); s.sync()
        XCTAssertEqual(s.transcript, "down0 cancel0 down0")
    }

    func testATouchThatStartsAsAPalmIsNeverReported() throws {
        var s = try Script(Self.device())
        s.slot(0); s.event(EventType.abs, AbsCode.mtToolType, MTToolType.palm); s.tracking(1); s.position(1, 1); s.sync()
        s.tracking(-1); s.sync()
        XCTAssertEqual(s.transcript, "")
    }

    func testSlotsBeyondTheDeviceAreIgnoredWithOneWarning() throws {
        var s = try Script(Self.device(slots: 2))
        s.slot(5); s.tracking(1); s.position(1, 1); s.sync()
        s.slot(-3); s.tracking(2); s.sync()
        s.slot(1); s.tracking(3); s.sync()
        XCTAssertEqual(s.transcript, "down1")
        XCTAssertEqual(s.decoder.takeWarnings().count, 1)
    }

    func testSynDroppedDropsToTheNextReportCancelsAndResynchronises() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100); s.sync()
        s.event(EventType.syn, SynCode.dropped, 0)
        s.position(900, 900) // lost with the drop
        s.sync()
        s.position(150, 150); s.sync()  // state unknown: ignored
        s.tracking(-1); s.sync()
        s.tracking(2); s.position(200, 200); s.sync()
        XCTAssertEqual(s.transcript, "down0 cancel0 down0")
        XCTAssertEqual(s.frames[1].samples[0].location, Point(x: 100, y: 100))
        XCTAssertTrue(s.decoder.takeWarnings().contains { $0.message.contains("SYN_DROPPED") })
    }

    func testLibevdevResyncEventsAreAppliedWhenAsked() throws {
        var s = try Script(Self.device(), droppedEvents: .applyResyncEvents)
        s.slot(0); s.tracking(1); s.position(100, 100)
        s.slot(1); s.tracking(2); s.position(500, 500); s.sync()
        s.event(EventType.syn, SynCode.dropped, 0)
        // libevdev's delta: slot 0 moved, slot 1 ended and a new touch began there.
        s.slot(0); s.position(120, 100)
        s.slot(1); s.tracking(-1); s.tracking(3); s.position(600, 600); s.sync()
        XCTAssertEqual(s.transcript, "down0 down1 move0 up1 down1")
        XCTAssertEqual(s.frames[1].samples.last?.location, Point(x: 600, y: 600))
    }

    func testFinishCancelsTouchesStillDown() throws {
        var s = try Script(Self.device())
        s.slot(0); s.tracking(1); s.position(100, 100); s.sync()
        let last = s.decoder.finish(at: Timestamp(microseconds: 99))
        XCTAssertEqual(last?.samples.map(\.phase), [.cancel])
        XCTAssertEqual(s.decoder.touchesDown, 0)
    }

    func testProtocolAMatchesContactsByNearestNeighbour() throws {
        var s = try Script(Self.device(protocolA: true))
        func contact(_ x: Int32, _ y: Int32) {
            s.position(x, y)
            s.event(EventType.syn, SynCode.mtReport, 0)
        }
        contact(100, 100); contact(800, 800); s.sync()
        // Reported in the other order: matching follows position, not order.
        contact(810, 790); contact(105, 100); s.sync()
        contact(820, 780); s.sync()            // the finger at 105,100 lifted
        s.event(EventType.syn, SynCode.mtReport, 0); s.sync() // empty report: all lifted
        XCTAssertEqual(s.transcript, "down0 down1 move0 move1 up0 move1 up1")
        XCTAssertEqual(s.frames[1].samples.first { $0.slot == TouchSlot(1) }?.location, Point(x: 810, y: 790))
    }

    func testProtocolAUsesTrackingIDsWhenPresent() throws {
        var s = try Script(Self.device(protocolA: true))
        func contact(_ id: Int32, _ x: Int32, _ y: Int32) {
            s.tracking(id)
            s.position(x, y)
            s.event(EventType.syn, SynCode.mtReport, 0)
        }
        contact(7, 100, 100); contact(8, 120, 100); s.sync()
        contact(8, 100, 100); contact(7, 120, 100); s.sync() // the fingers crossed
        XCTAssertEqual(s.frames[1].samples.map(\.location), [Point(x: 120, y: 100), Point(x: 100, y: 100)])
        XCTAssertEqual(s.frames[1].samples.map(\.slot), [TouchSlot(0), TouchSlot(1)])
    }

    func testSingleTouch() throws {
        var s = try Script(Self.device(single: true))
        s.event(EventType.abs, AbsCode.x, 10); s.event(EventType.abs, AbsCode.y, 20)
        s.event(EventType.key, KeyCode.touch, 1); s.sync()
        s.event(EventType.abs, AbsCode.x, 30); s.sync()
        s.event(EventType.key, KeyCode.touch, 0); s.sync()
        XCTAssertEqual(s.transcript, "down0 move0 up0")
        XCTAssertEqual(s.frames[1].samples[0].location, Point(x: 30, y: 20))
    }

    func testADeviceWithoutPositionAxesIsAnError() {
        let device = EvdevDevice(name: "keyboard", codes: [EventType.key: [30]])
        let error = recordingError { _ = try EvdevDecoder(device: device, mapping: ScreenMapping(screenSize: Size(width: 1, height: 1))) }
        XCTAssertTrue(error?.expected.contains("ABS_X") ?? false)
    }

    func testSyntheticRecordingsDecodeToTheirChoreography() throws {
        for session in SyntheticSession.allCases {
            let source = try RecordingSource.open(source: MemoryByteSource(text: session.evemu), mapping: ScreenMapping(screenSize: SyntheticSession.screenSize))
            var frames: [TouchFrame] = []
            while let frame = try source.nextFrame() { frames.append(frame) }
            let expected = session.frames.map { frame in
                TouchFrame(time: frame.time, samples: frame.samples.map {
                    TouchSample(slot: $0.slot, phase: $0.phase, location: Point(x: $0.location.x.rounded(), y: $0.location.y.rounded()))
                })
            }
            XCTAssertEqual(frames, expected, session.rawValue)
            XCTAssertEqual(source.deviceClass, .touchscreen)
        }
    }
}
