import Recordings
import XCTest
@testable import LiveInput

final class DeviceCatalogTests: XCTestCase {
    func testKindsFollowUdevThenTheKernelDescription() {
        XCTAssertEqual(DeviceKind(EvdevBackendTests.panel), .touchscreen)
        var oldPanel = EvdevBackendTests.panel
        oldPanel.properties = []   // empty property bitmap, BTN_TOUCH and no BTN_TOOL_FINGER: still a touchscreen
        XCTAssertEqual(DeviceKind(oldPanel), .touchscreen)
        var touchpad = oldPanel
        touchpad.codes[EventType.key]?.insert(0x145)   // BTN_TOOL_FINGER
        XCTAssertEqual(DeviceKind(touchpad), .touchpad)
        let keyboard = EvdevDevice(name: "kbd", codes: [EventType.key: [30, 103]])
        XCTAssertEqual(DeviceKind(keyboard), .keyboard)
        let wheel = EvdevDevice(name: "wheel", codes: [EventType.rel: [8]])
        XCTAssertEqual(DeviceKind(wheel), .pointer)
    }

    func testUnreadableNodesAreListedWithTheReason() throws {
        let kernel = FakeKernel()
        kernel.openFailures["/dev/input/event2"] = .permissionDenied
        let udev = UdevCalls(inputDevices: { () throws(InputError) in [
            UdevInputDevice(sysname: "event1", node: "/dev/input/event1",
                            properties: ["ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_CALIBRATION_MATRIX": "0 -1 1 1 0 0"]),
            UdevInputDevice(sysname: "event2", node: "/dev/input/event2", properties: ["ID_INPUT_KEYBOARD": "1"]),
        ] })
        let listings = try DeviceCatalog(system: kernel.calls, udev: udev, evdev: EvdevBackendTests.FakeLibevdev().calls).list()
        XCTAssertEqual(listings.map(\.node), ["/dev/input/event1", "/dev/input/event2"])
        XCTAssertEqual(listings[0].kind, .touchscreen)
        XCTAssertEqual(listings[0].description?.slotCount, 5)
        XCTAssertEqual(listings[0].calibration, CalibrationMatrix([0, -1, 1, 1, 0, 0]))
        XCTAssertNil(listings[1].description)
        XCTAssertEqual(listings[1].kind, .keyboard)
        XCTAssertEqual(listings[1].error?.kind, .permissionDenied)
    }

    func testNodesSortNumerically() {
        XCTAssertTrue("/dev/input/event2".localizedStandardCompareFallback("/dev/input/event10"))
        XCTAssertFalse("/dev/input/event10".localizedStandardCompareFallback("/dev/input/event2"))
    }
}
