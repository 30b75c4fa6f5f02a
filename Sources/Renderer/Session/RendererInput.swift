import ScrollEngine

/// What the renderer consumes: the engine's delegate events, plus what the engine's stream does
/// not carry yet.
public enum RendererInput: Hashable, Sendable {
    case event(DelegateEvent)
    /// The engine moved contentOffset back by `delta` to recentre infinite content (proposed
    /// engine message `didRecenter(by:)`); the event's state is the state after the move.
    case recentred(by: Point, event: DelegateEvent)
    /// flashScrollIndicators() was called at `time`.
    case flashIndicators(at: Timestamp)
}
