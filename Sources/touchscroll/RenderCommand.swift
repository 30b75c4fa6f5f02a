import ArgumentParser
import Foundation
import Playback
import Recordings
import Renderer
import ScrollEngine

/// `touchscroll render FILE`: replays a recording or touch script through the scroll view on a
/// virtual clock and draws what the screen shows: PNG frames, a final screenshot, or a real
/// display through fbdev or DRM/KMS.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Replay input and draw the scrolling content: PNG frames, a screenshot, /dev/fb0 or DRM/KMS.",
        discussion: """
        The content is a PNG or JPEG, or a folder of tiles at several resolutions (--content; --pixels-per-point says how many image pixels make one point, \
        so a 2x image stays crisp up to zoom 2) or, without --content, a generated page of cards. Its \
        size becomes the scroll view's contentSize (plus the header). A frame is drawn for every \
        animation step in which something visible changed, and after the input until the scroll \
        indicators have faded (docs/renderer.md).

        Exit codes: 0 success, 1 drawing or output failed, 2 invalid configuration, 3 unusable input, \
        64 invalid command line.
        """
    )

    @OptionGroup var input: ReplayInputOptions

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
    @Option(name: .customLong("hold"), help: ArgumentHelp("Keep the last frame on a device this many seconds before exiting.", valueName: "seconds"))
    var hold: Double = 0

    func validate() throws {
        if png == nil && screenshot == nil && fb == nil && drm == nil {
            throw ValidationError("give at least one output: --png DIR, --screenshot FILE, --fb PATH or --drm PATH")
        }
        if fb != nil && drm != nil { throw ValidationError("--fb and --drm cannot be used together") }
        if OutputRotation(degrees: rotation) == nil || rotation % 90 != 0 { throw ValidationError("--rotation must be 0, 90, 180 or 270, got \(rotation)") }
        if IndicatorStyle(rawValue: indicatorStyle) == nil { throw ValidationError("--indicator-style must be default, black or white, got \(indicatorStyle)") }
        if UInt32(headerColor, radix: 16) == nil || headerColor.count != 6 { throw ValidationError("--header-color must be six hex digits, got \(headerColor)") }
        if !(pixelsPerPoint > 0) { throw ValidationError("--pixels-per-point must be positive, got \(pixelsPerPoint)") }
    }

    func run() throws {
        var replay = try ReplayRun(input)
        let image: ContentImage
        do {
            var isDirectory: ObjCBool = false
            if let content, FileManager.default.fileExists(atPath: content, isDirectory: &isDirectory), isDirectory.boolValue {
                image = try ContentImage(levels: TileFolder.readLevels(directory: content), pixelsPerPoint: pixelsPerPoint)
            } else {
                image = try content.map { try ContentImage(imagePath: $0, pixelsPerPoint: pixelsPerPoint) }
                    ?? ContentImage(source: GeneratedPage.make(width: 2560, height: 4000), pixelsPerPoint: 2)
            }
        } catch {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.unusableInput
        }

        var config = RendererConfiguration(scrollView: replay.configuration.scrollView)
        config.rotation = OutputRotation(degrees: rotation) ?? .none
        config.showsDebugViews = debugViews
        config.indicators.indicatorStyle = IndicatorStyle(rawValue: indicatorStyle) ?? .default
        if headerHeight > 0 { config.header = StationaryHeader(height: headerHeight, fill: .color(Color(rgb: UInt32(headerColor, radix: 16) ?? 0))) }
        if let infinite = replay.configuration.scrollView.infiniteScrolling {
            // The picture repeats every image width (height): that is the engine's recentring period,
            // and the scroll view spans five of them so a fling has room before it is recentred.
            let period = image.pointSize[infinite.axis]
            if infinite.period != period {
                StandardError.print("touchscroll: warning: scrollView.infiniteScrolling.period is \(infinite.period), the content repeats every \(period) points; using \(period)")
            }
            config.infiniteScrolling = InfiniteScrolling(axis: infinite.axis, periods: 5)
            config.scrollView.infiniteScrolling = .init(axis: infinite.axis, period: period)
        }
        // The content defines the contentSize the scroll view replays with.
        let contentSize = config.contentSize(contentPointSize: image.pointSize, zoomScale: replay.configuration.scrollView.zoomScale)
        config.scrollView.contentSize = contentSize

        do {
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

            let presenter = try FramePresenter(configuration: config, content: image, output: try FanOutOutput(outputs))
            var drawnUpTo: Timestamp?
            var renderError: Error?
            let scrollView = config.scrollView
            var engine: ScrollView?
            do {
                // ReplayRun's driver, with the scroll view configured for this content.
                _ = try PlaybackDriver<ScrollView>(options: replay.playback).run(
                    nextFrame: { try replay.reader.nextFrame() },
                    makeEngine: { start in
                        let made = ScrollView(configuration: scrollView, startTime: start)
                        engine = made
                        return made
                    },
                    pace: { time in
                        // Every event up to the previous step has been handled: draw that step.
                        if let t = drawnUpTo, renderError == nil {
                            do { try presenter.update(at: t) } catch { renderError = error }
                        }
                        drawnUpTo = time
                    },
                    emit: { events in
                        presenter.handle(events)
                        presenter.noteIndicatorFlash(engine?.indicatorFlashTime)
                    }
                )
            } catch let error as RecordingError {
                StandardError.print("touchscroll: \(error)")
                throw ExitCodes.unusableInput
            } catch let error as PlaybackError {
                StandardError.print("touchscroll: \(error)")
                throw ExitCodes.runtimeFailure
            }
            if let renderError { throw renderError }
            var t = drawnUpTo ?? .zero
            try presenter.update(at: t)
            while let next = presenter.nextWakeup(after: t) {
                t = next
                try presenter.update(at: t)
            }
            StandardError.print("touchscroll: render: \(presenter.framesDrawn) frame(s) drawn")
            if let display = outputs.compactMap({ $0 as? DRMOutput }).first {
                try display.waitForFlip()
                StandardError.print("touchscroll: render: \(display.flipsCompleted) page flip(s) completed")
            }
            if hold > 0 { Thread.sleep(forTimeInterval: hold) }
            try presenter.finish()
        } catch let error as RendererError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.runtimeFailure
        }
    }
}
