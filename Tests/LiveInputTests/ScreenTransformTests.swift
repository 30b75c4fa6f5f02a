import XCTest
@testable import LiveInput
import Recordings
import ScrollEngine

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
        XCTAssertEqual(corner(ScreenTransform(rotation: .quarter), 0, 0), [1, 0])
        XCTAssertEqual(corner(ScreenTransform(rotation: .half), 0, 0), [1, 1])
        XCTAssertEqual(corner(ScreenTransform(rotation: .threeQuarters), 0, 0), [0, 1])
    }

    func testFourQuarterTurnsAreTheIdentity() {
        let quarter = ScreenTransform(rotation: .quarter).matrix
        XCTAssertTrue(quarter.after(quarter).after(quarter).after(quarter).isIdentity)
    }

    func testFlipsMirrorTheDeviceAxesBeforeRotating() {
        XCTAssertEqual(corner(ScreenTransform(flipHorizontally: true), 0.2, 0.3), [0.8, 0.3])
        XCTAssertEqual(corner(ScreenTransform(flipVertically: true), 0.2, 0.3), [0.2, 0.7])
        // Rotating 180° and flipping both ways gives back the identity.
        XCTAssertTrue(ScreenTransform(rotation: .half, flipHorizontally: true, flipVertically: true).matrix.isIdentity)
        // Device x flipped first: (0.2, 0.3) → (0.8, 0.3) → quarter turn (1 − 0.3, 0.8).
        XCTAssertEqual(corner(ScreenTransform(rotation: .quarter, flipHorizontally: true), 0.2, 0.3), [0.7, 0.8])
    }

    func testConfiguredCalibrationAppliesAfterTheRotation() {
        let halfWidth = CalibrationMatrix([0.5, 0, 0, 0, 1, 0])
        let t = ScreenTransform(rotation: .quarter, calibration: halfWidth)
        // (1, 0) → quarter turn (1, 1) → calibration on screen coordinates (0.5, 1).
        XCTAssertEqual(corner(t, 1, 0), [0.5, 1])
    }

    /// libinput (this matrix), the raw evdev backend (the decoder's ScreenMapping) and replay
    /// (ScreenMapping too) must put a touch at the same place for every rotation and flip.
    func testTheMatrixAgreesWithTheDecodersMappingForEveryRotationAndFlip() {
        let screen = Size(width: 1000, height: 500)
        let axis = AbsInfo(value: 0, minimum: 0, maximum: 999, fuzz: 0, flat: 0, resolution: 0)
        for rotation in ScreenRotation.allCases {
            for flipH in [false, true] {
                for flipV in [false, true] {
                    let t = ScreenTransform(rotation: rotation, flipHorizontally: flipH, flipVertically: flipV)
                    let mapping = ScreenMapping(screen: screen, transform: t)
                    for (x, y) in [(0, 0), (250, 100), (999, 0), (600, 999)] as [(Int32, Int32)] {
                        let viaMapping = mapping.screenPoint(x: x, y: y, xAxis: axis, yAxis: axis)
                        let normalised = corner(t, Double(x) / 1000, Double(y) / 1000)
                        XCTAssertEqual(viaMapping.x, normalised[0] * screen.width, accuracy: 1e-6, "\(t) at \(x),\(y)")
                        XCTAssertEqual(viaMapping.y, normalised[1] * screen.height, accuracy: 1e-6, "\(t) at \(x),\(y)")
                    }
                }
            }
        }
    }

    func testUdevPropertyParses() {
        XCTAssertEqual(CalibrationMatrix(udevProperty: "0 -1 1 1 0 0")?.values, [0, -1, 1, 1, 0, 0])
        XCTAssertNil(CalibrationMatrix(udevProperty: "1 0 0 0 1"))
        XCTAssertEqual(CalibrationMatrix([0, -1, 1, 1, 0, 0]).description, "0 -1 1 1 0 0")
    }

    func testTheCalibrationOfAScreenPointWorksInNormalisedCoordinates() {
        // Shift right by a tenth of the width and squeeze the height to a half around the top.
        let m = CalibrationMatrix([1, 0, 0.1, 0, 0.5, 0])
        let p = m.apply(toScreenPoint: Point(x: 100, y: 200), screenSize: Size(width: 1000, height: 800))
        XCTAssertEqual(p.x, 200, accuracy: 1e-9)
        XCTAssertEqual(p.y, 100, accuracy: 1e-9)
        XCTAssertEqual(CalibrationMatrix.identity.apply(toScreenPoint: Point(x: 3, y: 4), screenSize: Size(width: 10, height: 10)),
                       Point(x: 3, y: 4))
    }
}
