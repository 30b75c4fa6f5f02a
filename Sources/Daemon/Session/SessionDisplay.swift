import Logging
import Renderer
import ScrollEngine

/// The live session's display: a `FramePresenter` fed with what the scroll view says, drawing a
/// frame only when the picture changed, and what happens when the display goes away.
///
/// A display can be lost while running — another program became DRM master (a compositor, a VT
/// switch), the panel was unplugged, a write failed. Then one clear log line, the presenter is
/// dropped (closing the device), and the session tries to open the display again every
/// `retryInterval`; the stream and the control channel never stop for it. When the display is
/// back, the current state is drawn at once.
final class SessionDisplay {
    typealias OpenOutput = (DisplaySettings, RendererConfiguration) throws -> FrameOutput

    let settings: DisplaySettings
    let content: ContentImage
    private(set) var configuration: RendererConfiguration
    private(set) var presenter: FramePresenter?
    /// The presenter's output, for powering the panel down and up.
    private var output: FrameOutput?
    /// Powered down (`DisplayBlanking`): events still reach the presenter, nothing is drawn.
    private(set) var isBlank = false
    /// When the display is lost: when to try opening it again.
    private(set) var retryAt: Timestamp?
    private(set) var framesDrawn = 0
    private(set) var timesLost = 0
    private let openOutput: OpenOutput
    /// One animation frame, in µs: the shortest gap between two wakeups of the display's own.
    private let frameInterval: Int64
    private let logger: Logger
    static let retryInterval: Int64 = 2_000_000

    /// Opens the outputs and shows `state` at `now`. A display that cannot be opened is the
    /// caller's error (at start: a start-up failure), unless `retriesWhenUnavailable`: then it
    /// starts lost and is tried again every `retryInterval` (a reload while another program holds
    /// the display).
    init(settings: DisplaySettings, content: ContentImage, configuration: RendererConfiguration, state: ScrollViewState,
         now: Timestamp, frameRate: Double, retriesWhenUnavailable: Bool = false,
         openOutput: @escaping OpenOutput, logger: Logger) throws {
        self.frameInterval = Int64((1_000_000 / frameRate).rounded())
        self.settings = settings
        self.content = content
        self.configuration = configuration
        self.openOutput = openOutput
        self.logger = logger
        do {
            presenter = try makePresenter(state: state, contentInset: configuration.scrollView.contentInset, now: now)
        } catch where retriesWhenUnavailable {
            lose(error, at: now)
        }
    }

    private func makePresenter(state: ScrollViewState, contentInset: EdgeInsets, now: Timestamp) throws -> FramePresenter {
        configuration.scrollView.contentInset = contentInset
        let output = try openOutput(settings, configuration)
        self.output = output
        if isBlank { try? output.setBlanked(true) }
        // Live: the sharp redraw after a zoom goes in bands between frames, never holding input up.
        return try FramePresenter(configuration: configuration, content: content, output: output, initialState: state, startTime: now,
                                  sharpRedraw: FramePresenter.liveSharpRedraw)
    }

    var isLost: Bool { presenter == nil }

    /// Feeds delegate events, a flash of the indicators and the scroll view's geometry, then
    /// draws the frame for `time` if it changed.
    func show(_ events: [DelegateEvent], scrollView: ScrollView, at time: Timestamp) {
        guard let presenter else { return }
        // While blank the presenter still follows the scroll view (a control command may move
        // the content); the frame is drawn when the panel is powered again.
        presenter.handle(events)
        presenter.noteIndicatorFlash(scrollView.indicatorFlashTime)
        presenter.noteGeometry(scrollView.state, contentInset: scrollView.configuration.contentInset)
        draw(at: time)
    }

    /// When the picture changes next by itself (indicator fade, header slide, the next band of a
    /// sharp redraw), at most once per
    /// animation frame (a fade changes its opacity every millisecond or so; the panel shows one
    /// frame per refresh), or when to retry a lost display; nil: nothing until the next input.
    var nextDeadline: Timestamp? {
        if let retryAt { return retryAt }
        guard !isBlank, let presenter, let drawn = presenter.lastUpdate, let next = presenter.nextWakeup(after: drawn) else { return nil }
        return max(next, drawn.adding(microseconds: frameInterval))
    }

    /// The timer fired at `now`: a fade step, or a retry of a lost display.
    func deadlinePassed(now: Timestamp, scrollView: ScrollView) {
        if let retryAt {
            guard retryAt <= now else { return }
            reopen(scrollView: scrollView, now: now)
            return
        }
        guard let wake = nextDeadline, wake <= now else { return }
        draw(at: now)
    }

    func draw(at time: Timestamp) {
        guard !isBlank, let presenter else { return }
        do {
            if try presenter.update(at: time) { framesDrawn += 1 }
        } catch {
            lose(error, at: time)
        }
    }

    /// Powers the panel down or up (DRM DPMS, fbdev FBIOBLANK). Up: the frame it kept is shown
    /// again, and whatever changed while it was dark is drawn at `time`. A panel that cannot be
    /// powered down is logged once per attempt; drawing stops all the same.
    func setBlanked(_ blanked: Bool, at time: Timestamp) {
        guard blanked != isBlank else { return }
        if !blanked { isBlank = false }
        do {
            try output?.setBlanked(blanked)
        } catch {
            logger.warning("the display cannot be \(blanked ? "powered down" : "powered up")", metadata: ["error": "\(error)"])
        }
        isBlank = blanked
        if !blanked { draw(at: time) }
    }

    private func lose(_ error: Error, at time: Timestamp) {
        timesLost += 1
        let reason = (error as? RendererError)?.kind == .notMaster
            ? "another program took the display (DRM master)" : "the display failed"
        logger.error("display lost: \(reason); the stream and the control channel go on, retrying every \(Self.retryInterval / 1_000_000) s",
                     metadata: ["display": "\(settings.targets.map(\.description).joined(separator: ", "))", "error": "\(error)"])
        try? presenter?.finish()
        presenter = nil
        output = nil
        retryAt = time.adding(microseconds: Self.retryInterval)
    }

    private func reopen(scrollView: ScrollView, now: Timestamp) {
        do {
            presenter = try makePresenter(state: scrollView.state, contentInset: scrollView.configuration.contentInset, now: now)
            retryAt = nil
            logger.notice("display back: drawing again", metadata: ["display": "\(settings.targets.map(\.description).joined(separator: ", "))"])
            draw(at: now)
        } catch {
            logger.debug("display still unavailable", metadata: ["error": "\(error)"])
            retryAt = now.adding(microseconds: Self.retryInterval)
        }
    }

    /// After the last frame: screenshots are written, devices released.
    func finish() throws {
        if isBlank { try? output?.setBlanked(false) }  // never leave the panel dark behind us
        try presenter?.finish()
        presenter = nil
        output = nil
    }
}
