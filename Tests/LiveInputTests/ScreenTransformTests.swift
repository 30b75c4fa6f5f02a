import XCTest
@testable import LiveInput

final class ScreenTransformTests: XCTestCase {
    private func corner(_ t: ScreenTransform, _ x: Double, _ y: Double) -> [Double] {
        let p = t.matrix.apply(x: x, y: y)
        return [p.x, p.y]
    }

    func testIdentityLeavesPointsAlone() {
        XCTAssertTrue(ScreenTransform.identity.matrix.isIdentity)
        XCTAssertEqual(corner(.identity, 0.25, 0.75), [0.25, 0.75])
    }

    func testRotationsMoveTheTopLeftCornerClockwise() {
        XCTAssertEqual(corner(ScreenTransform(rotation: .clockwise90), 0, 0), [1, 0])
        XCTAssertEqual(corner(ScreenTransform(rotation: .upsideDown), 0, 0), [1, 1])
        XCTAssertEqual(corner(ScreenTransform(rotation: .clockwise270), 0, 0), [0, 1])
    }

    func testFourQuarterTurnsAreTheIdentity() {
        let quarter = ScreenTransform(rotation: .clockwise90).matrix
        XCTAssertTrue(quarter.after(quarter).after(quarter).after(quarter).isIdentity)
    }

    func testFlipsMirrorAfterRotating() {
        XCTAssertEqual(corner(ScreenTransform(flipHorizontally: true), 0.2, 0.3), [0.8, 0.3])
        XCTAssertEqual(corner(ScreenTransform(flipVertically: true), 0.2, 0.3), [0.2, 0.7])
        // Rotating 180° and flipping both ways gives back the identity.
        XCTAssertTrue(ScreenTransform(rotation: .upsideDown, flipHorizontally: true, flipVertically: true).matrix.isIdentity)
    }

    func testConfiguredCalibrationAppliesBeforeTheRotation() {
        let halfWidth = CalibrationMatrix([0.5, 0, 0, 0, 1, 0])
        let t = ScreenTransform(rotation: .clockwise90, calibration: halfWidth)
        // (1, 0) → calibration (0.5, 0) → quarter turn (1 - 0, 0.5).
        XCTAssertEqual(corner(t, 1, 0), [1, 0.5])
    }

    func testUdevPropertyParses() {
        XCTAssertEqual(CalibrationMatrix(udevProperty: "0 -1 1 1 0 0")?.values, [0, -1, 1, 1, 0, 0])
        XCTAssertNil(CalibrationMatrix(udevProperty: "1 0 0 0 1"))
        XCTAssertEqual(CalibrationMatrix([0, -1, 1, 1, 0, 0]).description, "0 -1 1 1 0 0")
    }
}
