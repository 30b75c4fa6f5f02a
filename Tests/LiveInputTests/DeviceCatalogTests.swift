import Recordings
import ScrollEngine
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

    func testANamedNodeGetsUdevsPropertiesSoItsCalibrationShows() throws {
        let kernel = FakeKernel()
        let udev = UdevCalls(
            inputDevices: { () throws(InputError) in XCTFail("a named node needs no enumeration"); return [] },
            inputDevice: { node in
                node == "/dev/input/by-id/usb-panel-event-touch"
                    ? UdevInputDevice(sysname: "event7", node: "/dev/input/event7",
                                      properties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_CALIBRATION_MATRIX": "-1 0 1 0 -1 1"])
                    : nil
            })
        let catalog = DeviceCatalog(system: kernel.calls, udev: udev, evdev: EvdevBackendTests.FakeLibevdev().calls)
        let listings = try catalog.list(nodes: ["/dev/input/by-id/usb-panel-event-touch", "/dev/input/event3"])
        // The node is listed as it was named; udev's properties came through the symlink's device number.
        XCTAssertEqual(listings[0].node, "/dev/input/by-id/usb-panel-event-touch")
        XCTAssertEqual(listings[0].calibration, CalibrationMatrix([-1, 0, 1, 0, -1, 1]))
        XCTAssertEqual(listings[0].capabilities, ["touch"])
        // A node udev does not know is still described from the kernel alone.
        XCTAssertNil(listings[1].calibration)
        XCTAssertEqual(listings[1].kind, .touchscreen)
        XCTAssertEqual(listings[1].capabilities, ["touch"])
    }

    func testCapabilitiesAreNamedAsLibinputListDevicesNamesThem() {
        func capabilities(_ properties: [String: String]) -> [String] {
            DeviceListing(node: "/dev/input/event0", description: nil, udevProperties: properties).capabilities
        }
        XCTAssertEqual(capabilities(["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1"]), ["pointer", "gesture"])
        XCTAssertEqual(capabilities(["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT_MOUSE": "1"]), ["keyboard", "pointer"])
        XCTAssertEqual(capabilities(["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TABLET_PAD": "1"]), ["tablet", "tablet-pad"])
        XCTAssertEqual(capabilities(["ID_INPUT": "1", "ID_INPUT_SWITCH": "1"]), ["switch"])
        // udev classified it as nothing libinput uses (an accelerometer): no capability at all.
        XCTAssertEqual(capabilities(["ID_INPUT": "1", "ID_INPUT_ACCELEROMETER": "1"]), [])
    }

    func testNodesSortNumerically() {
        XCTAssertTrue("/dev/input/event2".localizedStandardCompareFallback("/dev/input/event10"))
        XCTAssertFalse("/dev/input/event10".localizedStandardCompareFallback("/dev/input/event2"))
    }
}
