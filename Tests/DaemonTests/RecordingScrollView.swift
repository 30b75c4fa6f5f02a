import Daemon
import ScrollEngine

/// A scroll view double that records the calls the control channel makes, in order.
final class RecordingScrollView: ControllableScrollView {
    var configuration = ScrollViewConfiguration()
    var state = ScrollViewState(contentOffset: Point(x: 0, y: 120), zoomScale: 1.5, contentSize: Size(width: 1280, height: 4000))
    var isAtRest = true
    private(set) var calls: [String] = []

    func setContentOffset(_ p: Point, animated: Bool, at t: Timestamp) { calls.append("setContentOffset \(p) animated=\(animated) at \(t)") }
    func scrollRectToVisible(_ r: Rect, animated: Bool, at t: Timestamp) { calls.append("scrollRectToVisible \(r) animated=\(animated) at \(t)") }
    func setZoomScale(_ s: Double, animated: Bool, at t: Timestamp) { calls.append("setZoomScale \(s) animated=\(animated) at \(t)") }
    func zoom(to r: Rect, animated: Bool, at t: Timestamp) { calls.append("zoom \(r) animated=\(animated) at \(t)") }
    func stopScrollingAndZooming(at t: Timestamp) { calls.append("stopScrollingAndZooming at \(t)") }
    func setContentSize(_ s: Size, at t: Timestamp) { calls.append("setContentSize \(s) at \(t)") }
    func setContentInset(_ i: EdgeInsets, at t: Timestamp) {
        calls.append("setContentInset \(i.top) \(i.left) \(i.bottom) \(i.right) at \(t)")
    }
    func flashScrollIndicators(at t: Timestamp) { calls.append("flashScrollIndicators at \(t)") }
}
