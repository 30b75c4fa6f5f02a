import JSONDocument
import ScrollEngine

/// The answer to one request, written as one JSON line:
///
///     {"id":1,"ok":true}
///     {"id":2,"ok":false,"error":"unknown command \"jump\"; known: …"}
///     {"id":3,"ok":true,"state":{…}}
public enum ControlReply: Hashable, Sendable {
    case ok(id: JSONValue?)
    /// The addressed view's state, and every view of the screen's (`views`, listed when not empty).
    case state(id: JSONValue?, ControlStateSnapshot, views: [ControlViewSnapshot])
    case error(id: JSONValue?, ControlError)

    public var isOK: Bool {
        if case .error = self { return false }
        return true
    }

    /// The reply line, newline included.
    public var line: String {
        var fields: [String: JSONValue] = [:]
        switch self {
        case .ok(let id):
            fields["id"] = id
            fields["ok"] = .bool(true)
        case .state(let id, let snapshot, let views):
            fields["id"] = id
            fields["ok"] = .bool(true)
            fields["state"] = snapshot.json
            if !views.isEmpty {
                fields["views"] = .array(views.map { .object(["id": .string($0.id), "state": $0.snapshot.json]) })
            }
        case .error(let id, let error):
            fields["id"] = id
            fields["ok"] = .bool(false)
            fields["error"] = .string(error.description)
        }
        return JSONValue.object(fields).jsonText + "\n"
    }
}

/// What the `state` command reports: the delegate state plus the inset and whether it is at rest.
public struct ControlStateSnapshot: Hashable, Sendable {
    public var state: ScrollViewState
    public var contentInset: EdgeInsets
    public var isAtRest: Bool

    public init(state: ScrollViewState, contentInset: EdgeInsets, isAtRest: Bool) {
        self.state = state
        self.contentInset = contentInset
        self.isAtRest = isAtRest
    }

    public init(of view: any ControllableScrollView) {
        self.init(state: view.state, contentInset: view.configuration.contentInset, isAtRest: view.isAtRest)
    }

    var json: JSONValue {
        // Adding 0 turns -0 (a clamp at a zero inset) into 0, so replies never say "-0".
        func number(_ value: Double) -> JSONValue { .number(value + 0) }
        return .object([
            "contentOffset": .object(["x": number(state.contentOffset.x), "y": number(state.contentOffset.y)]),
            "zoomScale": number(state.zoomScale),
            "contentSize": .object(["width": number(state.contentSize.width), "height": number(state.contentSize.height)]),
            "contentInset": .object(["top": number(contentInset.top), "left": number(contentInset.left),
                                     "bottom": number(contentInset.bottom), "right": number(contentInset.right)]),
            "isTracking": .bool(state.isTracking),
            "isDragging": .bool(state.isDragging),
            "isDecelerating": .bool(state.isDecelerating),
            "isScrollAnimating": .bool(state.isScrollAnimating),
            "isZooming": .bool(state.isZooming),
            "isZoomBouncing": .bool(state.isZoomBouncing),
            "isZoomAnimating": .bool(state.isZoomAnimating),
            "isAtRest": .bool(isAtRest),
        ])
    }
}

/// One scroll view's state in a `state` reply's `views` list.
public struct ControlViewSnapshot: Hashable, Sendable {
    public var id: String
    public var snapshot: ControlStateSnapshot
    public init(id: String, snapshot: ControlStateSnapshot) {
        self.id = id
        self.snapshot = snapshot
    }
}
