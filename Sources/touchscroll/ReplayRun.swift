import ArgumentParser
import Configuration
import Daemon
import Logging
import Playback
import Recordings
import ScrollEngine
import StreamOutput

/// One replay as `replay` and `plot` run it: the configuration, the opened input, the driver over
/// a fresh `ScrollViewTree` (the screen's scroll views; one for the `scrollView:` shorthand);
/// failures become the documented exit codes with the message on stderr.
struct ReplayRun {
    let configuration: TouchscrollConfiguration
    let playback: PlaybackOptions
    var reader: any TouchFrameReader

    init(_ options: ReplayInputOptions) throws {
        configuration = try loadConfiguration(options.config)
        playback = options.playbackOptions(defaultFrameRate: configuration.output.frameRate)
        let configuration = configuration
        reader = try ExitCodes.reporting { try InputRecording.open(options, configuration: configuration) }
    }

    /// For `replay` and `plot`, whose output would show nothing moving: says so, and what to add
    /// (UIKit's default contentSize is 0×0, which is also what a run without `--config` gets).
    func warnIfNothingCanMove() {
        if let still = ConfigurationNotes.nothingMoves(configuration) { StandardError.warning(still) }
    }

    var header: StreamHeader {
        var first = configuration.scrollView
        first.boundsSize = configuration.screen.size
        let views = (try? ScrollViewTree(screenSize: configuration.screen.size, views: configuration.viewTree))
            .map(StreamHeader.views(of:)) ?? []
        return StreamHeader(
            toolVersion: ToolVersion.current, scrollView: first, views: views,
            screenWidthMM: configuration.screen.widthMM, screenHeightMM: configuration.screen.heightMM,
            frameRate: playback.frameRate
        )
    }

    /// The engine's log: each change of phase (`old → input → new`) at debug level, shown with
    /// `TOUCHSCROLL_LOG_LEVEL=debug`.
    static let engineLogger = Logger(label: "touchscroll.engine") { JournalLogHandler.standardError(label: $0) }

    /// Runs the replay. `read` sees each frame as it is read, before the window.
    ///
    /// Inlined where it is called, so that the loop is compiled with the caller's closures (a
    /// replay's `read` and `emit`) in place rather than called through them at every frame.
    @inline(__always)
    mutating func run(
        read: (TouchFrame) throws -> Void = { _ in },
        pace: (Timestamp) -> Void = { _ in },
        fed: (TouchFrame) -> Void = { _ in },
        emit: ([DelegateEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        let screen = configuration.screen.size
        let views = configuration.viewTree
        var reader = self.reader
        defer { self.reader = reader }
        var engine: ScrollViewTree?
        // A recording (the common reader) is called as itself, a final class, rather than through the
        // reader existential, whose every mutating call projects its box first: two calls per frame.
        // The closures reach it through Unmanaged's guaranteed reference (`reader` keeps it alive for
        // the whole run): held strongly, each call was wrapped in a retain and a release of the
        // source, four atomic operations per frame.
        let recording = (reader as? RecordingSource).map { Unmanaged.passUnretained($0) }
        return try ExitCodes.reporting {
            let summary = try PlaybackDriver<ScrollViewTree>(options: playback).run(
                nextFrame: {
                    let next: TouchFrame?
                    if let recording {
                        next = try recording._withUnsafeGuaranteedRef { try $0.nextFrame() }
                    } else {
                        next = try reader.nextFrame()
                    }
                    guard let frame = next else { return nil }
                    try read(frame)
                    return frame
                },
                makeEngine: { start in
                    let made = try ScrollViewTree(screenSize: screen, views: views, startTime: start)
                    engine = made
                    return made
                },
                pace: pace,
                fed: fed,
                recycle: { frame in
                    guard let recording else { return reader.recycle(frame) }
                    // Moved into the call (a frame captured as it is would be copied, and the
                    // reader would find its storage shared).
                    var given: TouchFrame? = consume frame
                    recording._withUnsafeGuaranteedRef { source in
                        if let frame = given.take() { source.recycle(frame) }
                    }
                },
                transitions: { changes in
                    for transition in changes {
                        Self.engineLogger.debug("\(transition)", metadata: transition.view.map { ["time": "\(transition.time)", "view": "\($0)"] } ?? ["time": "\(transition.time)"])
                    }
                },
                wholeTouches: reader.givesWholeTouches,
                emit: emit
            )
            Self.logWarnings(of: reader, engine: engine, summary: summary)
            return summary
        }
    }

    /// What a replay has to say after it ran, for every command that replays (`replay`, `plot`,
    /// `render`). Warnings are log lines: priority 4 (`<4>` under journald, "warning:" in plain text).
    static func logWarnings(of reader: any TouchFrameReader, engine: (any DiagnosticsSource)?, summary: PlaybackSummary) {
        for warning in reader.warnings { StandardError.warning("\(warning)", label: "touchscroll.replay") }
        // The engine's own log: invalid state-machine transitions it ignored.
        for line in engine?.drainDiagnostics() ?? [] { StandardError.warning(line, label: "touchscroll.engine") }
        if !summary.isAtRest {
            StandardError.warning("the replay ended with nothing left to animate, yet the scroll view does not report rest", label: "touchscroll.replay")
        }
    }

}

/// What can say which inputs its state machine ignored: one scroll view, or a screen of them.
protocol DiagnosticsSource: AnyObject {
    func drainDiagnostics() -> [String]
}

extension ScrollView: DiagnosticsSource {}
extension ScrollViewTree: DiagnosticsSource {}
