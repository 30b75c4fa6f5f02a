import Configuration
import ScrollEngine
import XCTest

/// The `input` section's keys are the tree's one ScreenTransform: flips, then rotation, then the
/// calibration matrix, composed as libinput composes them.
final class InputTransformTests: XCTestCase {
    private func map(_ input: InputTransform, _ p: Point) -> Point {
        let q = input.transform.matrix.apply(x: p.x, y: p.y)
        return Point(x: q.x, y: q.y)
    }

    func testTheIdentityLeavesPointsAlone() {
        XCTAssertTrue(InputTransform().isIdentity)
        XCTAssertEqual(map(InputTransform(), Point(x: 0.25, y: 0.75)), Point(x: 0.25, y: 0.75))
    }

    func testRotationsTurnClockwise() {
        let topRight = Point(x: 1, y: 0)
        XCTAssertEqual(map(InputTransform(rotation: .quarter), topRight), Point(x: 1, y: 1))
        XCTAssertEqual(map(InputTransform(rotation: .half), topRight), Point(x: 0, y: 1))
        XCTAssertEqual(map(InputTransform(rotation: .threeQuarters), topRight), Point(x: 0, y: 0))
    }

    func testFlipsMirrorTheDeviceAxesBeforeTheRotation() {
        // Device top-left, x mirrored → device top-right → rotated 90° clockwise → screen bottom-right.
        XCTAssertEqual(map(InputTransform(rotation: .quarter, flipX: true), Point(x: 0, y: 0)), Point(x: 1, y: 1))
    }

    func testTheCalibrationComesLast() {
        let shifted = InputTransform(flipX: true, calibration: [1, 0, 0.1, 0, 1, 0])
        let p = map(shifted, Point(x: 0.2, y: 0.5))
        XCTAssertEqual(p.x, 0.9, accuracy: 1e-12)
        XCTAssertEqual(p.y, 0.5, accuracy: 1e-12)
        let px = shifted.calibration.apply(toScreenPoint: Point(x: 100, y: 200), screenSize: Size(width: 1000, height: 800))
        XCTAssertEqual(px.x, 200, accuracy: 1e-9)
        XCTAssertEqual(px.y, 200, accuracy: 1e-9)
    }
}
