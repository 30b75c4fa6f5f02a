import ScrollEngine

/// What the renderer consumes: the engine's delegate events, with the engine's `recentered`
/// message turned into `recentred` (`init(event:)`), plus indicator flashes, which the
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

extension RendererInput {
    /// A delegate event as the renderer consumes it: the engine's `recentered(shift:)` moved the
    /// offset by `shift`, so the renderer's delta is what was taken away.
    public init(event: DelegateEvent) {
        if case .recentered(let shift) = event.message {
            self = .recentred(by: Point(x: -shift.x, y: -shift.y), event: event)
        } else {
            self = .event(event)
        }
    }
}
