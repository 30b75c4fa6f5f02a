import Foundation
import ScrollEngine
import StreamOutput
import XCTest

/// docs/protocol.md must show exactly what the encoder writes: every example line is decoded into
/// the event it describes and encoded again, and the bytes must be the same.
final class ProtocolDocumentTests: XCTestCase {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/protocol.md")

    func exampleLines() throws -> [String] {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        var lines: [String] = []
        var inJSON = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inJSON = line == "```json"; continue }
            if inJSON, line.hasPrefix("{") { lines.append(String(line)) }
        }
        return lines
    }

    func testEveryExampleLineIsWhatTheEncoderWrites() throws {
        let lines = try exampleLines()
        XCTAssertGreaterThan(lines.count, 10)
        var names: Set<String> = []
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            let name = try XCTUnwrap(object["message"] as? String)
            names.insert(name)
            if name == "header" {
                XCTAssertTrue(line.hasPrefix(#"{"message":"header","tool":"touchscroll","version":"#), line)
                XCTAssertEqual(object["schemaVersion"] as? Int, StreamHeader.schemaVersion)
                continue
            }
            let event = try XCTUnwrap(Self.event(from: object), "cannot rebuild: \(line)")
            XCTAssertEqual(String(decoding: DelegateEventEncoder.encodedLine(event), as: UTF8.self), line + "\n")
        }
        for required in ["header", "scrollViewWillEndDragging", "scrollViewDidEndDragging", "scrollViewDidEndZooming", "touchesBegan", "tap", "swipe", "touchscrollMotionStopped"] {
            XCTAssertTrue(names.contains(required), "docs/protocol.md has no example of \(required)")
        }
    }

    static func point(_ value: Any?) -> Point? {
        guard let object = value as? [String: Any], let x = (object["x"] as? NSNumber)?.doubleValue, let y = (object["y"] as? NSNumber)?.doubleValue else { return nil }
        return Point(x: x, y: y)
    }

    /// The event a documented line describes (only the fields the stream carries).
    static func event(from o: [String: Any]) -> DelegateEvent? {
        guard let t = (o["t"] as? NSNumber)?.int64Value, let name = o["message"] as? String,
              let offset = point(o["contentOffset"]), let scale = (o["zoomScale"] as? NSNumber)?.doubleValue else { return nil }
        let flag = { (key: String) in (o[key] as? Bool) ?? false }
        let state = ScrollViewState(
            contentOffset: offset, zoomScale: scale, contentSize: .zero,
            isTracking: flag("tracking"), isDragging: flag("dragging"), isDecelerating: flag("decelerating"),
            isScrollAnimating: flag("scrollAnimating"), isZooming: flag("zooming"),
            isZoomBouncing: flag("zoomBouncing"), isZoomAnimating: flag("zoomAnimating")
        )
        let touch = { () -> ContentTouch? in
            guard let slot = (o["slot"] as? NSNumber)?.intValue, let time = (o["touchTime"] as? NSNumber)?.int64Value,
                  let content = point(o["contentPoint"]), let screen = point(o["screenPoint"]) else { return nil }
            return ContentTouch(view: o["contentView"] as? String, slot: TouchSlot(slot), touchTime: Timestamp(microseconds: time), contentPoint: content, screenPoint: screen)
        }
        let gesture = { () -> ContentGesture? in
            guard let touches = (o["touches"] as? NSNumber)?.intValue, let content = point(o["contentPoint"]), let screen = point(o["screenPoint"]) else { return nil }
            return ContentGesture(view: o["contentView"] as? String, contentPoint: content, screenPoint: screen, touches: touches)
        }
        let message: DelegateMessage?
        switch name {
        case "scrollViewWillBeginDragging": message = .willBeginDragging
        case "scrollViewDidScroll": message = .didScroll
        case "scrollViewWillEndDragging":
            message = point(o["velocity"]).flatMap { v in point(o["targetContentOffset"]).map { .willEndDragging(velocityPerMillisecond: v, targetContentOffset: $0) } }
        case "scrollViewDidEndDragging": message = (o["willDecelerate"] as? Bool).map { .didEndDragging(willDecelerate: $0) }
        case "scrollViewWillBeginDecelerating": message = .willBeginDecelerating
        case "scrollViewDidEndDecelerating": message = .didEndDecelerating
        case "scrollViewDidEndScrollingAnimation": message = .didEndScrollingAnimation
        case "scrollViewShouldScrollToTop": message = (o["answer"] as? Bool).map { .shouldScrollToTop(answer: $0) }
        case "scrollViewDidScrollToTop": message = .didScrollToTop
        case "scrollViewWillBeginZooming": message = .willBeginZooming
        case "scrollViewDidZoom": message = .didZoom
        case "scrollViewDidEndZooming": message = (o["atScale"] as? NSNumber).map { .didEndZooming(atScale: $0.doubleValue) }
        case "recentered": message = point(o["shift"]).map { .recentered(shift: $0) }
        case "touchscrollMotionStopped": message = (o["reason"] as? String).flatMap(MotionStopReason.init(rawValue:)).map { .motionStopped(reason: $0) }
        case "touchesBegan": message = touch().map { .touchesBegan($0) }
        case "touchesMoved": message = touch().map { .touchesMoved($0) }
        case "touchesEnded": message = touch().map { .touchesEnded($0) }
        case "touchesCancelled": message = touch().map { .touchesCancelled($0) }
        case "tap": message = gesture().map { .tap($0) }
        case "longPress": message = gesture().map { .longPress($0) }
        case "swipe": message = gesture().flatMap { g in (o["direction"] as? String).flatMap(SwipeDirection.init(rawValue:)).map { .swipe(g, direction: $0) } }
        default: message = nil
        }
        return message.map { DelegateEvent(time: Timestamp(microseconds: t), message: $0, state: state, view: o["view"] as? String) }
    }
}
