import ScrollEngine
import XCTest
@testable import Recordings

final class ScreenMappingTests: XCTestCase {
    let x = AbsInfo(minimum: 0, maximum: 99, resolution: 4)
    let y = AbsInfo(minimum: 0, maximum: 49, resolution: 2)
    let screen = Size(width: 1000, height: 500)

    func map(_ rotation: ScreenRotation, flipX: Bool = false, flipY: Bool = false, _ vx: Int32, _ vy: Int32) -> Point {
        ScreenMapping(screenSize: screen, rotation: rotation, flipX: flipX, flipY: flipY).screenPoint(x: vx, y: vy, xAxis: x, yAxis: y)
    }

    func testScalesLikeLibinput() {
        XCTAssertEqual(map(.none, 0, 0), Point(x: 0, y: 0))
        XCTAssertEqual(map(.none, 50, 25), Point(x: 500, y: 250))
        XCTAssertEqual(map(.none, 99, 49), Point(x: 990, y: 490))
    }

    func testOffsetMinimum() {
        let shifted = AbsInfo(minimum: 100, maximum: 199)
        let p = ScreenMapping(screenSize: Size(width: 100, height: 100)).screenPoint(x: 150, y: 100, xAxis: shifted, yAxis: shifted)
        XCTAssertEqual(p, Point(x: 50, y: 0))
    }

    func testRotationsMoveTheDeviceOriginAroundTheScreenClockwise() {
        // The device's top-left corner (0,0) lands at each screen corner in turn.
        XCTAssertEqual(map(.none, 0, 0), Point(x: 0, y: 0))
        XCTAssertEqual(map(.quarter, 0, 0), Point(x: 1000, y: 0))
        XCTAssertEqual(map(.half, 0, 0), Point(x: 1000, y: 500))
        XCTAssertEqual(map(.threeQuarters, 0, 0), Point(x: 0, y: 500))
    }

    func testFlips() {
        XCTAssertEqual(map(.none, flipX: true, 0, 0), Point(x: 1000, y: 0))
        XCTAssertEqual(map(.none, flipY: true, 0, 0), Point(x: 0, y: 500))
    }

    func testDevicePositionInvertsScreenPoint() {
        for rotation in ScreenRotation.allCases {
            for flip in [false, true] {
                let mapping = ScreenMapping(screenSize: screen, rotation: rotation, flipX: flip, flipY: !flip)
                let point = mapping.screenPoint(x: 30, y: 20, xAxis: x, yAxis: y)
                let back = mapping.devicePosition(of: point, xAxis: x, yAxis: y)
                XCTAssertEqual(back.x, 30, "\(rotation) \(flip)")
                XCTAssertEqual(back.y, 20, "\(rotation) \(flip)")
            }
        }
    }

    func testMillimetresWhenResolutionIsKnown() {
        XCTAssertEqual(x.millimetres(40), 10)
        XCTAssertEqual(x.lengthInMillimetres, 24.75)
        XCTAssertNil(AbsInfo(minimum: 0, maximum: 10).millimetres(5))
    }

    func testDecoderMillimetresPerPixelFollowsRotation() throws {
        let device = EvdevDevice(name: "panel", properties: [InputProperty.direct],
                                 codes: [EventType.key: [KeyCode.touch], EventType.abs: [AbsCode.x, AbsCode.y]],
                                 absinfo: [AbsCode.x: x, AbsCode.y: y])
        let upright = try EvdevDecoder(device: device, mapping: ScreenMapping(screenSize: screen))
        XCTAssertEqual(upright.millimetresPerPixel?.x, 0.025)  // 100 units / 4 per mm = 25 mm over 1000 px
        XCTAssertEqual(upright.millimetresPerPixel?.y, 0.05)   // 50 units / 2 per mm = 25 mm over 500 px
        let turned = try EvdevDecoder(device: device, mapping: ScreenMapping(screenSize: Size(width: 500, height: 1000), rotation: .quarter))
        XCTAssertEqual(turned.millimetresPerPixel?.x, 0.05)
        XCTAssertEqual(turned.millimetresPerPixel?.y, 0.025)
    }
}
