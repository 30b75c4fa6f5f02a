import ArgumentParser
import Foundation
import Renderer
import ScrollEngine

/// The drawing options `render` and `run` share: what to draw (content, header, indicators,
/// rotation, debug outlines) and where (PNG files, fbdev, DRM/KMS).
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PNG or JPEG image, or a tile folder DIR/<scale>/<col>_<row>.png, to scroll (default: a generated page).", valueName: "file"))
    var content: String?
    @Option(name: .customLong("pixels-per-point"), help: ArgumentHelp("Image pixels per content point (default 1).", valueName: "n"))
    var pixelsPerPoint: Double = 1
    @Option(help: ArgumentHelp("Write every drawn frame as DIR/frame-NNNNNN.png.", valueName: "dir"))
    var png: String?
    @Option(help: ArgumentHelp("Write the final frame as a PNG.", valueName: "file"))
    var screenshot: String?
    @Option(help: ArgumentHelp("Draw on an fbdev framebuffer (e.g. /dev/fb0).", valueName: "path"))
    var fb: String?
    @Option(help: ArgumentHelp("Draw on a DRM/KMS device (e.g. /dev/dri/card0).", valueName: "path"))
    var drm: String?
    @Flag(name: .customLong("debug-views"), help: "Outline the content views of the configuration.")
    var debugViews = false
    @Option(help: ArgumentHelp("Turn the output clockwise: 0, 90, 180 or 270.", valueName: "degrees"))
    var rotation: Int = 0
    @Option(name: .customLong("indicator-style"), help: ArgumentHelp("default, black or white.", valueName: "style"))
    var indicatorStyle: String = "default"
    @Option(name: .customLong("header-height"), help: ArgumentHelp("Height of a stationary header (0: none).", valueName: "points"))
    var headerHeight: Double = 0
    @Option(name: .customLong("header-color"), help: ArgumentHelp("The header's colour as RRGGBB.", valueName: "hex"))
    var headerColor: String = "F2F2F7"

    /// True when any output is named: something will be drawn.
    var drawsAnything: Bool { png != nil || screenshot != nil || fb != nil || drm != nil }

    func validate() throws {
        if fb != nil && drm != nil { throw ValidationError("--fb and --drm cannot be used together") }
        if OutputRotation(degrees: rotation) == nil || rotation % 90 != 0 { throw ValidationError("--rotation must be 0, 90, 180 or 270, got \(rotation)") }
        if IndicatorStyle(rawValue: indicatorStyle) == nil { throw ValidationError("--indicator-style must be default, black or white, got \(indicatorStyle)") }
        if UInt32(headerColor, radix: 16) == nil || headerColor.count != 6 { throw ValidationError("--header-color must be six hex digits, got \(headerColor)") }
        if !(pixelsPerPoint > 0) { throw ValidationError("--pixels-per-point must be positive, got \(pixelsPerPoint)") }
    }

    /// Reads the content (image, tile folder, or the generated page). Errors: unusable input.
    func loadContent() throws -> ContentImage {
        var isDirectory: ObjCBool = false
        if let content, FileManager.default.fileExists(atPath: content, isDirectory: &isDirectory), isDirectory.boolValue {
            return try ContentImage(levels: TileFolder.readLevels(directory: content), pixelsPerPoint: pixelsPerPoint)
        }
        return try content.map { try ContentImage(imagePath: $0, pixelsPerPoint: pixelsPerPoint) }
            ?? ContentImage(source: GeneratedPage.make(width: 2560, height: 4000), pixelsPerPoint: 2)
    }

    /// What to draw for `scrollView`, whose contentSize (and infinite-scrolling period) become the
    /// content's: the scroll view must be configured with the returned `scrollView`.
    func rendererConfiguration(scrollView: ScrollViewConfiguration, content image: ContentImage) -> RendererConfiguration {
        var config = RendererConfiguration(scrollView: scrollView)
        config.rotation = OutputRotation(degrees: rotation) ?? .none
        config.showsDebugViews = debugViews
        config.indicators.indicatorStyle = IndicatorStyle(rawValue: indicatorStyle) ?? .default
        if headerHeight > 0 { config.header = StationaryHeader(height: headerHeight, fill: .color(Color(rgb: UInt32(headerColor, radix: 16) ?? 0))) }
        if let infinite = scrollView.infiniteScrolling {
            // The picture repeats every image width (height): that is the engine's recentring period,
            // and the scroll view spans five of them so a fling has room before it is recentred.
            let period = image.pointSize[infinite.axis]
            if infinite.period != period {
                StandardError.print("touchscroll: warning: scrollView.infiniteScrolling.period is \(infinite.period), the content repeats every \(period) points; using \(period)")
            }
            config.infiniteScrolling = InfiniteScrolling(axis: infinite.axis, periods: 5)
            config.scrollView.infiniteScrolling = .init(axis: infinite.axis, period: period)
        }
        // The content defines the contentSize the scroll view runs with.
        config.scrollView.contentSize = config.contentSize(contentPointSize: image.pointSize, zoomScale: scrollView.zoomScale)
        return config
    }

    /// Opens the outputs (devices first, then files). Errors: RendererError.
    func openOutputs(for config: RendererConfiguration) throws -> [FrameOutput] {
        var outputs: [FrameOutput] = []
        if let fb { outputs.append(try FramebufferOutput(path: fb)) }
        if let drm { outputs.append(try DRMOutput(path: drm)) }
        let bounds = config.scrollView.boundsSize
        let logical = PixelSize(width: Int(bounds.width), height: Int(bounds.height))
        let panel = outputs.first?.panelSize ?? (config.rotation == .quarter || config.rotation == .threeQuarters ? logical.transposed : logical)
        if config.rotation.logicalSize(panel: panel) != logical {
            StandardError.print("touchscroll: warning: the screen in the configuration is \(logical), the display draws \(config.rotation.logicalSize(panel: panel))")
        }
        if let png { outputs.append(try PNGSequenceOutput(directory: png, panelSize: panel)) }
        if let screenshot { outputs.append(ScreenshotOutput(path: screenshot, panelSize: panel)) }
        return outputs
    }
}
