import ScrollEngine
import StreamOutput
import XCTest

final class DelegateEventEncoderTests: XCTestCase {
    let state = ScrollViewState(contentOffset: Point(x: 0, y: 136), zoomScale: 1, contentSize: Size(width: 1280, height: 20000), isDragging: true)
    let common = #""contentOffset":{"x":0,"y":136},"zoomScale":1,"tracking":false,"dragging":true,"decelerating":false,"scrollAnimating":false,"zooming":false,"zoomBouncing":false,"zoomAnimating":false"#

    func line(_ message: DelegateMessage, at t: Int64 = 116_666) -> String {
        String(decoding: DelegateEventEncoder.encodedLine(DelegateEvent(time: Timestamp(microseconds: t), message: message, state: state, view: "list")), as: UTF8.self)
    }

    func testCommonFieldsInTheirFixedOrder() {
        XCTAssertEqual(line(.didScroll), #"{"t":116666,"message":"scrollViewDidScroll","view":"list","# + common + "}\n")
    }

    func testWillEndDraggingCarriesVelocityAndTarget() {
        XCTAssertEqual(
            line(.willEndDragging(velocityPerMillisecond: Point(x: 0, y: 2), targetContentOffset: Point(x: 0, y: 1133.9995))),
            #"{"t":116666,"message":"scrollViewWillEndDragging","view":"list","# + common + #","velocity":{"x":0,"y":2},"targetContentOffset":{"x":0,"y":1134}}"# + "\n"
        )
    }

    func testPerMessageFields() {
        XCTAssertTrue(line(.didEndDragging(willDecelerate: true)).hasSuffix(#","willDecelerate":true}"# + "\n"))
        XCTAssertTrue(line(.didEndZooming(atScale: 2.5)).hasSuffix(#","atScale":2.5}"# + "\n"))
        XCTAssertTrue(line(.shouldScrollToTop(answer: false)).hasSuffix(#","answer":false}"# + "\n"))
        XCTAssertTrue(line(.didScrollToTop).hasSuffix(common + "}\n"))
        XCTAssertTrue(line(.recentered(shift: Point(x: -2560, y: 0))).hasSuffix(#","shift":{"x":-2560,"y":0}}"# + "\n"))
    }

    /// A line from a lone scroll view (no tree) names no view.
    func testALoneScrollViewsLineHasANullView() {
        let event = DelegateEvent(time: .zero, message: .didScroll, state: state)
        XCTAssertTrue(String(decoding: DelegateEventEncoder.encodedLine(event), as: UTF8.self).hasPrefix(#"{"t":0,"message":"scrollViewDidScroll","view":null,"contentOffset""#))
    }

    func testContentTouchesNameTheViewSlotAndBothPoints() {
        let touch = ContentTouch(view: "buy", slot: TouchSlot(1), touchTime: Timestamp(microseconds: 1000), contentPoint: Point(x: 60, y: 920), screenPoint: Point(x: 60, y: 784))
        XCTAssertTrue(line(.touchesBegan(touch)).hasSuffix(
            #","contentView":"buy","slot":1,"touchTime":1000,"contentPoint":{"x":60,"y":920},"screenPoint":{"x":60,"y":784}}"# + "\n"))
        let onContent = ContentTouch(view: nil, slot: TouchSlot(0), touchTime: .zero, contentPoint: .zero, screenPoint: .zero)
        XCTAssertTrue(line(.touchesCancelled(onContent)).contains(#""message":"touchesCancelled","#))
        XCTAssertTrue(line(.touchesCancelled(onContent)).contains(#""contentView":null,"slot":0"#))
    }

    func testGesturesNameTheViewAndFingerCount() {
        let gesture = ContentGesture(view: "tile", contentPoint: Point(x: 1, y: 2), screenPoint: Point(x: 3, y: 4), touches: 2)
        XCTAssertTrue(line(.tap(gesture)).hasSuffix(#","contentView":"tile","touches":2,"contentPoint":{"x":1,"y":2},"screenPoint":{"x":3,"y":4}}"# + "\n"))
        XCTAssertTrue(line(.longPress(gesture)).contains(#""message":"longPress""#))
        XCTAssertTrue(line(.swipe(gesture, direction: .up)).hasSuffix(#""screenPoint":{"x":3,"y":4},"direction":"up"}"# + "\n"))
    }

    /// A stream's lines written together are the lines written one by one, byte for byte.
    func testABatchOfLinesIsTheLinesOneByOne() {
        let touch = ContentTouch(view: "buy", slot: TouchSlot(3), touchTime: Timestamp(microseconds: 42), contentPoint: Point(x: 1.5, y: -2), screenPoint: Point(x: 3, y: 4.125))
        let gesture = ContentGesture(view: nil, contentPoint: Point(x: 1, y: 2), screenPoint: Point(x: 3, y: 4), touches: 2)
        let messages: [DelegateMessage] = [
            .willBeginDragging, .didScroll, .willEndDragging(velocityPerMillisecond: Point(x: -0.5, y: 2), targetContentOffset: Point(x: 0, y: 1134)),
            .didEndDragging(willDecelerate: false), .didEndZooming(atScale: 1.25), .shouldScrollToTop(answer: true),
            .touchesBegan(touch), .touchesCancelled(touch), .tap(gesture), .swipe(gesture, direction: .left), .longPress(gesture),
            .recentered(shift: Point(x: 2560, y: 0)), .motionStopped(reason: .programmatic),
        ]
        let events = messages.enumerated().map { i, message in
            DelegateEvent(time: Timestamp(microseconds: Int64(i) * 16_667), message: message, state: state, view: i % 2 == 0 ? "list" : nil)
        }
        var batch: [UInt8] = []
        DelegateEventEncoder.appendLines(events, to: &batch)
        XCTAssertEqual(String(decoding: batch, as: UTF8.self), events.map { String(decoding: DelegateEventEncoder.encodedLine($0), as: UTF8.self) }.joined())
        XCTAssertEqual(batch.filter { $0 == UInt8(ascii: "\n") }.count, messages.count)
    }

    /// A stream's writer copies the view's name and the zoom scale with the flags from the line before
    /// when they repeat: whatever the sequence of views (a lone view's null, a name to escape, one
    /// longer than the chunk), scales and flags, and whether the sink keeps a buffer or not, each
    /// line is the line encoded alone.
    func testAStreamsLinesAreTheLinesEncodedAloneWhateverRepeats() throws {
        let long = String(repeating: "carousel-", count: 80)
        let views: [String?] = ["list", "list", nil, nil, "tile\"s", "tile\"s", long, long, "list", "carousel"]
        var events: [DelegateEvent] = []
        for i in 0..<200 {
            var state = self.state
            state.contentOffset = Point(x: Double(i) * 0.125, y: 5760.034 - Double(i))
            state.zoomScale = [1, 1, 1, 2.5, 2.5, 0.999_999_9, 1][i % 7]
            state.isTracking = i % 3 == 0
            state.isDecelerating = i % 5 == 0
            state.isZooming = i % 11 < 2
            state.isZoomAnimating = i % 13 == 0
            let message: DelegateMessage = i % 4 == 0 ? .didZoom : .didScroll
            events.append(DelegateEvent(time: Timestamp(microseconds: Int64(i) * 16_667), message: message, state: state,
                                        view: views[(i / 3) % views.count]))
        }
        let expected = events.map { String(decoding: DelegateEventEncoder.encodedLine($0), as: UTF8.self) }.joined()

        let buffered = MemoryByteSink()
        let writer = try DelegateStreamWriter(sink: buffered, header: StreamHeader(toolVersion: "0", scrollView: ScrollViewConfiguration(), views: [], frameRate: 60))
        let headerLength = buffered.bytes.count
        for batch in stride(from: 0, to: events.count, by: 7) { try writer.write(Array(events[batch..<min(batch + 7, events.count)])) }
        try writer.write(events[0])
        XCTAssertEqual(String(decoding: buffered.bytes[headerLength...], as: UTF8.self),
                       expected + String(decoding: DelegateEventEncoder.encodedLine(events[0]), as: UTF8.self))

        let unbuffered = WritingOnlySink()
        let direct = try DelegateStreamWriter(sink: unbuffered, header: StreamHeader(toolVersion: "0", scrollView: ScrollViewConfiguration(), views: [], frameRate: 60))
        for event in events { try direct.write(event) }
        XCTAssertEqual(String(decoding: unbuffered.bytes.drop { $0 != UInt8(ascii: "\n") }.dropFirst(), as: UTF8.self), expected)
    }

    /// Ids are the configuration's: one that needs escaping, or is longer than a line usually is,
    /// is written whole and escaped.
    func testLongAndEscapedIdsAreWrittenWhole() {
        let long = String(repeating: "carousel-", count: 80)
        let event = DelegateEvent(time: .zero, message: .tap(ContentGesture(view: "a\"b\\c\n", contentPoint: .zero, screenPoint: .zero)), state: state, view: long)
        let line = String(decoding: DelegateEventEncoder.encodedLine(event), as: UTF8.self)
        XCTAssertTrue(line.hasPrefix(#"{"t":0,"message":"tap","view":""# + long + #"","contentOffset":{"x":0,"y":136}"#))
        XCTAssertTrue(line.hasSuffix(#","contentView":"a\"b\\c\n","touches":1,"contentPoint":{"x":0,"y":0},"screenPoint":{"x":0,"y":0}}"# + "\n"))
    }

    /// A line is written in place into room made from its upper bound, so the longest lines there can
    /// be must fit it: every number at its widest (a 20-byte time and slot, coordinates clamped to
    /// 17 bytes, a 3-decimal fraction), every flag `false`, the longest message name, and names that
    /// are escaped byte by byte (`\u0001`, six bytes each). Any that did not would stop the test at
    /// the cursor's bounds check.
    func testTheWidestLinesFitTheirBound() {
        let widest = -999_999_999_999_999.875
        let written = JSONNumberFormat.format(widest)
        XCTAssertEqual(written.utf8.count, 20, written) // a sign, 15 digits, a point and 3 decimals
        let escaped = String(repeating: "\u{1}", count: 300)
        let touch = ContentTouch(view: escaped, slot: TouchSlot(Int(Int32.max)), touchTime: Timestamp(microseconds: .min),
                                 contentPoint: Point(x: widest, y: widest), screenPoint: Point(x: widest, y: widest))
        let gesture = ContentGesture(view: escaped, contentPoint: Point(x: widest, y: widest), screenPoint: Point(x: widest, y: widest), touches: .max)
        let wide = ScrollViewState(contentOffset: Point(x: widest, y: widest), zoomScale: widest, contentSize: Size(width: 1, height: 1))
        let messages: [DelegateMessage] = [
            .touchesCancelled(touch), .swipe(gesture, direction: .right), .longPress(gesture), .didEndScrollingAnimation,
            .willEndDragging(velocityPerMillisecond: Point(x: widest, y: widest), targetContentOffset: Point(x: widest, y: widest)),
            .motionStopped(reason: .touch), .didEndZooming(atScale: widest), .didEndDragging(willDecelerate: false),
        ]
        var all: [UInt8] = []
        for message in messages {
            let event = DelegateEvent(time: Timestamp(microseconds: .min), message: message, state: wide, view: escaped)
            let line = DelegateEventEncoder.encodedLine(event)
            XCTAssertEqual(line.last, UInt8(ascii: "\n"), "\(message)")
            XCTAssertTrue(String(decoding: line, as: UTF8.self).contains(#""contentOffset":{"x":"# + written + #","y":"# + written + "}"), "\(message)")
            all += line
        }
        var batch: [UInt8] = []
        DelegateEventEncoder.appendLines(messages.map { DelegateEvent(time: Timestamp(microseconds: .min), message: $0, state: wide, view: escaped) }, to: &batch)
        XCTAssertEqual(batch, all)
    }
}

/// A sink without a buffer of its own: the writer encodes into its own line and hands it over.
private final class WritingOnlySink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ bytes: [UInt8]) { self.bytes += bytes }
    func flush() {}
}
