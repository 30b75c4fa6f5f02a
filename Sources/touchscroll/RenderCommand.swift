import ArgumentParser
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
        size becomes the scroll view's contentSize (plus the header). A frame is drawn for every \
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
        let views = replay.configuration.scrollViews
        if views.count > 1 || views.contains(where: { !$0.children.isEmpty }) {
            // The renderer draws one scroll view filling the screen; a screen of several is replayed
            // (replay, plot) but not drawn.
            StandardError.print("touchscroll: render draws one scroll view; \(input.config ?? "the configuration") has several (scrollViews): replay or plot it instead")
            throw ExitCodes.invalidConfiguration
        }
        let settings = display.settings(for: replay.configuration)
        let image = try ExitCodes.reporting { try settings.loadContent() }
        let warn = { (text: String) in StandardError.warning(text) }
        let config = settings.rendererConfiguration(scrollView: replay.configuration.scrollView, content: image, warn: warn)

        try ExitCodes.reporting {
            let output = try settings.openOutputs(for: config, warn: warn)
            let presenter = try FramePresenter(configuration: config, content: image, output: output)
            var drawnUpTo: Timestamp?
            var renderError: Error?
            let scrollView = config.scrollView
            var engine: ScrollView?
            // ReplayRun's driver, with the scroll view configured for this content.
            let summary = try PlaybackDriver<ScrollView>(options: replay.playback).run(
                nextFrame: { try replay.reader.nextFrame() },
                makeEngine: { start in
                    let made = ScrollView(configuration: scrollView, startTime: start)
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
                emit: { events in
                    presenter.handle(events)
                    presenter.noteIndicatorFlash(engine?.indicatorFlashTime)
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
}
