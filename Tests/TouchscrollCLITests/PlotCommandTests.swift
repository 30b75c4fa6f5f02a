import Foundation
import XCTest

final class PlotCommandTests: XCTestCase {
    func testPlotWritesAnSVGOfTheReplay() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-plot-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try TouchscrollProcess.run(["plot", "--config", "config/example.yaml", "recordings/scripts/drag-past-edge.touches.jsonl", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains("drag-past-edge.touches.jsonl"))
        XCTAssertTrue(svg.contains(">bouncing<"), "the drag past the edge bounces back")
        XCTAssertTrue(svg.contains(">dragging<"))
    }
}
