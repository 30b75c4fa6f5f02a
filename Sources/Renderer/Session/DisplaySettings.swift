import Logging
import ScrollEngine
import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// What a command draws and where, once the configuration file and the command line are merged:
/// the content, the outputs, and how the scroll view's chrome looks. `render`, `run` and `daemon`
/// all set up drawing through this one value (`loadContent`, `rendererConfiguration`, `openOutputs`).
public struct DisplaySettings: Hashable, Sendable {
    /// One place frames go.
    public enum Target: Hashable, Sendable, CustomStringConvertible {
        /// An fbdev framebuffer (`/dev/fb0`).
        case framebuffer(String)
        /// A DRM/KMS card (`/dev/dri/card0`).
        case drm(String)
        /// Every drawn frame as DIR/frame-NNNNNN.png.
        case png(directory: String)
        /// Only the last frame, written by `finish()`.
        case screenshot(String)

        public var description: String {
            switch self {
            case .framebuffer(let path), .drm(let path), .screenshot(let path): path
            case .png(let directory): directory + "/"
            }
        }

        /// Frames shown on a display (not written to files): one that can be lost and come back.
        public var isDevice: Bool {
            switch self {
            case .framebuffer, .drm: true
            case .png, .screenshot: false
            }
        }
    }

    /// An image (PNG, JPEG), a tile folder, or nil for the generated page.
    public var content: String?
    public var pixelsPerPoint: Double
    public var targets: [Target]
    public var rotation: ScreenRotation
    public var indicators: IndicatorSettings
    public var header: StationaryHeader?
    public var showsDebugViews: Bool
    /// A screen of several scroll views: each view's own content and indicators, by view id
    /// (views without an entry: `ScreenView`s built by `screenViews(for:)` say what they draw).
    public var views: [String: ViewDrawing] = [:]

    public init(content: String? = nil, pixelsPerPoint: Double = 1, targets: [Target] = [], rotation: ScreenRotation = .none,
                indicators: IndicatorSettings = IndicatorSettings(), header: StationaryHeader? = nil, showsDebugViews: Bool = false) {
        self.content = content
        self.pixelsPerPoint = pixelsPerPoint
        self.targets = targets
        self.rotation = rotation
        self.indicators = indicators
        self.header = header
        self.showsDebugViews = showsDebugViews
    }

    /// Reads the content: a tile folder when `content` is a directory, else a PNG or JPEG file;
    /// without `content`, the generated page. Every failure is an `.imageRead` error naming the content.
    public func loadContent() throws -> ContentImage {
        guard let content else {
            return ContentImage(source: GeneratedPage.make(width: 2560, height: 4000), pixelsPerPoint: 2)
        }
        return try Self.loadContent(content, pixelsPerPoint: pixelsPerPoint)
    }

    /// Reads one content: a tile folder when `content` is a directory, else a PNG or JPEG file.
    static func loadContent(_ content: String, pixelsPerPoint: Double, system: SystemCalls = .live) throws -> ContentImage {
        // A path stat(2) cannot follow is read as an image file, whose reader names the failure.
        if let info = try? system.pathStatus(content), info.st_mode & S_IFMT == S_IFDIR {
            do {
                return try ContentImage(levels: TileFolder.readLevels(directory: content), pixelsPerPoint: pixelsPerPoint)
            } catch let error as RendererError where error.kind != .imageRead {
                throw RendererError(.imageRead, path: content, error.detail, errno: error.errno)
            }
        }
        return try ContentImage(imagePath: content, pixelsPerPoint: pixelsPerPoint)
    }

    /// What to draw for `scrollView` showing `image`. The content defines the scroll view's
    /// contentSize (and an infinite axis's period): the engine must run with the returned
    /// configuration's `scrollView`. `warn` receives what was adjusted.
    public func rendererConfiguration(scrollView: ScrollViewConfiguration, content image: ContentImage,
                                      warn: (String) -> Void = { _ in }) -> RendererConfiguration {
        var config = RendererConfiguration(scrollView: scrollView)
        config.rotation = rotation
        config.showsDebugViews = showsDebugViews
        config.indicators = indicators
        config.header = header
        if let infinite = scrollView.infiniteScrolling {
            // The picture repeats every image width (height): that is the engine's recentring period,
            // and the scroll view spans five of them so a fling has room before it is recentred.
            let period = image.pointSize[infinite.axis]
            if infinite.period != period {
                warn("scrollView.infiniteScrolling.period is \(infinite.period), the content repeats every \(period) points; using \(period)")
            }
            config.infiniteScrolling = InfiniteScrolling(axis: infinite.axis, periods: 5)
            config.scrollView.infiniteScrolling = .init(axis: infinite.axis, period: period)
        }
        // The content defines the contentSize the scroll view runs with; the header sits above a
        // zoom view and does not zoom, so the engine adds it to the zoomed size too.
        config.scrollView.contentSize = config.contentSize(contentPointSize: image.pointSize, zoomScale: scrollView.zoomScale)
        config.scrollView.stationaryHeaderHeight = header?.height ?? 0
        return config
    }

    /// Opens every target (devices first, so files take the panel's size); one output when there
    /// is one target, a fan-out otherwise. `warn` receives a screen-size mismatch.
    public func openOutputs(for config: RendererConfiguration, warn: (String) -> Void = { _ in }) throws -> FrameOutput {
        var outputs: [FrameOutput] = []
        for target in targets {
            switch target {
            case .framebuffer(let path): outputs.append(try FramebufferOutput(path: path))
            case .drm(let path): outputs.append(try DRMOutput(path: path))
            case .png, .screenshot: break
            }
        }
        let bounds = config.scrollView.boundsSize
        let logical = PixelSize(width: Int(bounds.width), height: Int(bounds.height))
        let panel = outputs.first?.panelSize ?? (config.rotation == .quarter || config.rotation == .threeQuarters ? logical.transposed : logical)
        if config.rotation.logicalSize(panel: panel) != logical {
            warn("the screen in the configuration is \(logical), the display draws \(config.rotation.logicalSize(panel: panel))")
        }
        for target in targets {
            switch target {
            case .png(let directory): outputs.append(try PNGSequenceOutput(directory: directory, panelSize: panel))
            case .screenshot(let path): outputs.append(try ScreenshotOutput(path: path, panelSize: panel))
            case .framebuffer, .drm: break
            }
        }
        return outputs.count == 1 ? outputs[0] : try FanOutOutput(outputs)
    }
}
