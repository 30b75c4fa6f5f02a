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
}
