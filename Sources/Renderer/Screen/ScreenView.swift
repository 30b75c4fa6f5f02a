import ScrollEngine

/// One scroll view of a screen of several, as the renderer draws it: its place in the tree (the
/// frame in its parent's content points, the screen's at the top), what it shows, and the scroll
/// views inside its content (later ones on top), as UIKit's view hierarchy arranges them.
public struct ScreenView {
    /// The id the delegate stream names the view by.
    public var id: String
    /// In the parent's unscaled content coordinates; its size is the view's bounds size.
    public var frame: Rect
    /// The view's own drawing: geometry (`scrollView`, bounds = frame size), indicators, debug
    /// outlines, background. Rotation and header are the screen's, not the view's.
    public var configuration: RendererConfiguration
    public var content: ContentImage
    /// The content is a pattern repeated in both directions across the view's contentSize (the
    /// generated page of a view without an image of its own) rather than one image that is the
    /// contentSize.
    public var repeatsContent: Bool
    public var children: [ScreenView]

    public init(id: String, frame: Rect, configuration: RendererConfiguration, content: ContentImage,
                repeatsContent: Bool = false, children: [ScreenView] = []) {
        self.id = id
        self.frame = frame
        self.configuration = configuration
        self.configuration.scrollView.boundsSize = frame.size
        self.content = content
        self.repeatsContent = repeatsContent
        self.children = children
    }

    /// The views depth-first, parents before their children, siblings in z-order (the order the
    /// engine's `ScrollViewTree.ids` lists them), each with its parent's index.
    static func flatten(_ views: [ScreenView]) -> [(view: ScreenView, parent: Int?)] {
        var result: [(view: ScreenView, parent: Int?)] = []
        func add(_ view: ScreenView, parent: Int?) {
            let index = result.count
            result.append((view, parent))
            for child in view.children { add(child, parent: index) }
        }
        for view in views { add(view, parent: nil) }
        return result
    }
}
