import CPixman
import ScrollEngine

/// What one scroll view of a screen of several draws, when the configuration says: its own
/// content (an image, a tile folder) and its own scroll indicators.
public struct ViewDrawing: Hashable, Sendable {
    /// An image (PNG, JPEG) or a tile folder; nil: the view has no content of its own.
    public var content: String?
    public var pixelsPerPoint: Double
    /// nil: the display's indicator settings.
    public var indicators: IndicatorSettings?

    public init(content: String? = nil, pixelsPerPoint: Double = 1, indicators: IndicatorSettings? = nil) {
        self.content = content
        self.pixelsPerPoint = pixelsPerPoint
        self.indicators = indicators
    }
}

extension DisplaySettings {
    /// The drawing of a screen of scroll views, and the views with the contentSize their content
    /// gives them (the engine must run with the returned nodes).
    ///
    /// What each view shows:
    /// - its own `content` (`views[id]`): the image is the view's content, and its size the
    ///   view's contentSize, as for a single scroll view;
    /// - else, for the first top-level view, the display's content (`--content`, `display.content`);
    /// - else the generated page, repeated across the contentSize of the configuration; every
    ///   view after the first is tinted a little darker each level of nesting, so a carousel stands
    ///   out from the list around it.
    /// The stationary header belongs to a single scroll view: a screen of several has none (`warn`
    /// says so).
    public func screenViews(for nodes: [ScrollViewTree.Node], warn: (String) -> Void = { _ in }) throws
        -> (views: [ScreenView], nodes: [ScrollViewTree.Node]) {
        if header != nil { warn("a stationary header is drawn above a single scroll view; this screen has several, so it has none") }
        var plain = self
        plain.header = nil
        var pattern: [Int: ContentImage] = [:]
        func build(_ node: ScrollViewTree.Node, depth: Int, isFirst: Bool, prefix: String) throws -> (ScreenView, ScrollViewTree.Node) {
            var node = node
            let keyPath = prefix + "scrollViews[\(node.id)]"
            var settings = plain
            let own = views[node.id]
            if let indicators = own?.indicators { settings.indicators = indicators }
            var scrollView = node.configuration
            scrollView.boundsSize = node.frame.size
            let path = own?.content ?? (isFirst ? content : nil)
            var config: RendererConfiguration
            let image: ContentImage
            let repeats = path == nil
            if let path {
                let ppp = own?.content != nil ? own?.pixelsPerPoint ?? 1 : pixelsPerPoint
                do {
                    image = try Self.loadContent(path, pixelsPerPoint: ppp)
                } catch let error as RendererError where own?.content != nil {
                    // Name the key that gave the file, as the configuration's own errors do.
                    throw RendererError(error.kind, path: error.path, "\(keyPath).content: \(error.detail)", errno: error.errno)
                }
                config = settings.rendererConfiguration(scrollView: scrollView, content: image) { warn("scroll view \"\(node.id)\": \($0)") }
            } else {
                if let made = pattern[depth] { image = made } else {
                    image = Self.generatedPattern(tintDepth: depth)
                    pattern[depth] = image
                }
                config = settings.rendererConfiguration(scrollView: scrollView, content: image)
                // The pattern fills the contentSize the configuration gives; it does not define it.
                config.scrollView.contentSize = scrollView.contentSize
                config.scrollView.infiniteScrolling = scrollView.infiniteScrolling
                config.infiniteScrolling = nil
            }
            node.configuration = config.scrollView
            var children: [ScreenView] = []
            var childNodes: [ScrollViewTree.Node] = []
            for child in node.children {
                let (v, n) = try build(child, depth: depth + 1, isFirst: false, prefix: keyPath + ".")
                children.append(v)
                childNodes.append(n)
            }
            node.children = childNodes
            return (ScreenView(id: node.id, frame: node.frame, configuration: config, content: image, repeatsContent: repeats, children: children), node)
        }
        var screen: [ScreenView] = [], result: [ScrollViewTree.Node] = []
        for (i, node) in nodes.enumerated() {
            let (v, n) = try build(node, depth: 0, isFirst: i == 0, prefix: "")
            screen.append(v)
            result.append(n)
        }
        return (screen, result)
    }

    /// The generated page as a tile that repeats seamlessly in card colours (six card columns,
    /// two card rows: 1200×520 points at 2 pixels per point), darkened by 12 % per level of
    /// nesting.
    static func generatedPattern(tintDepth depth: Int) -> ContentImage {
        let tile = GeneratedPage.make(width: 2400, height: 1040)
        if depth > 0 {
            var shade = Color.black.multipliedAlpha(by: min(0.6, 0.12 * Double(depth))).pixman
            let solid = pixman_image_create_solid_fill(&shade)!
            pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, tile.image, 0, 0, 0, 0, 0, 0, Int32(tile.width), Int32(tile.height))
            pixman_image_unref(solid)
        }
        return ContentImage(source: tile, pixelsPerPoint: 2)
    }

    /// Opens every target for a screen of `size` points (1 point = 1 pixel), as `openOutputs(for:)`
    /// does for one scroll view filling it.
    public func openOutputs(screenSize size: Size, warn: (String) -> Void = { _ in }) throws -> FrameOutput {
        var config = RendererConfiguration()
        config.scrollView.boundsSize = size
        config.rotation = rotation
        return try openOutputs(for: config, warn: warn)
    }
}
