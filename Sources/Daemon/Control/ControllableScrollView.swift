import ScrollEngine

/// What the control channel needs of a scroll view: the engine's `ScrollView` facade, named as a
/// protocol so the command layer is tested against a recording double and the daemon passes the
/// real one (`ScrollView+ControllableScrollView.swift`).
public protocol ControllableScrollView: AnyObject {
    var configuration: ScrollViewConfiguration { get }
    var state: ScrollViewState { get }
    var isAtRest: Bool { get }
    func setContentOffset(_ p: Point, animated: Bool, at: Timestamp)
    func scrollRectToVisible(_ r: Rect, animated: Bool, at: Timestamp)
    func setZoomScale(_ s: Double, animated: Bool, at: Timestamp)
    func zoom(to r: Rect, animated: Bool, at: Timestamp)
    func stopScrollingAndZooming(at: Timestamp)
    func setContentSize(_ s: Size, at: Timestamp)
    func setContentInset(_ i: EdgeInsets, at: Timestamp)
    func flashScrollIndicators(at: Timestamp)
    /// Every scroll view of the screen a request may name, the default target first (default: this
    /// one alone, named `main`).
    var controllableViews: [ControllableView] { get }
}

/// One scroll view of the screen with the id the control channel names it by.
public struct ControllableView {
    public var id: String
    public var view: any ControllableScrollView
    public init(id: String, view: any ControllableScrollView) {
        self.id = id
        self.view = view
    }
}

extension ControllableScrollView {
    /// The scroll views a request may name (`"view"`), the default target (the first top-level
    /// view) first. A lone scroll view is the one view of the `scrollView:` shorthand.
    public var controllableViews: [ControllableView] { [ControllableView(id: "main", view: self)] }
}
