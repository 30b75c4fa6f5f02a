import ArgumentParser
import Configuration
import Daemon
import Renderer
import ScrollEngine

/// The drawing options `render`, `run` and `daemon` share: what to draw (content, header,
/// indicators, rotation, debug outlines) and where (PNG files, fbdev, DRM/KMS). They override the
/// configuration file's `display:` section and indicator keys.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PNG or JPEG image, or a tile folder DIR/<scale>/<col>_<row>.png, to scroll (default: display.content, else a generated page).", valueName: "file"))
    var content: String?
    @Option(name: .customLong("pixels-per-point"), help: ArgumentHelp("Image pixels per content point (default: display.pixelsPerPoint, else 1).", valueName: "n"))
    var pixelsPerPoint: Double?
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
    @Option(help: ArgumentHelp("Turn the picture clockwise: 0, 90, 180 or 270 (default: screen.rotation, which turns the touchscreen too).", valueName: "degrees"))
    var rotation: Int?
    @Option(name: .customLong("indicator-style"), help: ArgumentHelp("default, black or white (default: scrollView.indicatorStyle).", valueName: "style"))
    var indicatorStyle: String?
    @Option(name: .customLong("header-height"), help: ArgumentHelp("Height of a stationary header (0: none).", valueName: "points"))
    var headerHeight: Double = 0
    @Option(name: .customLong("header-color"), help: ArgumentHelp("The header's colour as RRGGBB.", valueName: "hex"))
    var headerColor: String = "F2F2F7"

    /// The outputs named on the command line (they replace the configuration's).
    var targets: [DisplaySettings.Target] {
        var targets: [DisplaySettings.Target] = []
        if let fb { targets.append(.framebuffer(fb)) }
        if let drm { targets.append(.drm(drm)) }
        if let png { targets.append(.png(directory: png)) }
        if let screenshot { targets.append(.screenshot(screenshot)) }
        return targets
    }

    /// True when an output is named on the command line.
    var drawsAnything: Bool { !targets.isEmpty }

    func validate() throws {
        if fb != nil && drm != nil { throw ValidationError("--fb and --drm cannot be used together") }
        if let rotation, ScreenRotation(degrees: rotation) == nil { throw ValidationError("--rotation must be 0, 90, 180 or 270, got \(rotation)") }
        if let indicatorStyle, IndicatorStyle(rawValue: indicatorStyle) == nil { throw ValidationError("--indicator-style must be default, black or white, got \(indicatorStyle)") }
        if UInt32(headerColor, radix: 16) == nil || headerColor.count != 6 { throw ValidationError("--header-color must be six hex digits, got \(headerColor)") }
        if let pixelsPerPoint, !(pixelsPerPoint > 0) { throw ValidationError("--pixels-per-point must be positive, got \(pixelsPerPoint)") }
    }

    /// The configuration's drawing settings with these options applied over them; the result has
    /// no target when neither names an output.
    func settings(for configuration: TouchscrollConfiguration) -> DisplaySettings {
        var settings = DisplaySettings(configuration: configuration)
        if let content { settings.content = content }
        if let pixelsPerPoint { settings.pixelsPerPoint = pixelsPerPoint }
        if !targets.isEmpty { settings.targets = targets }
        if let rotation, let turn = ScreenRotation(degrees: rotation) { settings.rotation = turn }
        settings.showsDebugViews = debugViews
        if let style = indicatorStyle.flatMap(IndicatorStyle.init(rawValue:)) { settings.indicators.indicatorStyle = style }
        if headerHeight > 0 {
            settings.header = StationaryHeader(height: headerHeight, fill: .color(Color(rgb: UInt32(headerColor, radix: 16) ?? 0)))
        }
        return settings
    }
}
