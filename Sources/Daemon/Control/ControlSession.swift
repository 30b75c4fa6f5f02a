import JSONDocument
import ScrollEngine

/// One control connection's protocol state and its handling of complete lines: parse, apply to the
/// scroll view, answer. Pure apart from the scroll view it is handed; the socket server and the
/// stdin reader feed it lines and write its replies.
public struct ControlSession: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        case socket
        /// `touchscroll run --control-stdin`: replies go to stdout, beside the event stream.
        case standardInput
    }

    public let origin: Origin
    /// Whether this connection receives the delegate event stream.
    public private(set) var isSubscribed = false

    public init(origin: Origin) {
        self.origin = origin
    }

    /// Handles one line (without its newline) at engine time `now` and returns the reply; a blank
    /// line (e.g. a client's keep-alive) gets none.
    public mutating func handle(line: [UInt8], scrollView: any ControllableScrollView, now: Timestamp) -> ControlReply? {
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) { return nil }
        let (id, view, parsed) = ControlCommandParser.parseRequest(line)
        switch parsed {
        case .failure(let error): return .error(id: id, error)
        case .success(let command): return apply(command, id: id, view: view, on: scrollView, now: now)
        }
    }

    /// Applies a parsed command to the scroll view it names (`view`; nil: the default target,
    /// the screen's first top-level view). An id the screen does not have is an error reply.
    public mutating func apply(_ command: ControlCommand, id: JSONValue?, view: String?, on screen: any ControllableScrollView,
                               now: Timestamp) -> ControlReply {
        let views = screen.controllableViews
        guard let target = view.map({ name in views.first { $0.id == name } }) ?? views.first else {
            return .error(id: id, .unknownView(view ?? "", known: views.map(\.id)))
        }
        var reply = apply(command, id: id, to: target.view, now: now)
        if case .state(let id, let snapshot, _) = reply {
            reply = .state(id: id, snapshot, views: views.map { ControlViewSnapshot(id: $0.id, snapshot: ControlStateSnapshot(of: $0.view)) })
        }
        return reply
    }

    /// Applies a parsed command.
    public mutating func apply(_ command: ControlCommand, id: JSONValue?, to scrollView: any ControllableScrollView,
                               now: Timestamp) -> ControlReply {
        switch command {
        case .setContentOffset(let p, let animated): scrollView.setContentOffset(p, animated: animated, at: now)
        case .scrollRectToVisible(let r, let animated): scrollView.scrollRectToVisible(r, animated: animated, at: now)
        case .setZoomScale(let s, let animated): scrollView.setZoomScale(s, animated: animated, at: now)
        case .zoomTo(let r, let animated): scrollView.zoom(to: r, animated: animated, at: now)
        case .setContentSize(let s): scrollView.setContentSize(s, at: now)
        case .setContentInset(let i): scrollView.setContentInset(i, at: now)
        case .flashScrollIndicators: scrollView.flashScrollIndicators(at: now)
        case .stopScrollingAndZooming: scrollView.stopScrollingAndZooming(at: now)
        case .state:
            return .state(id: id, ControlStateSnapshot(of: scrollView), views: [])
        case .subscribe:
            if origin == .standardInput { return .error(id: id, .subscribeOnStandardInput) }
            isSubscribed = true
        case .unsubscribe:
            isSubscribed = false
        }
        return .ok(id: id)
    }
}
