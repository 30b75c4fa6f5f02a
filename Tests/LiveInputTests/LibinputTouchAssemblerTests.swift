import ScrollEngine
import XCTest
@testable import LiveInput

final class LibinputTouchAssemblerTests: XCTestCase {
    let panel = LibinputDeviceID(rawValue: 1)
    let keyboard = LibinputDeviceID(rawValue: 2)
    let panelInfo = LibinputDeviceInfo(name: "Panel", sysname: "event4", node: "/dev/input/event4",
                                       hasTouch: true, hasKeyboard: false, hasPointer: false, touchCount: 10)

    private func t(_ ms: Double) -> Timestamp { .milliseconds(ms) }

    private func feed(_ assembler: inout LibinputTouchAssembler, _ records: [LibinputEventRecord]) -> [LiveInputEvent] {
        records.flatMap { assembler.handle($0) }
    }

    func testTouchEventsBecomeOneFrameAtTouchFrame() {
        var a = LibinputTouchAssembler()
        let out = feed(&a, [
            .deviceAdded(panel, panelInfo),
            .touchDown(panel, seatSlot: 0, location: Point(x: 10, y: 20), time: t(1)),
            .touchDown(panel, seatSlot: 1, location: Point(x: 30, y: 40), time: t(1)),
            .touchFrame(panel, time: t(1)),
        ])
        XCTAssertEqual(out, [
            .deviceAdded(InputDeviceSummary(name: "Panel", node: "/dev/input/event4", kind: .touchscreen)),
            .touches(TouchFrame(time: t(1), samples: [
                TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 10, y: 20)),
                TouchSample(slot: TouchSlot(1), phase: .down, location: Point(x: 30, y: 40)),
            ])),
        ])
    }

    func testAnUpCarriesTheLastPosition() {
        var a = LibinputTouchAssembler()
        let out = feed(&a, [
            .deviceAdded(panel, panelInfo),
            .touchDown(panel, seatSlot: 0, location: Point(x: 10, y: 20), time: t(1)),
            .touchFrame(panel, time: t(1)),
            .touchMotion(panel, seatSlot: 0, location: Point(x: 15, y: 25), time: t(2)),
            .touchFrame(panel, time: t(2)),
            .touchUp(panel, seatSlot: 0, time: t(3)),
            .touchFrame(panel, time: t(3)),
        ])
        XCTAssertEqual(out.last, .touches(TouchFrame(time: t(3), samples: [
            TouchSample(slot: TouchSlot(0), phase: .up, location: Point(x: 15, y: 25)),
        ])))
        XCTAssertEqual(a.touchesDown, 0)
    }

    func testASlotChangingTwiceInOneFrameSplitsTheFrame() {
        var a = LibinputTouchAssembler()
        let out = feed(&a, [
            .deviceAdded(panel, panelInfo),
            .touchDown(panel, seatSlot: 0, location: Point(x: 1, y: 1), time: t(1)),
            .touchUp(panel, seatSlot: 0, time: t(1)),
            .touchFrame(panel, time: t(1)),
        ])
        let phases: [[TouchPhase]] = out.dropFirst().map { event -> [TouchPhase] in
            guard case let .touches(frame) = event else { return [] }
            return frame.samples.map(\.phase)
        }
        XCTAssertEqual(phases, [[.down], [.up]])
    }

    func testRemovingADeviceMidGestureCancelsItsTouches() {
        var a = LibinputTouchAssembler()
        let out = feed(&a, [
            .deviceAdded(panel, panelInfo),
            .touchDown(panel, seatSlot: 0, location: Point(x: 10, y: 20), time: t(1)),
            .touchDown(panel, seatSlot: 3, location: Point(x: 50, y: 60), time: t(1)),
            .touchFrame(panel, time: t(1)),
            .touchMotion(panel, seatSlot: 0, location: Point(x: 12, y: 22), time: t(2)),
            .touchFrame(panel, time: t(2)),
            .deviceRemoved(panel),
        ])
        XCTAssertEqual(Array(out.suffix(2)), [
            .touches(TouchFrame(time: t(2), samples: [
                TouchSample(slot: TouchSlot(0), phase: .cancel, location: Point(x: 12, y: 22)),
                TouchSample(slot: TouchSlot(3), phase: .cancel, location: Point(x: 50, y: 60)),
            ])),
            .deviceRemoved(InputDeviceSummary(name: "Panel", node: "/dev/input/event4", kind: .touchscreen), time: t(2)),
        ])
        XCTAssertEqual(a.touchesDown, 0)
        XCTAssertTrue(a.knownDevices.isEmpty)
    }

    func testMotionForAnUnknownSlotIsIgnored() {
        var a = LibinputTouchAssembler()
        XCTAssertEqual(feed(&a, [
            .touchMotion(panel, seatSlot: 7, location: .zero, time: t(1)),
            .touchFrame(panel, time: t(1)),
        ]), [])
    }

    func testScrollKeysAreReportedOnPressOnly() {
        var a = LibinputTouchAssembler()
        XCTAssertEqual(feed(&a, [
            .key(keyboard, code: 109, pressed: true, time: t(5)),  // KEY_PAGEDOWN
            .key(keyboard, code: 109, pressed: false, time: t(6)),
            .key(keyboard, code: 30, pressed: true, time: t(7)),   // KEY_A scrolls nothing
        ]), [.key(.pageDown, time: t(5))])
    }

    func testKeyboardsCanBeIgnored() {
        var a = LibinputTouchAssembler(acceptsKeyboards: false)
        XCTAssertEqual(feed(&a, [.key(keyboard, code: 103, pressed: true, time: t(5))]), [])
    }

    func testAWheelDetentScrollsALineAndFingerScrollsAsIs() {
        var a = LibinputTouchAssembler()
        XCTAssertEqual(feed(&a, [
            .scroll(keyboard, source: .wheel, delta: Point(x: 0, y: 15), time: t(1)),
            .scroll(keyboard, source: .finger, delta: Point(x: 3, y: -2), time: t(2)),
        ]), [
            .wheel(delta: Point(x: 0, y: 40), time: t(1)),
            .wheel(delta: Point(x: 3, y: -2), time: t(2)),
        ])
    }
}
