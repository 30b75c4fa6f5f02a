/// A view inside the scroll view's content (a button, a tile, a link): the target of touch
/// delivery and hit-testing. Its frame is in unscaled content coordinates, so it scrolls and zooms
/// with the content.
public struct ContentView: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// An ordinary view: a scroll may cancel its touches.
        case plain
        /// A UIControl: `touchesShouldCancel(in:)` answers false by default, so once it has a
        /// touch, moving the finger does not scroll.
        case control
    }

    public var id: String {
        didSet { name = ViewName(id) }
    }
    /// `id`, interned: what the messages about this view carry.
    public private(set) var name: ViewName
    public var frame: Rect
    public var role: Role
    /// Override of `touchesShouldBegin(_:with:in:)` for this view (default true).
    public var touchesShouldBegin: Bool?
    /// Override of `touchesShouldCancel(in:)` for this view (default: true, false for controls).
    public var touchesShouldCancel: Bool?

    public init(id: String, frame: Rect, role: Role = .plain, touchesShouldBegin: Bool? = nil, touchesShouldCancel: Bool? = nil) {
        self.id = id
        self.name = ViewName(id)
        self.frame = frame
        self.role = role
        self.touchesShouldBegin = touchesShouldBegin
        self.touchesShouldCancel = touchesShouldCancel
    }

    /// What `touchesShouldCancel(in:)` answers for this view.
    public var shouldCancelTouches: Bool { touchesShouldCancel ?? (role != .control) }
    /// What `touchesShouldBegin(_:with:in:)` answers for this view.
    public var shouldBeginTouches: Bool { touchesShouldBegin ?? true }
}
