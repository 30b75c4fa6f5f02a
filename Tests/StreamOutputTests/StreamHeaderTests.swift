import ScrollEngine
import StreamOutput
import XCTest

final class StreamHeaderTests: XCTestCase {
    func testTheHeaderSummarisesTheConfiguration() {
        var scrollView = ScrollViewConfiguration()
        scrollView.contentSize = Size(width: 1280, height: 20000)
        scrollView.contentInset = EdgeInsets(top: 64, bottom: 44)
        let views = [StreamHeader.View(id: "main", parent: nil, frame: Rect(x: 0, y: 0, width: 1280, height: 800), contentSize: scrollView.contentSize)]
        let header = StreamHeader(toolVersion: "1.2.3", scrollView: scrollView, views: views, screenWidthMM: 217, screenHeightMM: 136, frameRate: 60)
        XCTAssertEqual(String(decoding: header.encodedLine(), as: UTF8.self), """
        {"message":"header","tool":"touchscroll","version":"1.2.3","schemaVersion":2,"config":{"screen":{"width":1280,"height":800,"widthMM":217,"heightMM":136},\
        "contentSize":{"width":1280,"height":20000},"contentOffset":{"x":0,"y":0},"contentInset":{"top":64,"left":0,"bottom":44,"right":0},\
        "safeAreaInsets":{"top":0,"left":0,"bottom":0,"right":0},"decelerationRate":0.998,"isPagingEnabled":false,"minimumZoomScale":1,\
        "maximumZoomScale":1,"zoomScale":1,"zoomView":null,"contentViews":0,"frameRate":60},\
        "views":[{"id":"main","parent":null,"frame":{"x":0,"y":0,"width":1280,"height":800},"contentSize":{"width":1280,"height":20000}}]}

        """)
    }

    /// The header lists every scroll view of a screen with its parent and frame, parents first.
    func testTheHeaderListsNestedViewsFromTheTree() throws {
        var list = ScrollViewConfiguration()
        list.contentSize = Size(width: 1280, height: 20000)
        var carousel = ScrollViewConfiguration()
        carousel.contentSize = Size(width: 6400, height: 300)
        let tree = try ScrollViewTree(screenSize: Size(width: 1280, height: 800), views: [
            ScrollViewTree.Node(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 800), configuration: list, children: [
                ScrollViewTree.Node(id: "carousel", frame: Rect(x: 0, y: 400, width: 1280, height: 300), configuration: carousel),
            ]),
        ])
        XCTAssertEqual(StreamHeader.views(of: tree), [
            StreamHeader.View(id: "list", parent: nil, frame: Rect(x: 0, y: 0, width: 1280, height: 800), contentSize: Size(width: 1280, height: 20000)),
            StreamHeader.View(id: "carousel", parent: "list", frame: Rect(x: 0, y: 400, width: 1280, height: 300), contentSize: Size(width: 6400, height: 300)),
        ])
        let line = String(decoding: StreamHeader(toolVersion: "0", scrollView: list, views: StreamHeader.views(of: tree), frameRate: 60).encodedLine(), as: UTF8.self)
        XCTAssertTrue(line.hasSuffix(#""views":[{"id":"list","parent":null,"frame":{"x":0,"y":0,"width":1280,"height":800},"contentSize":{"width":1280,"height":20000}},{"id":"carousel","parent":"list","frame":{"x":0,"y":400,"width":1280,"height":300},"contentSize":{"width":6400,"height":300}}]}"# + "\n"))
    }

    func testTheWriterPutsTheHeaderFirstThenOneLinePerEvent() throws {
        let sink = MemoryByteSink()
        let writer = try DelegateStreamWriter(sink: sink, header: StreamHeader(toolVersion: "0", scrollView: ScrollViewConfiguration(), views: [], frameRate: 60))
        let state = ScrollViewState(contentOffset: .zero, zoomScale: 1, contentSize: .zero)
        try writer.write([DelegateEvent(time: .zero, message: .willBeginDragging, state: state), DelegateEvent(time: .zero, message: .didScroll, state: state)])
        let lines = sink.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix(#"{"message":"header""#))
        XCTAssertTrue(lines[1].contains("scrollViewWillBeginDragging"))
        XCTAssertTrue(lines[2].contains("scrollViewDidScroll"))
        XCTAssertEqual(writer.eventCount, 2)
    }

    func testTheFileDescriptorSinkWritesEverythingThroughAPipe() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let sink = FileDescriptorByteSink(fileDescriptor: fds[1], capacity: 8)
        try sink.write(Array("first line\n".utf8))
        try sink.write(Array("second\n".utf8))
        try sink.flush()
        close(fds[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
        }
        close(fds[0])
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "first line\nsecond\n")
    }
}
