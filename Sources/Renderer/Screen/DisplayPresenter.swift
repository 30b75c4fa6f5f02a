import ScrollEngine

/// What a display shows, fed from the engine's tree of scroll views: one scroll view filling the
/// screen (`FramePresenter`, with the header, infinite scrolling and geometry changes of a single
/// view) or a screen of several (`ScreenPresenter`). `touchscroll render` and the live session
/// drive either through this one type.
public enum DisplayPresenter {
    case one(FramePresenter)
    case screen(ScreenPresenter)

    /// Feeds what the scroll views said — their delegate events, their flashScrollIndicators calls
    /// (`ScrollView.indicatorFlashTime`) and geometry set without a message (setContentSize,
    /// setContentInset) — without drawing. One view filling the screen takes the first view's.
    public func show(_ events: [DelegateEvent], from tree: ScrollViewTree) {
        switch self {
        case .one(let presenter):
            guard let primary = tree.ids.first, let view = tree.view(primary) else { return }
            let name = view.name
            presenter.handle(events.filter { $0.viewName == nil || $0.viewName == name })
            presenter.noteIndicatorFlash(view.indicatorFlashTime)
            presenter.noteGeometry(view.state, contentInset: view.configuration.contentInset)
        case .screen(let presenter):
            presenter.handle(events)
            for id in tree.ids {
                guard let view = tree.view(id) else { continue }
                presenter.noteIndicatorFlash(view: id, view.indicatorFlashTime)
                presenter.noteGeometry(view: id, view.state, contentInset: view.configuration.contentInset)
            }
        }
    }

    /// Draws and presents the frame for `time` if anything changed; true if it did.
    @discardableResult
    public func update(at time: Timestamp) throws -> Bool {
        switch self {
        case .one(let p): try p.update(at: time)
        case .screen(let p): try p.update(at: time)
        }
    }

    /// When to call `update` next without new input (nil: not until the next input).
    public func nextWakeup(after time: Timestamp) -> Timestamp? {
        switch self {
        case .one(let p): p.nextWakeup(after: time)
        case .screen(let p): p.nextWakeup(after: time)
        }
    }

    /// The latest time `update(at:)` was asked about.
    public var lastUpdate: Timestamp? {
        switch self {
        case .one(let p): p.lastUpdate
        case .screen(let p): p.lastUpdate
        }
    }

    public var framesDrawn: Int {
        switch self {
        case .one(let p): p.framesDrawn
        case .screen(let p): p.framesDrawn
        }
    }

    public var output: FrameOutput {
        switch self {
        case .one(let p): p.output
        case .screen(let p): p.output
        }
    }

    public func finish() throws {
        switch self {
        case .one(let p): try p.finish()
        case .screen(let p): try p.finish()
        }
    }
}
