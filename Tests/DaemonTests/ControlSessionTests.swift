import Daemon
import ScrollEngine
import XCTest

/// The control protocol without sockets: a line in, calls on the scroll view, a reply line out.
final class ControlSessionTests: XCTestCase {
    var view: RecordingScrollView!
    var session: ControlSession!
    let now = Timestamp.seconds(3)

    override func setUp() {
        view = RecordingScrollView()
        session = ControlSession(origin: .socket)
    }

    /// Sends one line and returns the reply line.
    func send(_ line: String) -> String? {
        session.handle(line: Array(line.utf8), scrollView: view, now: now)?.line
    }

    // MARK: happy paths

    func testSetContentOffset() {
        XCTAssertEqual(send(#"{"id":1,"command":"setContentOffset","offset":{"x":0,"y":640},"animated":true}"#), "{\"id\":1,\"ok\":true}\n")
        XCTAssertEqual(send(#"{"command":"setContentOffset","offset":{"x":-5.5,"y":0}}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["setContentOffset (0.0, 640.0) animated=true at 3000000µs",
                                    "setContentOffset (-5.5, 0.0) animated=false at 3000000µs"])
    }

    func testScrollRectToVisible() {
        XCTAssertEqual(send(#"{"id":"a","command":"scrollRectToVisible","rect":{"x":0,"y":2000,"width":100,"height":50},"animated":false}"#),
                       "{\"id\":\"a\",\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["scrollRectToVisible {(0.0, 2000.0), 100.0x50.0} animated=false at 3000000µs"])
    }

    func testSetZoomScale() {
        XCTAssertEqual(send(#"{"command":"setZoomScale","scale":2,"animated":true}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["setZoomScale 2.0 animated=true at 3000000µs"])
    }

    func testZoomTo() {
        XCTAssertEqual(send(#"{"command":"zoomTo","rect":{"x":10,"y":20,"width":300,"height":200},"animated":true}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["zoom {(10.0, 20.0), 300.0x200.0} animated=true at 3000000µs"])
    }

    func testSetContentSize() {
        XCTAssertEqual(send(#"{"command":"setContentSize","size":{"width":1280,"height":9000}}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["setContentSize 1280.0x9000.0 at 3000000µs"])
    }

    func testSetContentInsetWithSidesLeftOutAsZero() {
        XCTAssertEqual(send(#"{"command":"setContentInset","inset":{"top":64,"bottom":44}}"#), "{\"ok\":true}\n")
        XCTAssertEqual(send(#"{"command":"setContentInset","inset":{}}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["setContentInset 64.0 0.0 44.0 0.0 at 3000000µs", "setContentInset 0.0 0.0 0.0 0.0 at 3000000µs"])
    }

    func testFlashScrollIndicatorsAndStop() {
        XCTAssertEqual(send(#"{"command":"flashScrollIndicators"}"#), "{\"ok\":true}\n")
        XCTAssertEqual(send(#"{"command":"stopScrollingAndZooming","id":9}"#), "{\"id\":9,\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 3000000µs", "stopScrollingAndZooming at 3000000µs"])
    }

    func testStateReportsTheScrollViewWithoutTouchingIt() {
        view.configuration.contentInset = EdgeInsets(top: 20)
        view.isAtRest = false
        view.state.isDecelerating = true
        let state = """
            {"contentInset":{"bottom":0,"left":0,"right":0,"top":20},\
            "contentOffset":{"x":0,"y":120},"contentSize":{"height":4000,"width":1280},"isAtRest":false,\
            "isDecelerating":true,"isDragging":false,"isScrollAnimating":false,"isTracking":false,\
            "isZoomAnimating":false,"isZoomBouncing":false,"isZooming":false,"zoomScale":1.5}
            """
        // The addressed view's state, then every view of the screen (a lone scroll view is "main").
        XCTAssertEqual(send(#"{"id":4,"command":"state"}"#), #"{"id":4,"ok":true,"state":"# + state + #","views":[{"id":"main","state":"# + state + "}]}\n")
        XCTAssertEqual(view.calls, [])
    }

    func testSubscribeAndUnsubscribe() {
        XCTAssertFalse(session.isSubscribed)
        XCTAssertEqual(send(#"{"command":"subscribe"}"#), "{\"ok\":true}\n")
        XCTAssertTrue(session.isSubscribed)
        XCTAssertEqual(send(#"{"command":"unsubscribe"}"#), "{\"ok\":true}\n")
        XCTAssertFalse(session.isSubscribed)
    }

    func testSubscribeOnStandardInputIsRefused() {
        session = ControlSession(origin: .standardInput)
        XCTAssertEqual(send(#"{"command":"subscribe"}"#),
                       "{\"error\":\"subscribe: the event stream already goes to standard output\",\"ok\":false}\n")
        XCTAssertFalse(session.isSubscribed)
    }

    func testBlankLinesGetNoReply() {
        XCTAssertNil(send(""))
        XCTAssertNil(send("  \t"))
    }

    // MARK: error paths: each gets a reply naming the problem, and the session goes on

    func assertError(_ line: String, _ expected: String, file: StaticString = #filePath, line number: UInt = #line) {
        XCTAssertEqual(send(line), expected, file: file, line: number)
        XCTAssertEqual(view.calls, [], "a refused command must not reach the scroll view", file: file, line: number)
    }

    func testMalformedLines() {
        assertError("not json", #"{"error":"not JSON: The given data was not valid JSON.","ok":false}"# + "\n")
        assertError("{\"command\":\"state\"", #"{"error":"not JSON: The given data was not valid JSON.","ok":false}"# + "\n")
    }

    func testErrorReplies() {
        let cases: [(String, String)] = [
            (#"[1,2]"#, "expected a JSON object, found an array"),
            (#""setContentOffset""#, "expected a JSON object, found a string"),
            (#"{"verb":"state"}"#, "missing \\\"command\\\""),
            (#"{"command":7}"#, "\\\"command\\\" must be a string, found a number"),
            (#"{"command":"jump"}"#, "unknown command \\\"jump\\\"; known: setContentOffset, scrollRectToVisible, setZoomScale, zoomTo, setContentSize, setContentInset, flashScrollIndicators, stopScrollingAndZooming, state, subscribe, unsubscribe"),
            (#"{"command":"setContentOffset"}"#, "setContentOffset: missing \\\"offset\\\""),
            (#"{"command":"setContentOffset","offset":[0,1]}"#, "setContentOffset: \\\"offset\\\" must be an object, found an array"),
            (#"{"command":"setContentOffset","offset":{"x":0}}"#, "setContentOffset: missing \\\"offset.y\\\""),
            (#"{"command":"setContentOffset","offset":{"x":"0","y":0}}"#, "setContentOffset: \\\"offset.x\\\" must be a number, found a string"),
            (#"{"command":"setContentOffset","offset":{"x":0,"y":0,"z":1}}"#, "setContentOffset: unknown field \\\"offset.z\\\""),
            (#"{"command":"setContentOffset","offset":{"x":0,"y":0},"animated":"yes"}"#, "setContentOffset: \\\"animated\\\" must be a boolean, found a string"),
            (#"{"command":"setContentOffset","offset":{"x":0,"y":0},"animate":true}"#, "setContentOffset: unknown field \\\"animate\\\""),
            (#"{"command":"scrollRectToVisible","rect":{"x":0,"y":0,"width":-1,"height":5}}"#, "scrollRectToVisible: \\\"rect.width\\\" must not be negative"),
            (#"{"command":"scrollRectToVisible","rect":{"x":0,"y":0,"width":1}}"#, "scrollRectToVisible: missing \\\"rect.height\\\""),
            (#"{"command":"setZoomScale"}"#, "setZoomScale: missing \\\"scale\\\""),
            (#"{"command":"setZoomScale","scale":0}"#, "setZoomScale: \\\"scale\\\" must be from 0.001 to 1000"),
            (#"{"command":"setZoomScale","scale":true}"#, "setZoomScale: \\\"scale\\\" must be a number, found a boolean"),
            (#"{"command":"setZoomScale","scale":null}"#, "setZoomScale: \\\"scale\\\" must be a number, found null"),
            (#"{"command":"zoomTo","rect":{"x":0,"y":0,"width":10,"height":-2}}"#, "zoomTo: \\\"rect.height\\\" must be greater than 0"),
            (#"{"command":"setContentSize","size":{"width":10,"height":-2}}"#, "setContentSize: \\\"size.height\\\" must not be negative"),
            (#"{"command":"setContentSize","size":{"width":10}}"#, "setContentSize: missing \\\"size.height\\\""),
            (#"{"command":"setContentInset","inset":{"top":"a"}}"#, "setContentInset: \\\"inset.top\\\" must be a number, found a string"),
            (#"{"command":"setContentInset","inset":{"up":1}}"#, "setContentInset: unknown field \\\"inset.up\\\""),
            (#"{"command":"setContentInset"}"#, "setContentInset: missing \\\"inset\\\""),
            (#"{"command":"flashScrollIndicators","animated":true,"extra":1}"#, "flashScrollIndicators: unknown field \\\"animated\\\""),
            (#"{"command":"state","verbose":true}"#, "state: unknown field \\\"verbose\\\""),
            (#"{"command":"subscribe","filter":"x"}"#, "subscribe: unknown field \\\"filter\\\""),
        ]
        for (request, reason) in cases {
            assertError(request, "{\"error\":\"\(reason)\",\"ok\":false}\n")
        }
        XCTAssertFalse(session.isSubscribed)
    }

    func testTheIdIsEchoedOnErrorsAndMustBeAStringOrNumber() {
        assertError(#"{"id":"req-7","command":"nope"}"#,
                    #"{"error":"unknown command \"nope\"; known: setContentOffset, scrollRectToVisible, setZoomScale, zoomTo, setContentSize, setContentInset, flashScrollIndicators, stopScrollingAndZooming, state, subscribe, unsubscribe","id":"req-7","ok":false}"# + "\n")
        assertError(#"{"id":1}"#, #"{"error":"missing \"command\"","id":1,"ok":false}"# + "\n")
        assertError(#"{"id":[1],"command":"state"}"#, #"{"error":"\"id\" must be a string or a number, found an array","ok":false}"# + "\n")
    }

    /// A key given twice is refused, not resolved to one of its values: the request is ambiguous.
    func testAKeyGivenTwiceIsRefused() {
        assertError(#"{"command":"setZoomScale","scale":2,"scale":0.5}"#, #"{"error":"not JSON: duplicate key at scale","ok":false}"# + "\n")
        assertError(#"{"command":"setContentOffset","offset":{"x":0,"y":640,"y":0}}"#,
                    #"{"error":"not JSON: duplicate key at offset.y","ok":false}"# + "\n")
        // The id too, though the reply cannot echo it.
        assertError(#"{"id":1,"id":2,"command":"state"}"#, #"{"error":"not JSON: duplicate key at id","ok":false}"# + "\n")
    }

    func testANonFiniteNumberIsRefused() {
        assertError(#"{"command":"setZoomScale","scale":1e999}"#, #"{"error":"not JSON: number out of range at scale","ok":false}"# + "\n")
    }

    func testBytesThatAreNotUTF8AreRefused() {
        let reply = session.handle(line: [0x7B, 0xFF, 0xFE, 0x7D], scrollView: view, now: now)
        XCTAssertEqual(reply?.line, #"{"error":"line is not UTF-8","ok":false}"# + "\n")
    }

    func testAfterAnErrorTheSessionCarriesOn() {
        _ = send("{")
        _ = send(#"{"command":"jump"}"#)
        XCTAssertEqual(send(#"{"command":"flashScrollIndicators"}"#), "{\"ok\":true}\n")
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 3000000µs"])
    }
}

final class LineAssemblerTests: XCTestCase {
    func testLinesSplitAtNewlinesWhateverTheChunking() {
        let input = Array("{\"a\":1}\n{\"b\":2}\r\n\n{\"c\":3}\n".utf8)
        var whole = LineAssembler(limit: 64)
        var byteByByte = LineAssembler(limit: 64)
        let expected: [LineAssembler.Piece] = [.line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8)), .line([]), .line(Array("{\"c\":3}".utf8))]
        XCTAssertEqual(whole.feed(input), expected)
        XCTAssertEqual(input.flatMap { byteByByte.feed([$0]) }, expected)
    }

    func testAPartialLineWaitsForItsNewline() {
        var assembler = LineAssembler(limit: 64)
        XCTAssertEqual(assembler.feed(Array("{\"comm".utf8)), [])
        XCTAssertEqual(assembler.bufferedCount, 6)
        XCTAssertEqual(assembler.feed(Array("and\":1}\n".utf8)), [.line(Array("{\"command\":1}".utf8))])
        XCTAssertEqual(assembler.bufferedCount, 0)
    }

    func testAnOversizedLineIsReportedOnceAndSkippedToItsNewline() {
        var assembler = LineAssembler(limit: 8)
        XCTAssertEqual(assembler.feed(Array("12345678".utf8)), [])   // exactly the limit: still fine
        XCTAssertEqual(assembler.feed(Array("\n".utf8)), [.line(Array("12345678".utf8))])
        XCTAssertEqual(assembler.feed(Array("123456789".utf8)), [.tooLong])
        XCTAssertEqual(assembler.feed(Array(repeating: UInt8(ascii: "x"), count: 1000)), [])
        XCTAssertEqual(assembler.bufferedCount, 0, "nothing of the oversized line is kept")
        XCTAssertEqual(assembler.feed(Array("tail\nok\n".utf8)), [.line(Array("ok".utf8))])
    }
}

/// Control requests on a screen of several scroll views: `"view"` names one; without it, the first
/// top-level view; an unknown id is an error reply; `state` lists every view.
final class ControlSessionViewTests: XCTestCase {
    func tree() throws -> ScrollViewTree {
        var list = ScrollViewConfiguration()
        list.contentSize = Size(width: 1280, height: 20000)
        var carousel = ScrollViewConfiguration()
        carousel.contentSize = Size(width: 6400, height: 300)
        return try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: [
            ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: list, children: [
                ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 400, width: 1280, height: 300), configuration: carousel),
            ]),
        ])
    }

    func send(_ line: String, _ screen: ScrollViewTree, _ session: inout ControlSession) -> String? {
        session.handle(line: Array(line.utf8), scrollView: screen, now: .zero)?.line
    }

    func testARequestNamesItsViewAndDefaultsToTheFirstTopLevelOne() throws {
        let screen = try tree()
        var session = ControlSession(origin: .socket)
        XCTAssertEqual(send(#"{"id":1,"view":"carousel","command":"setContentOffset","offset":{"x":1280,"y":0}}"#, screen, &session), "{\"id\":1,\"ok\":true}\n")
        XCTAssertEqual(send(#"{"id":2,"command":"setContentOffset","offset":{"x":0,"y":640}}"#, screen, &session), "{\"id\":2,\"ok\":true}\n")
        XCTAssertEqual(screen.view("carousel")!.contentOffset, Point(x: 1280, y: 0))
        XCTAssertEqual(screen.view("list")!.contentOffset, Point(x: 0, y: 640))
        // Programmatic messages are drained view by view, in the tree's order.
        XCTAssertEqual(screen.drainEvents().map(\.view), ["list", "carousel"])
    }

    func testAnUnknownViewIsAnErrorReplyAndNothingMoves() throws {
        let screen = try tree()
        var session = ControlSession(origin: .socket)
        XCTAssertEqual(send(#"{"id":3,"view":"menu","command":"setContentOffset","offset":{"x":0,"y":640}}"#, screen, &session),
                       #"{"error":"unknown view \"menu\"; the screen's scroll views: list, carousel","id":3,"ok":false}"# + "\n")
        XCTAssertEqual(send(#"{"id":4,"view":7,"command":"state"}"#, screen, &session),
                       #"{"error":"\"view\" must be a string (a scroll view's id), found a number","id":4,"ok":false}"# + "\n")
        XCTAssertEqual(screen.drainEvents(), [])
    }

    func testStateListsEveryView() throws {
        let screen = try tree()
        var session = ControlSession(origin: .socket)
        screen.view("carousel")!.setContentOffset(Point(x: 2560, y: 0), animated: false, at: .zero)
        let reply = try XCTUnwrap(send(#"{"id":5,"view":"carousel","command":"state"}"#, screen, &session))
        XCTAssertTrue(reply.hasPrefix(#"{"id":5,"ok":true,"state":{"contentInset":{"bottom":0,"left":0,"right":0,"top":0},"contentOffset":{"x":2560,"y":0}"#), reply)
        XCTAssertTrue(reply.contains(#""views":[{"id":"list","state":{"#), reply)
        XCTAssertTrue(reply.contains(#"{"id":"carousel","state":{"contentInset":{"bottom":0,"left":0,"right":0,"top":0},"contentOffset":{"x":2560,"y":0}"#), reply)
    }
}
