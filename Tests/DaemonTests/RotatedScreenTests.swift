import Configuration
import Daemon
import Foundation
import Recordings
import Renderer
import ScrollEngine
import XCTest

/// `screen.rotation` turns the display and the touchscreen together: on a landscape panel mounted
/// portrait, a tap lands on the content the display drew under the finger.
final class RotatedScreenTests: XCTestCase {
    var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("rotated-screen")
    }

    override func tearDown() { directory.remove() }

    func testATapHitsTheContentDrawnUnderTheFingerOnAQuarterTurnedPanel() throws {
        try RowCodedContent.write(width: 300, height: 600, to: directory.file("page.png"))
        // The user sees a 100 × 200 portrait screen; the panel (picture and touch) is 200 × 100.
        let configuration = try ConfigurationLoader.load(yaml: """
            screen: { width: 100, height: 200, rotation: 90 }
            scrollView:
              contentOffset: { x: 20, y: 37 }
              showsVerticalScrollIndicator: false
              showsHorizontalScrollIndicator: false
              delaysContentTouches: false
            display:
              content: \(directory.file("page.png"))
              png: \(directory.file("frames"))
            """)
        let settings = DisplaySettings(configuration: configuration)
        XCTAssertEqual(settings.rotation, .quarter, "the one key turns the display")
        XCTAssertEqual(configuration.touchTransform.rotation, .threeQuarters, "and the touchscreen with it, back")

        let content = try settings.loadContent()
        let renderer = settings.rendererConfiguration(scrollView: configuration.scrollView, content: content)
        let output = try settings.openOutputs(for: renderer)
        XCTAssertEqual(output.panelSize, PixelSize(width: 200, height: 100))
        let engine = ScrollView(configuration: renderer.scrollView)
        let presenter = try FramePresenter(configuration: renderer, content: content, output: output, initialState: engine.state)

        // The touchscreen reports panel coordinates 0…199 × 0…99; the replay and raw evdev mapping.
        let touch = configuration.touchTransform
        let mapping = ScreenMapping(screenSize: configuration.screen.size, rotation: touch.rotation,
                                    flipX: touch.flipHorizontally, flipY: touch.flipVertically)
        let xAxis = AbsInfo(minimum: 0, maximum: 199), yAxis = AbsInfo(minimum: 0, maximum: 99)
        for (i, (panelX, panelY)) in [(150, 30), (20, 80), (100, 50)].enumerated() {
            let screenPoint = mapping.screenPoint(x: Int32(panelX), y: Int32(panelY), xAxis: xAxis, yAxis: yAxis)
            let t = Timestamp.seconds(Double(i) * 2)
            engine.handle(TouchFrame(time: t, samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: screenPoint)]))
            engine.handle(TouchFrame(time: t.adding(seconds: 0.05), samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: screenPoint)]))
            engine.advance(to: t.adding(seconds: 1))
            let events = engine.drainEvents()
            presenter.handle(events)
            guard case .tap(let gesture)? = events.last(where: { $0.message.name == "tap" })?.message else {
                return XCTFail("no tap at panel (\(panelX), \(panelY)): \(events.map(\.message.name))")
            }
            _ = try presenter.update(at: t.adding(seconds: 1))
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("frames")).sorted()
            let frame = try PNGFile.read(path: directory.file("frames/" + XCTUnwrap(files.last)))
            // The drawn pixel under the finger is the content the tap reports (row-coded: the low
            // byte is the column, the two bytes above it the row), within a pixel of rounding.
            let pixel = frame[panelX, panelY]
            let column = Int(pixel & 0xFF), row = Int((pixel >> 16) & 0xFF) + 256 * Int((pixel >> 8) & 0xFF)
            XCTAssertEqual(Double(column), gesture.contentPoint.x.rounded(.down), accuracy: 1, "panel (\(panelX), \(panelY))")
            XCTAssertEqual(Double(row), gesture.contentPoint.y.rounded(.down), accuracy: 1, "panel (\(panelX), \(panelY))")
        }
    }
}
