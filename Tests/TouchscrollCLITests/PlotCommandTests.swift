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

    /// A screen of several scroll views: one panel per view that moved, titled with its id.
    func testPlotDrawsAPanelPerViewThatMoved() throws {
        func plot(_ script: String) throws -> String {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-plot-\(UUID().uuidString).svg").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try TouchscrollProcess.run(["plot", "--config", "config/list-with-carousel.yaml", script, "--out", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            return try String(contentsOfFile: out, encoding: .utf8)
        }
        let both = try plot("recordings/scripts/list-with-carousel.touches.jsonl")
        XCTAssertTrue(both.contains("height=\"1280\""), "two panels of 640")
        XCTAssertTrue(both.contains("list-with-carousel.touches.jsonl · view list<"))
        XCTAssertTrue(both.contains("list-with-carousel.touches.jsonl · view carousel<"))
        // The flick starts on the carousel but moves the list only: one panel.
        let one = try plot("recordings/scripts/flick.touches.jsonl")
        XCTAssertTrue(one.contains("flick.touches.jsonl · view list<"))
        XCTAssertFalse(one.contains("view carousel"))
        XCTAssertTrue(one.contains("height=\"640\""))
    }
}
