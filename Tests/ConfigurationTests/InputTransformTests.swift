import Configuration
import ScrollEngine
import XCTest

final class InputTransformTests: XCTestCase {
    func testTheIdentityLeavesPointsAlone() {
        XCTAssertEqual(InputTransform().apply(toNormalized: Point(x: 0.25, y: 0.75)), Point(x: 0.25, y: 0.75))
    }

    func testRotationsTurnClockwise() {
        let topRight = Point(x: 1, y: 0)
        XCTAssertEqual(InputTransform(rotation: .quarter).apply(toNormalized: topRight), Point(x: 1, y: 1))
        XCTAssertEqual(InputTransform(rotation: .half).apply(toNormalized: topRight), Point(x: 0, y: 1))
        XCTAssertEqual(InputTransform(rotation: .threeQuarters).apply(toNormalized: topRight), Point(x: 0, y: 0))
    }

    func testFlipsMirrorTheDeviceAxesBeforeTheRotation() {
        // Device top-left, x mirrored → device top-right → rotated 90° clockwise → screen bottom-right.
        XCTAssertEqual(InputTransform(rotation: .quarter, flipX: true).apply(toNormalized: Point(x: 0, y: 0)), Point(x: 1, y: 1))
    }

    func testTheCalibrationComesLast() {
        let shifted = InputTransform(flipX: true, calibration: [1, 0, 0.1, 0, 1, 0])
        let p = shifted.apply(toNormalized: Point(x: 0.2, y: 0.5))
        XCTAssertEqual(p.x, 0.9, accuracy: 1e-12)
        XCTAssertEqual(p.y, 0.5, accuracy: 1e-12)
        let px = shifted.calibrate(screenPoint: Point(x: 100, y: 200), screenSize: Size(width: 1000, height: 800))
        XCTAssertEqual(px.x, 200, accuracy: 1e-9)
        XCTAssertEqual(px.y, 200, accuracy: 1e-9)
    }
}
