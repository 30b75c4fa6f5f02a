import ScrollEngine

/// What the renderer consumes: the engine's delegate events, with the engine's `recentered`
/// message turned into `recentred` (FramePresenter does that), plus indicator flashes, which the
/// engine records in `ScrollView.indicatorFlashTime` rather than in the stream.
public enum RendererInput: Hashable, Sendable {
    case event(DelegateEvent)
    /// The engine moved contentOffset back by `delta` to recentre infinite content (its
    /// `recentered(shift:)` message, delta = −shift); the event's state is the state after the move.
    case recentred(by: Point, event: DelegateEvent)
    /// flashScrollIndicators() was called at `time`.
    case flashIndicators(at: Timestamp)
    /// The scroll view's geometry changed without a delegate message (setContentSize and
    /// setContentInset send none): `state` is its state now, `contentInset` its inset.
    case geometryChanged(state: ScrollViewState, contentInset: EdgeInsets)
}
