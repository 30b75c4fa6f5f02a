import Foundation
import XCTest

/// The daemon on the bundled screen of nested scroll views (config/list-with-carousel.yaml): control
/// requests name a view, `state` lists both, and each view's position survives a restart under its id.
final class MultiViewDaemonTests: XCTestCase {
    /// Sends `requests` to `touchscroll daemon --control-stdin` on the bundled screen and returns the
    /// reply lines; the daemon then stops with SIGTERM (it saves the state as it stops).
    func daemon(_ requests: [String], stateDirectory: String) throws -> [String] {
        try TouchscrollProcess.controlStdinReplies(config: "config/list-with-carousel.yaml", requests: requests,
                                                   directory: stateDirectory)
    }

    func offsets(_ reply: String) throws -> [String: [String: Double]] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        var result: [String: [String: Double]] = [:]
        for view in views {
            let state = try XCTUnwrap(view["state"] as? [String: Any])
            result[try XCTUnwrap(view["id"] as? String)] = try XCTUnwrap(state["contentOffset"] as? [String: Double])
        }
        return result
    }

    func testControlNamesViewsAndEachViewIsPreservedUnderItsId() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try daemon([
            #"{"id":1,"view":"carousel","command":"setContentOffset","offset":{"x":2560,"y":0}}"#,
            #"{"id":2,"command":"setContentOffset","offset":{"x":0,"y":900}}"#,
            #"{"id":3,"view":"menu","command":"state"}"#,
            #"{"id":4,"command":"state"}"#,
        ], stateDirectory: directory.path)
        XCTAssertEqual(first.count, 4, "\(first)")
        guard first.count == 4 else { return }
        XCTAssertEqual(first[0], #"{"id":1,"ok":true}"#)
        XCTAssertEqual(first[1], #"{"id":2,"ok":true}"#)
        XCTAssertEqual(first[2], #"{"error":"unknown view \"menu\"; the screen's scroll views: list, carousel","id":3,"ok":false}"#)
        XCTAssertEqual(try offsets(first[3]), ["list": ["x": 0, "y": 900], "carousel": ["x": 2560, "y": 0]])

        let second = try daemon([#"{"id":1,"command":"state"}"#], stateDirectory: directory.path)
        XCTAssertEqual(second.count, 1, "\(second)")
        guard let reply = second.first else { return }
        XCTAssertEqual(try offsets(reply), ["list": ["x": 0, "y": 900], "carousel": ["x": 2560, "y": 0]], "restored after a restart")
    }
}
