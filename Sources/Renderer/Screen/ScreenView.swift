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

/// A rectangle of whole pixels on the screen.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The pixels whose centres lie inside `rect` (edges rounded to the nearest pixel boundary).
    public init(rounding rect: Rect) {
        let x0 = Int(rect.minX.rounded()), y0 = Int(rect.minY.rounded())
        self.init(x: x0, y: y0, width: Int(rect.maxX.rounded()) - x0, height: Int(rect.maxY.rounded()) - y0)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return PixelRect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
