import ScrollEngine

/// The first line of every stream: which tool wrote it, the schema version, and a summary of the
/// configuration the events were produced with (docs/protocol.md, "Header").
public struct StreamHeader: Hashable, Sendable {
    /// Bumped whenever a field changes meaning or disappears; adding fields does not bump it.
    public static let schemaVersion = 1

    public var toolVersion: String
    public var scrollView: ScrollViewConfiguration
    /// The physical screen size in millimetres, when the configuration gives it.
    public var screenWidthMM: Double?
    public var screenHeightMM: Double?
    /// Animation frames per second (Hz).
    public var frameRate: Double

    public init(toolVersion: String, scrollView: ScrollViewConfiguration, screenWidthMM: Double? = nil, screenHeightMM: Double? = nil, frameRate: Double) {
        self.toolVersion = toolVersion
        self.scrollView = scrollView
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
        return json.line()
    }
}
