import JSONDocument
import ScrollEngine

/// One request of the control protocol (docs/control.md), decoded from a JSON line.
public enum ControlCommand: Hashable, Sendable {
    case setContentOffset(Point, animated: Bool)
    case scrollRectToVisible(Rect, animated: Bool)
    case setZoomScale(Double, animated: Bool)
    case zoomTo(Rect, animated: Bool)
    case setContentSize(Size)
    case setContentInset(EdgeInsets)
    case flashScrollIndicators
    case stopScrollingAndZooming
    /// Reply with the scroll view's current state.
    case state
    /// Start receiving the delegate event stream on this connection.
    case subscribe
    /// Stop receiving it.
    case unsubscribe

    /// The `"command"` names, in the order the documentation lists them.
    public static let names = [
        "setContentOffset", "scrollRectToVisible", "setZoomScale", "zoomTo", "setContentSize",
        "setContentInset", "flashScrollIndicators", "stopScrollingAndZooming", "state", "subscribe", "unsubscribe",
    ]
}

/// A command with the caller's correlation id (`"id"`: a string or a number, echoed in the reply).
public struct ControlRequest: Hashable, Sendable {
    public var id: JSONValue?
    public var command: ControlCommand

    public init(id: JSONValue?, command: ControlCommand) {
        self.id = id
        self.command = command
    }
}
