import ScrollEngine

/// A screen of several scroll views under control: a request without `"view"` goes to the first
/// top-level view; `controllableViews` lists them all, so a request may name any of them.
extension ScrollViewTree: ControllableScrollView {
    /// The default target: the first top-level view.
    public var primaryView: ScrollView { view(ids[0])! }

    public var configuration: ScrollViewConfiguration { primaryView.configuration }
    public var state: ScrollViewState { primaryView.state }
    public func setContentOffset(_ p: Point, animated: Bool, at when: Timestamp) { primaryView.setContentOffset(p, animated: animated, at: when) }
    public func scrollRectToVisible(_ r: Rect, animated: Bool, at when: Timestamp) { primaryView.scrollRectToVisible(r, animated: animated, at: when) }
    public func setZoomScale(_ s: Double, animated: Bool, at when: Timestamp) { primaryView.setZoomScale(s, animated: animated, at: when) }
    public func zoom(to r: Rect, animated: Bool, at when: Timestamp) { primaryView.zoom(to: r, animated: animated, at: when) }
    public func stopScrollingAndZooming(at when: Timestamp) { primaryView.stopScrollingAndZooming(at: when) }
    public func setContentSize(_ s: Size, at when: Timestamp) { primaryView.setContentSize(s, at: when) }
    public func setContentInset(_ i: EdgeInsets, at when: Timestamp) { primaryView.setContentInset(i, at: when) }
    public func flashScrollIndicators(at when: Timestamp) { primaryView.flashScrollIndicators(at: when) }
    public var controllableViews: [ControllableView] { ids.map { ControllableView(id: $0, view: view($0)!) } }
}
