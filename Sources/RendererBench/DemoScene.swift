import Renderer
import ScrollEngine

/// The README screenshot: the demo page mid-drag, with the stationary header, both scroll
/// indicators and the content views outlined (`--debug-views`).
enum DemoScene {
    static func writeScreenshot(to path: String, content: ContentImage, panel: PixelSize) throws {
        var sv = ScrollViewConfiguration()
        sv.boundsSize = Size(width: Double(panel.width), height: Double(panel.height))
        sv.contentViews = [
            ContentView(id: "card-1", frame: Rect(x: 20, y: 20, width: 180, height: 110), role: .control),
            ContentView(id: "card-2", frame: Rect(x: 220, y: 20, width: 180, height: 110)),
            ContentView(id: "card-5", frame: Rect(x: 220, y: 150, width: 180, height: 110)),
        ]
        var config = RendererConfiguration(scrollView: sv)
        config.header = StationaryHeader(height: 64, fill: .color(Color(rgb: 0x2C2C2E)))
        config.showsDebugViews = true
        let zoom = 1.25
        let output = try ScreenshotOutput(path: path, panelSize: panel)
        let presenter = try FramePresenter(configuration: config, content: content, output: output)
        let size = config.contentSize(contentPointSize: content.pointSize, zoomScale: zoom)
        let state = ScrollViewState(contentOffset: Point(x: 120, y: 60), zoomScale: zoom, contentSize: size, isTracking: true, isDragging: true)
        presenter.handle([DelegateEvent(time: .milliseconds(16), message: .didScroll, state: state)])
        try presenter.update(at: .milliseconds(16))
        try presenter.finish()
    }
}
