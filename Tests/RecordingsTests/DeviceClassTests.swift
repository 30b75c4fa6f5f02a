import XCTest
@testable import Recordings

/// Classification as udev's input_id builtin does it.
final class DeviceClassTests: XCTestCase {
    func device(keys: Set<UInt16>, abs: Set<UInt16>, properties: Set<Int> = []) -> EvdevDevice {
        EvdevDevice(name: "d", properties: properties, codes: [EventType.key: keys, EventType.abs: abs])
    }

    let mt: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]

    func testDirectPropertyIsATouchscreen() {
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch], abs: mt, properties: [InputProperty.direct])), .touchscreen)
    }

    func testEmptyPropertyBitmapWithTouchAndNoToolFingerIsStillATouchscreen() {
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch], abs: mt)), .touchscreen)
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch], abs: [AbsCode.x, AbsCode.y])), .touchscreen)
    }

    func testToolFingerOrPointerPropertyWithoutDirectIsATouchpad() {
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch, KeyCode.toolFinger], abs: mt)), .touchpad)
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch], abs: mt, properties: [InputProperty.pointer])), .touchpad)
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch, KeyCode.toolFinger], abs: mt, properties: [InputProperty.direct])), .touchscreen)
    }

    func testPenIsATabletAndMouseButtonsAMouse() {
        XCTAssertEqual(DeviceClass(device: device(keys: [KeyCode.touch, KeyCode.toolPen], abs: [AbsCode.x, AbsCode.y])), .tablet)
        XCTAssertEqual(DeviceClass(device: device(keys: [0x110], abs: [AbsCode.x, AbsCode.y])), .mouse)
    }

    func testNoTouchAxesIsOther() {
        XCTAssertEqual(DeviceClass(device: device(keys: [30, 31], abs: [])), .other)
    }
}
