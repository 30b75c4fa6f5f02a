import ArgumentParser
import Configuration
import Glibc
import Playback
import Recordings
import Renderer
import ScrollEngine

/// `touchscroll render FILE`: replays a recording or touch script through the scroll view on a
/// virtual clock and draws what the screen shows: PNG frames, a final screenshot, or a real
/// display through fbdev or DRM/KMS.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Replay input and draw the scrolling content: PNG frames, a screenshot, /dev/fb0 or DRM/KMS.",
        discussion: """
        The content is a PNG or JPEG, or a folder of tiles at several resolutions (--content; --pixels-per-point says how many image pixels make one point, \
        so a 2x image stays crisp up to zoom 2) or, without --content, a generated page of cards. Its \
        size becomes the scroll view's contentSize (plus the header). A configuration with scrollViews: is drawn \
        whole: every view in its frame, clipped, with its own indicators and its own content: key (else the generated \
        page, repeated). A frame is drawn for every \
        animation step in which something visible changed, and after the input until the scroll \
        indicators have faded (docs/renderer.md).

        Exit codes: 0 success, 1 drawing or output failed, 2 invalid configuration, 3 unusable input, \
        64 invalid command line.
        """
    )

    @OptionGroup var input: ReplayInputOptions

    @OptionGroup var display: DisplayOptions
    @Option(name: .customLong("hold"), help: ArgumentHelp("Keep the last frame on a device this many seconds before exiting.", valueName: "seconds"))
    var hold: Double = 0

    func validate() throws {
        if !display.drawsAnything {
            throw ValidationError("give at least one output: --png DIR, --screenshot FILE, --fb PATH or --drm PATH")
        }
        if !(0...86_400).contains(hold) {
            throw ValidationError("--hold must be from 0 to 86400 seconds")
        }
    }

    func run() throws {
        var replay = try ReplayRun(input)
        let settings = display.settings(for: replay.configuration)
        let warn = { (text: String) in StandardError.warning(text) }
        // What is drawn, and the scroll views as the engine runs them: each view's content defines
        // its contentSize (one scroll view's content, its header and infinite repeats; docs/renderer.md).
        var configuration = replay.configuration
        let picture = try ExitCodes.reporting { try Picture(settings: settings, configuration: &configuration, warn: warn) }
        let screen = configuration.screen.size

        try ExitCodes.reporting {
            let definition = try ScrollViewTree(screenSize: screen, views: configuration.viewTree)
            let presenter = try picture.presenter(settings: settings, definition: definition, warn: warn)
            let output = presenter.output
            var drawnUpTo: Timestamp?
            var renderError: Error?
            var engine: ScrollViewTree?
            // ReplayRun's driver, with the scroll views configured for their content.
            let summary = try PlaybackDriver<ScrollViewTree>(options: replay.playback).run(
                nextFrame: { try replay.reader.nextFrame() },
                makeEngine: { start in
                    let made = definition.fresh(startTime: start)
                    engine = made
                    return made
                },
                pace: { time in
                    // Every event up to the previous step has been handled: draw that step.
                    if let t = drawnUpTo, renderError == nil {
                        do { try presenter.update(at: t) } catch { renderError = error }
                    }
                    drawnUpTo = time
                },
                recycle: { frame in replay.reader.recycle(frame) },
                wholeTouches: replay.reader.givesWholeTouches,
                emit: { events in
                    if let engine { presenter.show(events, from: engine) }
                }
            )
            if let renderError { throw renderError }
            ReplayRun.logWarnings(of: replay.reader, engine: engine, summary: summary)
            var t = drawnUpTo ?? .zero
            try presenter.update(at: t)
            while let next = presenter.nextWakeup(after: t) {
                t = next
                try presenter.update(at: t)
            }
            StandardError.log(.info, "touchscroll: render: \(presenter.framesDrawn) frame(s) drawn")
            let outputs = (output as? FanOutOutput)?.outputs ?? [output]
            if let display = outputs.compactMap({ $0 as? DRMOutput }).first {
                try display.waitForFlip()
                StandardError.log(.info, "touchscroll: render: \(display.flipsCompleted) page flip(s) completed")
            }
            if hold > 0 { MonotonicClock.sleep(microseconds: Int64(hold * 1_000_000)) }
            try presenter.finish()
        }
    }

    /// One scroll view filling the screen (`scrollView:`), or a screen of several (`scrollViews:`).
    private enum Picture {
        case one(ContentImage, RendererConfiguration)
        case screen([ScreenView])

        /// Loads the content and sets every view's contentSize in `configuration` to its content's.
        init(settings: DisplaySettings, configuration: inout TouchscrollConfiguration, warn: (String) -> Void) throws {
            if configuration.scrollViews.isEmpty {
                let image = try settings.loadContent()
                let config = settings.rendererConfiguration(scrollView: configuration.scrollView, content: image, warn: warn)
                configuration.scrollView = config.scrollView
                self = .one(image, config)
            } else {
                let (views, nodes) = try settings.screenViews(for: configuration.scrollViews, warn: warn)
                configuration.scrollViews = nodes
                configuration.scrollView = nodes[0].configuration
                self = .screen(views)
            }
        }

        /// Opens the outputs and starts drawing the views as `definition` starts them.
        func presenter(settings: DisplaySettings, definition: ScrollViewTree, warn: (String) -> Void) throws -> DisplayPresenter {
            switch self {
            case .one(let image, let config):
                let output = try settings.openOutputs(for: config, warn: warn)
                return .one(try FramePresenter(configuration: config, content: image, output: output))
            case .screen(let views):
                let output = try settings.openOutputs(screenSize: definition.screenSize, warn: warn)
                var states: [String: ScrollViewState] = [:]
                for id in definition.ids { states[id] = definition.view(id)?.state }
                return .screen(ScreenPresenter(views: views, rotation: settings.rotation, output: output, initialStates: states))
            }
        }
    }
}
