import XCTest
import ScrollEngine
@testable import Renderer

/// Indicators show while scrolling and fade out after: 0.5 s fully visible, then 0.3 s of fade,
/// all computed from event timestamps.
final class IndicatorVisibilityTests: XCTestCase {
    let settings = IndicatorSettings()

    func testScrollingShowsThemAndTheyFadeAfterItEnds() {
        var v = IndicatorVisibility.hidden
        XCTAssertEqual(v.opacity(at: .seconds(0), settings: settings), 0)
        v = v.after(.scrollingBegan)
        XCTAssertEqual(v.opacity(at: .seconds(5), settings: settings), 1)
        v = v.after(.scrollingEnded(at: .seconds(1)))
        XCTAssertEqual(v.opacity(at: .seconds(1.4), settings: settings), 1)
        XCTAssertEqual(v.opacity(at: .seconds(1.65), settings: settings), 0.5, accuracy: 1e-9)
        XCTAssertEqual(v.opacity(at: .seconds(1.8), settings: settings), 0)
    }

    func testFlashShowsThemWithoutScrolling() {
        let v = IndicatorVisibility.hidden.after(.flash(at: .seconds(2)))
        XCTAssertEqual(v.opacity(at: .seconds(2.1), settings: settings), 1)
        XCTAssertEqual(v.opacity(at: .seconds(3), settings: settings), 0)
    }

    func testTheRunLoopIsWokenForTheFadeAndThenNotAtAll() {
        let v = IndicatorVisibility.lingering(since: .seconds(1))
        XCTAssertEqual(v.nextChange(after: .seconds(1), settings: settings), .seconds(1.5))
        XCTAssertEqual(v.nextChange(after: .seconds(1.5), settings: settings), Timestamp.seconds(1.5).adding(microseconds: 16_667))
        XCTAssertNil(v.nextChange(after: .seconds(1.8), settings: settings))
        XCTAssertNil(IndicatorVisibility.hidden.nextChange(after: .zero, settings: settings))
    }

    func testTheSessionDrawsTheFadeAndThenStopsDrawing() throws {
        let content = ContentImage(source: Fixtures.coordinatePattern(width: 256, height: 1024))
        let output = MemoryOutput(PixelSize(width: 128, height: 128))
        let size = Size(width: 256, height: 1024)
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 128, height: 128)), content: content,
                                           output: output, initialState: Fixtures.state(offset: .zero, contentSize: size))
        presenter.handle([Fixtures.event(0, .willBeginDragging, Fixtures.state(offset: .zero, contentSize: size, dragging: true)),
                          Fixtures.event(10, .didScroll, Fixtures.state(offset: Point(x: 0, y: 40), contentSize: size, dragging: true))])
        try presenter.update(at: .milliseconds(10))
        XCTAssertEqual(presenter.session.frame(at: .milliseconds(10)).indicators.map(\.axis), [.vertical, .horizontal])
        presenter.handle([Fixtures.event(20, .didEndDragging(willDecelerate: false), Fixtures.state(offset: Point(x: 0, y: 40), contentSize: size))])

        var t = Timestamp.milliseconds(20)
        var wakeups = 0
        while let next = presenter.nextWakeup(after: t) {
            t = next
            wakeups += 1
            try presenter.update(at: t)
        }
        XCTAssertEqual(t, .milliseconds(820), "the last wake-up is the end of the fade")
        XCTAssertGreaterThan(wakeups, 10)
        XCTAssertEqual(presenter.session.frame(at: t).indicators, [])
        XCTAssertFalse(try presenter.update(at: .seconds(10)), "nothing moves: nothing is drawn")
    }

    func testTheDefaultStyleIsDarkWithALightBorder() throws {
        let frame = PixelBuffer(size: PixelSize(width: 20, height: 60))
        frame.fill(Color(rgb: 0x808080))
        IndicatorDrawing.draw(IndicatorKnob(axis: .vertical, rect: Rect(x: 5, y: 5, width: 3, height: 50), alpha: 255), style: .default, into: frame)
        let centre = frame[6, 30] & 0xFF, border = frame[5, 30] & 0xFF
        XCTAssertEqual(Int(centre), Int((0x80 * 0.65).rounded()), accuracy: 1, "35 % black over grey")
        XCTAssertGreaterThan(border, 0x80, "the border is lighter than the background")
        XCTAssertEqual(frame[6, 2], 0xFF80_8080, "nothing drawn above the capsule")
        let corner = frame[5, 5] & 0xFF, end = frame[6, 5] & 0xFF
        XCTAssertTrue(0x80 < corner && corner < end, "the rounded corner covers its pixel only partly: \(corner) vs \(end)")

        let white = PixelBuffer(size: PixelSize(width: 20, height: 60))
        white.fill(.black)
        IndicatorDrawing.draw(IndicatorKnob(axis: .vertical, rect: Rect(x: 5, y: 5, width: 3, height: 50), alpha: 255), style: .white, into: white)
        XCTAssertEqual(Int(white[6, 30] & 0xFF), 89, accuracy: 1, "35 % white over black")
    }

    func testTheEnginesFlashTimeFlashesTheIndicatorsOnce() throws {
        let size = Size(width: 256, height: 1024)
        let presenter = try FramePresenter(configuration: Fixtures.configuration(bounds: Size(width: 128, height: 128)),
                                           content: ContentImage(source: Fixtures.coordinatePattern(width: 256, height: 1024)),
                                           output: MemoryOutput(PixelSize(width: 128, height: 128)),
                                           initialState: Fixtures.state(offset: .zero, contentSize: size))
        presenter.noteIndicatorFlash(nil)
        XCTAssertEqual(presenter.session.indicators, .hidden)
        presenter.noteIndicatorFlash(.seconds(3))
        XCTAssertEqual(presenter.session.indicators, .lingering(since: .seconds(3)))
        XCTAssertEqual(presenter.session.frame(at: .seconds(3.1)).indicators.first?.alpha, 255)
        presenter.noteIndicatorFlash(.seconds(3))
        XCTAssertEqual(presenter.session.indicators, .lingering(since: .seconds(3)), "the same flash is not replayed")
    }
}
