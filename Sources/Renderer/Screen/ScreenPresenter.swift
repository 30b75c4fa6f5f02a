import ScrollEngine

/// A screen of scroll views on one output: feeds each view's delegate events to the screen
/// session, draws a frame when (and only when) some view changed — only the rectangle that
/// changed — and hands it to the output.
public final class ScreenPresenter {
    public private(set) var session: ScreenSession
    public let composer: ScreenComposer
    public let output: FrameOutput
    public private(set) var framesDrawn = 0
    /// The rectangle the last drawn frame redrew.
    public private(set) var lastDamage: PixelRect?
    /// The latest time `update(at:)` was asked about (drawn or not).
    public private(set) var lastUpdate: Timestamp?
    private var lastIndicatorFlash: [String: Timestamp] = [:]

    /// `views` fill a screen of the output's size turned back by `rotation`; `initialStates` are
    /// the views' states as the engine starts them.
    public init(views: [ScreenView], rotation: ScreenRotation = .none, output: FrameOutput,
                initialStates: [String: ScrollViewState] = [:], startTime: Timestamp = .zero) {
        self.composer = ScreenComposer(views: views, rotation: rotation, panelSize: output.panelSize)
        self.session = ScreenSession(views: views, screenSize: composer.logicalFrame.size, initialStates: initialStates, startTime: startTime)
        self.output = output
    }

    public func handle(_ events: [DelegateEvent]) { session.handle(events) }

    /// Passes on a view's `ScrollView.indicatorFlashTime` (flashScrollIndicators is recorded
    /// there, not in the stream): a time not seen before flashes that view's indicators.
    public func noteIndicatorFlash(view id: String, _ time: Timestamp?) {
        guard let time, time != lastIndicatorFlash[id] else { return }
        lastIndicatorFlash[id] = time
        session.handle(.flashIndicators(at: time), view: id)
    }

    /// Passes on a change of a view's contentSize or contentInset that the delegate stream did not
    /// carry (setContentSize and setContentInset send no message), so the next frame shows it.
    public func noteGeometry(view id: String, _ state: ScrollViewState, contentInset: EdgeInsets) {
        guard let current = session.session(id),
              state.contentSize != current.state.contentSize || contentInset != current.configuration.scrollView.contentInset else { return }
        session.handle(.geometryChanged(state: state, contentInset: contentInset), view: id)
    }

    /// Draws and presents the frame for `time` if any view changed since the last one; true if it did.
    @discardableResult
    public func update(at time: Timestamp) throws -> Bool {
        lastUpdate = time
        guard let (views, damage) = session.frameToDraw(at: time) else { return false }
        try output.present(composer.draw(views, damage: damage))
        lastDamage = damage
        framesDrawn += 1
        return true
    }

    /// When to call `update` next without new input (nil: not until the next input).
    public func nextWakeup(after time: Timestamp) -> Timestamp? { session.nextWakeup(after: time) }

    public func finish() throws { try output.finish() }
}
