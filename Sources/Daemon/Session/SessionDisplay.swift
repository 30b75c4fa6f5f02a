import Logging
import Renderer
import ScrollEngine

/// The live session's display: a `FramePresenter` fed with what the scroll view says (or, for a
/// screen of several scroll views, a `ScreenPresenter` fed with what each says), drawing a frame
/// only when the picture changed, and what happens when the display goes away.
///
/// A display can be lost while running — another program became DRM master (a compositor, a VT
/// switch), the panel was unplugged, a write failed. Then one clear log line, the presenter is
/// dropped (closing the device), and the session tries to open the display again every
/// `retryInterval`; the stream and the control channel never stop for it. When the display is
/// back, the current state is drawn at once.
final class SessionDisplay {
    typealias OpenOutput = (DisplaySettings, RendererConfiguration) throws -> FrameOutput

    /// What is drawn: one scroll view filling the screen, or a screen of several.
    enum Picture {
        case one(content: ContentImage, configuration: RendererConfiguration)
        case screen([ScreenView], size: Size)
    }

    let settings: DisplaySettings
    private(set) var picture: Picture
    private(set) var presenter: DisplayPresenter?
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
    /// `screen` holds the scroll views as the engine runs them: for one view, the state it starts
    /// in; for several, every view's.
    init(settings: DisplaySettings, picture: Picture, screen: ScrollViewTree,
         now: Timestamp, frameRate: Double, retriesWhenUnavailable: Bool = false,
         openOutput: @escaping OpenOutput, logger: Logger) throws {
        self.frameInterval = Int64((1_000_000 / frameRate).rounded())
        self.settings = settings
        self.picture = picture
        self.openOutput = openOutput
        self.logger = logger
        do {
            presenter = try makePresenter(screen, now: now)
        } catch where retriesWhenUnavailable {
            lose(error, at: now)
        }
    }

    private func makePresenter(_ screen: ScrollViewTree, now: Timestamp) throws -> DisplayPresenter {
        switch picture {
        case .one(let content, var configuration):
            let view = screen.primaryView
            configuration.scrollView.contentInset = view.configuration.contentInset
            picture = .one(content: content, configuration: configuration)
            let output = try openOutput(settings, configuration)
            self.output = output
            if isBlank { try? output.setBlanked(true) }
            // Live: the sharp redraw after a zoom goes in bands between frames, never holding input up.
            return .one(try FramePresenter(configuration: configuration, content: content, output: output, initialState: view.state,
                                           startTime: now, sharpRedraw: FramePresenter.liveSharpRedraw))
        case .screen(let views, let size):
            // The outputs are opened for a screen of `size` (one view filling it, as far as they care).
            var whole = RendererConfiguration()
            whole.scrollView.boundsSize = size
            whole.rotation = settings.rotation
            let output = try openOutput(settings, whole)
            self.output = output
            if isBlank { try? output.setBlanked(true) }
            var states: [String: ScrollViewState] = [:]
            for id in screen.ids { states[id] = screen.view(id)?.state }
            return .screen(ScreenPresenter(views: views, rotation: settings.rotation, output: output, initialStates: states, startTime: now))
        }
    }

    var isLost: Bool { presenter == nil }

    /// Feeds delegate events, flashes of the indicators and the scroll views' geometry, then
    /// draws the frame for `time` if it changed.
    func show(_ events: [DelegateEvent], screen: ScrollViewTree, at time: Timestamp) {
        // While blank the presenter still follows the scroll views (a control command may move
        // the content); the frame is drawn when the panel is powered again.
        presenter?.show(events, from: screen)
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
    func deadlinePassed(now: Timestamp, screen: ScrollViewTree) {
        if let retryAt {
            guard retryAt <= now else { return }
            reopen(screen, now: now)
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

    private func reopen(_ screen: ScrollViewTree, now: Timestamp) {
        do {
            presenter = try makePresenter(screen, now: now)
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
