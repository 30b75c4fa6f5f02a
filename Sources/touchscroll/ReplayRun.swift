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
        do {
            reader = try InputRecording.open(options, configuration: configuration)
        } catch {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.unusableInput
        }
    }

    var header: StreamHeader {
        StreamHeader(
            toolVersion: ToolVersion.current, scrollView: configuration.scrollView,
            screenWidthMM: configuration.screen.widthMM, screenHeightMM: configuration.screen.heightMM,
            frameRate: playback.frameRate
        )
    }

    /// Runs the replay. `source` replaces the reader as the frame supply when given (realtime mode
    /// reads everything first); `read` sees each frame as it is read, before the window.
    mutating func run(
        source: (() throws -> TouchFrame?)? = nil,
        read: (TouchFrame) throws -> Void = { _ in },
        pace: (Timestamp) -> Void = { _ in },
        fed: (TouchFrame) -> Void = { _ in },
        emit: ([DelegateEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        let scrollView = configuration.scrollView
        var reader = self.reader
        defer { self.reader = reader }
        var engine: ScrollView?
        do {
            let summary = try PlaybackDriver<ScrollView>(options: playback).run(
                nextFrame: {
                    let next = if let source { try source() } else { try reader.nextFrame() }
                    guard let frame = next else { return nil }
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
            // Warnings are log lines: journald's <4> (warning) priority prefix, as sd-daemon(3) reads it.
            for warning in reader.warnings { StandardError.print("<4>touchscroll.replay: \(warning)") }
            // The engine's own log: invalid state-machine transitions it ignored.
            for line in engine?.drainDiagnostics() ?? [] { StandardError.print("<4>touchscroll.engine: \(line)") }
            if !summary.isAtRest {
                StandardError.print("<4>touchscroll.replay: the replay ended with nothing left to animate, yet the scroll view does not report rest")
            }
            return summary
        } catch let error as RecordingError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.unusableInput
        } catch let error as PlaybackError {
            StandardError.print("touchscroll: \(error)")
            if case .timeWentBackwards = error { throw ExitCodes.unusableInput }
            throw ExitCodes.runtimeFailure
        } catch let error as StreamWriteError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.runtimeFailure
        }
    }

    /// Reads every frame (for realtime mode, which needs the total duration up front).
    mutating func readAll() throws -> [TouchFrame] {
        var frames: [TouchFrame] = []
        do {
            while let frame = try reader.nextFrame() { frames.append(frame) }
        } catch {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.unusableInput
        }
        return frames
    }
}
