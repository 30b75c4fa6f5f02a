import ArgumentParser
import Foundation
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
    }

    func run() throws {
        var replay = try ReplayRun(input)
        if !replay.configuration.scrollViews.isEmpty {
            try renderScreen(&replay)
            return
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
            if hold > 0 { Thread.sleep(forTimeInterval: hold) }
            try presenter.finish()
        }
    }

    /// A configuration with `scrollViews:`: the screen's scroll views, each drawn in its frame
    /// (`ScreenPresenter`), driven by a `ScrollViewTree` whose views have the contentSize their
    /// content gives them.
    private func renderScreen(_ replay: inout ReplayRun) throws {
        let configuration = replay.configuration
        let settings = display.settings(for: configuration)
        let warn = { (text: String) in StandardError.warning(text) }
        let (views, nodes) = try ExitCodes.reporting { try settings.screenViews(for: configuration.scrollViews, warn: warn) }
        let screen = configuration.screen.size
        try ExitCodes.reporting {
            let definition = try ScrollViewTree(screenSize: screen, views: nodes)
            let initial = Dictionary(uniqueKeysWithValues: definition.ids.compactMap { id in definition.view(id).map { (id, $0.state) } })
            let output = try settings.openOutputs(screenSize: screen, warn: warn)
            let presenter = ScreenPresenter(views: views, rotation: settings.rotation, output: output, initialStates: initial)
            var drawnUpTo: Timestamp?
            var renderError: Error?
            var engine: ScrollViewTree?
            var reader = replay.reader
            let summary = try PlaybackDriver<ScrollViewTree>(options: replay.playback).run(
                nextFrame: { try reader.nextFrame() },
                makeEngine: { start in
                    let made = definition.fresh(startTime: start)
                    engine = made
                    return made
                },
                pace: { time in
                    if let t = drawnUpTo, renderError == nil {
                        do { try presenter.update(at: t) } catch { renderError = error }
                    }
                    drawnUpTo = time
                },
                emit: { events in
                    presenter.handle(events)
                    if let engine {
                        for id in engine.ids { presenter.noteIndicatorFlash(view: id, engine.view(id)?.indicatorFlashTime) }
                    }
                }
            )
            replay.reader = reader
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
            }
            if hold > 0 { Thread.sleep(forTimeInterval: hold) }
            try presenter.finish()
        }
    }
}
