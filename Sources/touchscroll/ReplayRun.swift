import ArgumentParser
import Configuration
import Playback
import Recordings
import ScrollEngine
import StreamOutput

/// One replay as `replay` and `plot` run it: the configuration, the opened input, the driver over
/// a fresh `ScrollView`; failures become the documented exit codes with the message on stderr.
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
        StreamHeader(
            toolVersion: ToolVersion.current, scrollView: configuration.scrollView,
            screenWidthMM: configuration.screen.widthMM, screenHeightMM: configuration.screen.heightMM,
            frameRate: playback.frameRate
        )
    }

    /// Runs the replay. `read` sees each frame as it is read, before the window.
    mutating func run(
        read: (TouchFrame) throws -> Void = { _ in },
        pace: (Timestamp) -> Void = { _ in },
        fed: (TouchFrame) -> Void = { _ in },
        emit: ([DelegateEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        let scrollView = configuration.scrollView
        var reader = self.reader
        defer { self.reader = reader }
        var engine: ScrollView?
        return try ExitCodes.reporting {
            let summary = try PlaybackDriver<ScrollView>(options: playback).run(
                nextFrame: {
                    guard let frame = try reader.nextFrame() else { return nil }
                    try read(frame)
                    return frame
                },
                makeEngine: { start in
                    let made = ScrollView(configuration: scrollView, startTime: start)
                    engine = made
                    return made
                },
                pace: pace,
                fed: fed,
                emit: emit
            )
            Self.logWarnings(of: reader, engine: engine, summary: summary)
            return summary
        }
    }

    /// What a replay has to say after it ran, for every command that replays (`replay`, `plot`,
    /// `render`). Warnings are log lines: priority 4 (`<4>` under journald, "warning:" in plain text).
    static func logWarnings(of reader: any TouchFrameReader, engine: ScrollView?, summary: PlaybackSummary) {
        for warning in reader.warnings { StandardError.warning("\(warning)", label: "touchscroll.replay") }
        // The engine's own log: invalid state-machine transitions it ignored.
        for line in engine?.drainDiagnostics() ?? [] { StandardError.warning(line, label: "touchscroll.engine") }
        if !summary.isAtRest {
            StandardError.warning("the replay ended with nothing left to animate, yet the scroll view does not report rest", label: "touchscroll.replay")
        }
    }

}
