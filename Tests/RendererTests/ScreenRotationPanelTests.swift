import ScrollEngine
import XCTest
@testable import Renderer

final class ScreenRotationPanelTests: XCTestCase {
    func testEveryRotationMovesEachPixelWherePanelPointSays() {
        let logical = PixelBuffer(size: PixelSize(width: 5, height: 3))
        for y in 0..<3 { for x in 0..<5 { logical[x, y] = Fixtures.coordinateColor(x, y) } }
        for rotation in ScreenRotation.allCases {
            let panelSize = rotation == .quarter || rotation == .threeQuarters ? PixelSize(width: 3, height: 5) : PixelSize(width: 5, height: 3)
            XCTAssertEqual(rotation.logicalSize(panel: panelSize), logical.size)
            let panel = PixelBuffer(size: panelSize)
            rotation.rotate(logical, into: panel)
            for y in 0..<3 { for x in 0..<5 {
                let p = rotation.panelPoint(x: x, y: y, logical: logical.size)
                XCTAssertEqual(panel[p.x, p.y], logical[x, y], "\(rotation.rawValue)°: (\(x), \(y)) → \(p)")
            } }
        }
    }

    func testAQuarterTurnPutsTheTopLeftCornerTopRight() {
        XCTAssertEqual(ScreenRotation.quarter.panelPoint(x: 0, y: 0, logical: PixelSize(width: 800, height: 1280)).x, 1279)
        XCTAssertEqual(ScreenRotation(degrees: -90), .threeQuarters)
    }
}
