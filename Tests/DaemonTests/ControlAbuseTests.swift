import Daemon
import Foundation
import Glibc
import Logging
import ScrollEngine
import XCTest

/// The control channel under abuse: extreme and wrong-typed values in every request, the fuzz
/// corpus against a real scroll view, many clients, a 10 MB line, a client that leaves halfway
/// through a request, and a subscriber that never reads.
final class ControlAbuseTests: ControlSocketTestCase {
    /// Every numeric field of every request, by its key path.
    static let numericFields: [(command: String, field: String, build: @Sendable (String) -> String)] = {
        var fields: [(String, String, @Sendable (String) -> String)] = []
        @Sendable func object(_ keys: [String], _ target: String, _ value: String) -> String {
            "{" + keys.map { "\"\($0)\":\($0 == target ? value : "1")" }.joined(separator: ",") + "}"
        }
        for key in ["x", "y"] {
            fields.append(("setContentOffset", "offset.\(key)", { #"{"command":"setContentOffset","offset":\#(object(["x", "y"], key, $0))}"# }))
        }
        for command in ["scrollRectToVisible", "zoomTo"] {
            for key in ["x", "y", "width", "height"] {
                fields.append((command, "rect.\(key)", { #"{"command":"\#(command)","rect":\#(object(["x", "y", "width", "height"], key, $0))}"# }))
            }
        }
        fields.append(("setZoomScale", "scale", { #"{"command":"setZoomScale","scale":\#($0)}"# }))
        for key in ["width", "height"] {
            fields.append(("setContentSize", "size.\(key)", { #"{"command":"setContentSize","size":\#(object(["width", "height"], key, $0))}"# }))
        }
        for key in ["top", "left", "bottom", "right"] {
            fields.append(("setContentInset", "inset.\(key)", { #"{"command":"setContentInset","inset":\#(object(["top", "left", "bottom", "right"], key, $0))}"# }))
        }
        return fields
    }()

    static let extremeValues = ["-1e308", "1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "10000001", "-10000001",
                                "1e400", "\"1\"", "true", "null", "[]", "{}"]

    func testEveryRequestWithAnExtremeOrWrongTypedValueGetsAnErrorNamingTheFieldAndNeverReachesTheEngine() {
        let view = RecordingScrollView()
        var session = ControlSession(origin: .socket)
        for (command, field, build) in Self.numericFields {
            for value in Self.extremeValues {
                let line = build(value)
                let reply = session.handle(line: Array(line.utf8), scrollView: view, now: .seconds(1))?.line ?? ""
                XCTAssertTrue(reply.hasPrefix(#"{"error":""#), "\(line) → \(reply)")
                // 1e400 is not a Double at all: JSON parsing names the field's place instead.
                let named = value == "1e400" ? reply.contains(field.split(separator: ".").last.map(String.init) ?? field) : reply.contains("\\\"\(field)\\\"")
                XCTAssertTrue(named, "\(command): \(line) → \(reply)")
            }
        }
        XCTAssertEqual(view.calls, [], "no extreme value reached the scroll view")
    }

    /// The values at the edges of the documented ranges are accepted and the engine honours them.
    func testTheIssuesCrashSequenceIsRefusedAndTheEdgesOfTheRangesKeepTheEngineFinite() throws {
        let view = zoomableScrollView()
        var session = ControlSession(origin: .socket)
        func send(_ line: String) -> String { session.handle(line: Array(line.utf8), scrollView: view, now: view.now)?.line ?? "" }
        // setContentInset of −1e308 used to be accepted, trap on the next geometry request and be saved.
        XCTAssertEqual(send(#"{"command":"setContentInset","inset":{"top":-1e308,"left":-1e308,"bottom":-1e308,"right":-1e308}}"#),
                       #"{"error":"setContentInset: \"inset.top\" must be between -1e7 and 1e7 points","ok":false}"# + "\n")
        XCTAssertEqual(send(#"{"command":"setContentSize","size":{"width":1.7976931348623157e308,"height":800}}"#),
                       #"{"error":"setContentSize: \"size.width\" must be at most 1e7 points","ok":false}"# + "\n")
        for line in [
            #"{"command":"setContentInset","inset":{"top":-10000000,"left":-10000000,"bottom":-10000000,"right":-10000000}}"#,
            #"{"command":"setContentSize","size":{"width":10000000,"height":10000000}}"#,
            #"{"command":"setZoomScale","scale":1000,"animated":true}"#,
            #"{"command":"zoomTo","rect":{"x":-10000000,"y":10000000,"width":0.000001,"height":10000000},"animated":true}"#,
            #"{"command":"setContentOffset","offset":{"x":10000000,"y":-10000000},"animated":true}"#,
            #"{"command":"scrollRectToVisible","rect":{"x":10000000,"y":10000000,"width":10000000,"height":0},"animated":true}"#,
            #"{"command":"setZoomScale","scale":0.001}"#,
        ] {
            XCTAssertEqual(send(line), #"{"ok":true}"# + "\n", line)
            view.run(seconds: 2)
        }
        view.touchAndFlick()
        XCTAssertFalse(send(#"{"command":"state"}"#).contains("null"))
        XCTAssertTrue(view.everythingWasFinite, view.firstNonFinite ?? "")
    }

    /// The checked-in fuzz corpus of control requests (fuzz/corpus/control), each file a session
    /// of lines, against a real scroll view: whatever the parser lets through, the engine honours.
    func testTheFuzzCorpusAgainstARealScrollView() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/control")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        XCTAssertGreaterThan(files.count, 20)
        for name in files {
            let view = zoomableScrollView()
            var session = ControlSession(origin: .socket)
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                let reply = session.handle(line: Array(line), scrollView: view, now: view.now)?.line ?? ""
                // A state reply with a non-finite number would say `null` (JSON has no NaN).
                if let state = reply.range(of: #""state":{"#) {
                    XCTAssertFalse(reply[state.lowerBound...].contains(":null"), "\(name): \(reply)")
                }
                view.run(seconds: 1)
            }
            view.touchAndFlick()
            XCTAssertTrue(view.everythingWasFinite, "\(name): \(view.firstNonFinite ?? "")")
        }
    }

    // MARK: The socket (the server of ControlSocketTestCase)

    func testManyClientsAtOnceEachGetTheirOwnAnswer() throws {
        let clients = try (0..<ControlServer.defaultClientLimit).map { _ in try connect() }
        XCTAssertEqual(server.clientCount, ControlServer.defaultClientLimit)
        for (index, client) in clients.enumerated() {
            client.send(#"{"id":\#(index),"command":"setContentInset","inset":{"top":-1e308}}"# + "\n")
        }
        let answers = replies(clients)
        for (index, lines) in answers.enumerated() {
            XCTAssertEqual(lines, [#"{"error":"setContentInset: \"inset.top\" must be between -1e7 and 1e7 points","id":\#(index),"ok":false}"#])
        }
        XCTAssertEqual(view.calls, [])
    }

    /// A line of 10 MB is refused once and skipped to its newline; the client's next request is
    /// answered. The writer runs on its own thread, so the loop keeps turning while it writes.
    func testATenMegabyteLineIsRefusedAndTheConnectionCarriesOn() throws {
        let client = try connect()
        let descriptor = client.descriptor
        let writer = Thread {
            var line = [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
            line.append(UInt8(ascii: "\n"))
            line += Array(#"{"id":2,"command":"flashScrollIndicators"}"#.utf8) + [UInt8(ascii: "\n")]
            var offset = 0
            while offset < line.count {
                let n = line.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return }
                offset += n
            }
        }
        writer.start()
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while lines.count < 2 && Date() < deadline {
            turn()
            lines += client.takeLines()
        }
        XCTAssertEqual(lines, [
            #"{"error":"line longer than 65536 bytes, discarded","ok":false}"#,
            #"{"id":2,"ok":true}"#,
        ])
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 1000000µs"])
    }

    func testAClientThatDisconnectsMidRequestIsForgotten() throws {
        var leaving: ControlClient? = try connect()
        let staying = try connect()
        leaving?.send(#"{"command":"setContentOffset","offset":{"x":0,"#)
        turn()
        leaving = nil
        for _ in 0..<5 { turn() }
        XCTAssertEqual(server.clientCount, 1)
        staying.send(#"{"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(replies([staying]), [[#"{"ok":true}"#]])
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 1000000µs"])
    }

    /// A subscriber that never reads is dropped when its buffer fills; publishing never waits for
    /// it, and a subscriber that reads keeps receiving.
    func testASubscriberThatNeverReadsIsDroppedAndTheOthersKeepTheStream() throws {
        server.shutdown()
        server = try makeServer(outputLimit: 256 * 1024)
        let stuck = try connect()
        let reader = try connect()
        stuck.send(#"{"command":"subscribe"}"# + "\n")
        reader.send(#"{"command":"subscribe"}"# + "\n")
        XCTAssertEqual(replies([stuck, reader]), [[#"{"ok":true}"#], [#"{"ok":true}"#]])
        var received = 0
        for round in 0..<400 {
            let events = (0..<50).map { index in
                DelegateEvent(time: .seconds(1), message: .didScroll,
                              state: ScrollViewState(contentOffset: Point(x: 0, y: Double(round * 50 + index)), zoomScale: 1, contentSize: .zero))
            }
            server.publish(events)
            turn()
            received += reader.takeLines().count
        }
        for _ in 0..<20 { turn(); received += reader.takeLines().count }
        XCTAssertEqual(server.clientCount, 1, "the stuck subscriber is gone")
        XCTAssertEqual(received, 400 * 50, "the reading subscriber got every event")
        XCTAssertTrue(logLines.lines.contains { $0.contains("client stopped reading") })
    }

    // MARK: Helpers

    func zoomableScrollView() -> EngineUnderTest {
        var configuration = ScrollViewConfiguration()
        configuration.contentSize = Size(width: 1280, height: 4000)
        configuration.contentViews = [ContentView(id: "page", frame: Rect(x: 0, y: 0, width: 1280, height: 4000))]
        configuration.zoomView = "page"
        configuration.minimumZoomScale = 0.5
        configuration.maximumZoomScale = 3
        configuration.isPagingEnabled = true
        return EngineUnderTest(configuration: configuration)
    }
}

/// A real scroll view that the control channel drives, checking every delegate event it sends.
final class EngineUnderTest: ControllableScrollView {
    let scrollView: ScrollView
    private(set) var now = Timestamp.seconds(1)
    private(set) var firstNonFinite: String?
    var everythingWasFinite: Bool { firstNonFinite == nil }

    init(configuration: ScrollViewConfiguration) {
        scrollView = ScrollView(configuration: configuration, startTime: now)
    }

    var configuration: ScrollViewConfiguration { scrollView.configuration }
    var state: ScrollViewState { check(scrollView.state); return scrollView.state }
    var isAtRest: Bool { scrollView.isAtRest }
    func setContentOffset(_ p: Point, animated: Bool, at t: Timestamp) { scrollView.setContentOffset(p, animated: animated, at: t); drain() }
    func scrollRectToVisible(_ r: Rect, animated: Bool, at t: Timestamp) { scrollView.scrollRectToVisible(r, animated: animated, at: t); drain() }
    func setZoomScale(_ s: Double, animated: Bool, at t: Timestamp) { scrollView.setZoomScale(s, animated: animated, at: t); drain() }
    func zoom(to r: Rect, animated: Bool, at t: Timestamp) { scrollView.zoom(to: r, animated: animated, at: t); drain() }
    func stopScrollingAndZooming(at t: Timestamp) { scrollView.stopScrollingAndZooming(at: t); drain() }
    func setContentSize(_ s: Size, at t: Timestamp) { scrollView.setContentSize(s, at: t); drain() }
    func setContentInset(_ i: EdgeInsets, at t: Timestamp) { scrollView.setContentInset(i, at: t); drain() }
    func flashScrollIndicators(at t: Timestamp) { scrollView.flashScrollIndicators(at: t); drain() }

    /// Advances the engine in 60 Hz frames.
    func run(seconds: Double) {
        for _ in 0..<Int(seconds * 60) {
            now = now.adding(microseconds: 16_667)
            scrollView.advance(to: now)
            drain()
        }
    }

    /// A finger down in the middle, a fast move and a lift, then the animations run out.
    func touchAndFlick() {
        let slot = TouchSlot(0)
        scrollView.handle(TouchFrame(time: now, samples: [TouchSample(slot: slot, phase: .down, location: Point(x: 640, y: 400))]))
        for step in 1...6 {
            now = now.adding(microseconds: 16_667)
            scrollView.handle(TouchFrame(time: now, samples: [TouchSample(slot: slot, phase: .move, location: Point(x: 640 - Double(step) * 40, y: 400 - Double(step) * 60))]))
            drain()
        }
        scrollView.handle(TouchFrame(time: now, samples: [TouchSample(slot: slot, phase: .up, location: Point(x: 400, y: 40))]))
        drain()
        run(seconds: 5)
    }

    private func drain() {
        for event in scrollView.drainEvents() { check(event.state, "\(event.message)") }
        check(scrollView.state)
    }

    private func check(_ state: ScrollViewState, _ context: String = "state") {
        let numbers = [state.contentOffset.x, state.contentOffset.y, state.zoomScale, state.contentSize.width, state.contentSize.height]
        if firstNonFinite == nil, !numbers.allSatisfy(\.isFinite) { firstNonFinite = "\(context): \(state)" }
    }
}
