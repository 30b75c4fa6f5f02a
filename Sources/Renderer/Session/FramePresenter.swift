import ScrollEngine

/// Ties the pieces together for one output: feeds inputs to the render session, draws a frame
/// when (and only when) its description changed, and hands it to the output.
public final class FramePresenter {
    public private(set) var session: RenderSession
    public let scene: SceneRenderer
    public let output: FrameOutput
    public private(set) var framesDrawn = 0
    /// The latest time `update(at:)` was asked about (drawn or not): a live loop's next wakeup
    /// counts from it.
    public private(set) var lastUpdate: Timestamp?

    public init(configuration: RendererConfiguration, content: ContentImage, output: FrameOutput,
                initialState: ScrollViewState? = nil, startTime: Timestamp = .zero) throws {
        let state = initialState ?? RenderSession.initialState(configuration: configuration, levels: content.levelTable)
        self.session = RenderSession(configuration: configuration, levels: content.levelTable, initialState: state, startTime: startTime)
        self.scene = try SceneRenderer(configuration: configuration, content: content, panelSize: output.panelSize)
        self.output = output
    }

    public func handle(_ input: RendererInput) { session.handle(input) }

    public func handle(_ events: [DelegateEvent]) {
        for e in events {
            if case .recentered(let shift) = e.message {
                // The engine moved the offset by `shift`; the renderer's delta is what was taken away.
                session.handle(.recentred(by: Point(x: -shift.x, y: -shift.y), event: e))
            } else {
                session.handle(.event(e))
            }
        }
    }

    /// Passes on `ScrollView.indicatorFlashTime` (the engine records flashScrollIndicators calls
    /// there rather than in the delegate stream): a time not seen before flashes the indicators.
    public func noteIndicatorFlash(_ time: Timestamp?) {
        guard let time, time != lastIndicatorFlash else { return }
        lastIndicatorFlash = time
        session.handle(.flashIndicators(at: time))
    }

    private var lastIndicatorFlash: Timestamp?

    /// Passes on a change of contentSize or contentInset the delegate stream did not carry
    /// (setContentSize and setContentInset send no message), so the next frame shows it.
    public func noteGeometry(_ state: ScrollViewState, contentInset: EdgeInsets) {
        guard state.contentSize != session.state.contentSize || contentInset != session.configuration.scrollView.contentInset else { return }
        session.handle(.geometryChanged(state: state, contentInset: contentInset))
    }

    /// Draws and presents the frame for `time` if anything changed since the last one; true if it did.
    @discardableResult
    public func update(at time: Timestamp) throws -> Bool {
        lastUpdate = time
        guard let description = session.frameToDraw(at: time) else { return false }
        try output.present(scene.draw(description))
        framesDrawn += 1
        return true
    }

    /// When to call `update` next without new input (nil: not until the next input).
    public func nextWakeup(after time: Timestamp) -> Timestamp? { session.nextWakeup(after: time) }

    public func finish() throws { try output.finish() }
}
