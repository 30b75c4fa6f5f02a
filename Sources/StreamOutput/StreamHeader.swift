import ScrollEngine

/// The first line of every stream: which tool wrote it, the schema version, and a summary of the
/// configuration the events were produced with (docs/protocol.md, "Header").
public struct StreamHeader: Hashable, Sendable {
    /// Bumped whenever a field changes meaning or disappears; adding fields does not bump it.
    /// 2: every line names its scroll view (`view`); a content touch's content view is `contentView`.
    public static let schemaVersion = 2

    /// One scroll view of the screen: its id, the id of the scroll view whose content holds it
    /// (nil at the top), its frame in that content (the screen's at the top) and its content size.
    public struct View: Hashable, Sendable {
        public var id: String
        public var parent: String?
        public var frame: Rect
        public var contentSize: Size
        public init(id: String, parent: String?, frame: Rect, contentSize: Size) {
            self.id = id
            self.parent = parent
            self.frame = frame
            self.contentSize = contentSize
        }
    }

    public var toolVersion: String
    /// The first top-level scroll view (`config`); its bounds size is the screen's.
    public var scrollView: ScrollViewConfiguration
    /// Every scroll view of the screen, parents before children, siblings in z-order.
    public var views: [View]
    /// The physical screen size in millimetres, when the configuration gives it.
    public var screenWidthMM: Double?
    public var screenHeightMM: Double?
    /// Animation frames per second (Hz).
    public var frameRate: Double

    public init(toolVersion: String, scrollView: ScrollViewConfiguration, views: [View], screenWidthMM: Double? = nil, screenHeightMM: Double? = nil, frameRate: Double) {
        self.toolVersion = toolVersion
        self.scrollView = scrollView
        self.views = views
        self.screenWidthMM = screenWidthMM
        self.screenHeightMM = screenHeightMM
        self.frameRate = frameRate
    }

    /// The header as one JSON line; keys in the documented order.
    public func encodedLine() -> [UInt8] {
        var json = JSONObjectWriter()
        let c = scrollView
        json.field("message", "header")
        json.field("tool", "touchscroll")
        json.field("version", toolVersion)
        json.field("schemaVersion", integer: Int64(Self.schemaVersion))
        json.object("config") { config in
            config.object("screen") { screen in
                screen.field("width", c.boundsSize.width)
                screen.field("height", c.boundsSize.height)
                if let screenWidthMM { screen.field("widthMM", screenWidthMM) }
                if let screenHeightMM { screen.field("heightMM", screenHeightMM) }
            }
            config.field("contentSize", c.contentSize)
            config.field("contentOffset", c.contentOffset)
            config.field("contentInset", c.contentInset)
            config.field("safeAreaInsets", c.safeAreaInsets)
            config.field("decelerationRate", c.decelerationRate.rawValue)
            config.field("isPagingEnabled", c.isPagingEnabled)
            config.field("minimumZoomScale", c.minimumZoomScale)
            config.field("maximumZoomScale", c.maximumZoomScale)
            config.field("zoomScale", c.zoomScale)
            config.field("zoomView", c.zoomView)
            config.field("contentViews", integer: Int64(c.contentViews.count))
            config.field("frameRate", frameRate)
        }
        json.array("views", views) { entry, view in
            entry.field("id", view.id)
            entry.field("parent", view.parent)
            entry.object("frame") { frame in
                frame.field("x", view.frame.minX)
                frame.field("y", view.frame.minY)
                frame.field("width", view.frame.width)
                frame.field("height", view.frame.height)
            }
            entry.field("contentSize", view.contentSize)
        }
        return json.line()
    }
}

extension StreamHeader {
    /// The views of a screen for the header, from the tree that runs them (content sizes as the
    /// engine has them, zoom included).
    public static func views(of tree: ScrollViewTree) -> [View] {
        tree.ids.map { id in
            View(id: id, parent: tree.parentID(of: id), frame: tree.frame(of: id)!, contentSize: tree.view(id)!.contentSize)
        }
    }
}
