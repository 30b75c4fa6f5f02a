import ArgumentParser
import Glibc
import Playback
import Recordings
import ScrollEngine
import StreamOutput

/// `touchscroll replay FILE`: feeds a recording or touch script through the scroll view on a
/// virtual clock and prints the delegate stream as JSON Lines.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        // A subcommand of `touchscroll`. Touchscroll.main parses a plain `touchscroll replay …` with this
        // command alone: as the root of that parse, it then leaves `--generate-completion-script` (a
        // request of the whole tree, answered by the fallback to the tree) unchecked, and says
        // "touchscroll replay" where it names itself. Help, errors and completion scripts of the tree
        // do not change: they name the tree's root, which has no super-command.
        _superCommandName: "touchscroll",
        abstract: "Replay a recording or touch script and print the delegate stream as JSON Lines.",
        discussion: """
        Standard output gets a header line, then one line per delegate message (docs/protocol.md). \
        Time is virtual: animation frames run at the frame rate from the first input's time, and the \
        replay continues after the last input until the scroll view is at rest. The same input and \
        configuration give the same bytes on every run. With --realtime the replay is paced by the \
        recorded timestamps instead (a progress line on standard error when it is a terminal).

        Exit codes: 0 success, 1 output failed or the scroll view did not settle within 60 s, \
        2 invalid configuration, 3 unusable input, 64 invalid command line.
        """
    )

    @OptionGroup var input: ReplayInputOptions

    @Flag(help: "Pace the replay by the recorded timestamps (monotonic clock) instead of running at full speed.")
    var realtime = false

    @Option(name: .customLong("tee-touches"), help: ArgumentHelp("Also write the touch frames read from the input, as a touch script, to this file.", valueName: "file"))
    var teeTouches: String?

    func run() throws {
        var replay = try ReplayRun(input)
        replay.warnIfNothingCanMove()
        let output = FileDescriptorByteSink(fileDescriptor: 1)
        let tee = try teeTouches.map(TouchScriptTee.init(path:))
        // From a pipe or a terminal, each step's lines are written as soon as they are made (before
        // the next input frame is read), so a program feeding touches sees their effect at once.
        let streaming = input.input == "-" && FileByteSource.isStream(descriptor: 0)
        try ExitCodes.reporting {
            let stream = try DelegateStreamWriter(sink: output, header: replay.header)
            if realtime {
                try runRealtime(&replay, stream: stream, tee: tee)
            } else if streaming {
                try stream.flush()
                _ = try replay.run(read: { try tee?.write($0) }, emit: { events in
                    try stream.write(events)
                    try stream.flush()
                })
            } else {
                _ = try replay.run(read: { try tee?.write($0) }, emit: { try stream.write($0) })
            }
            try stream.flush()
            try tee?.close()
        }
    }

    /// Streams the input as the virtual replay does, sleeping before each step until its recorded
    /// time has come on the monotonic clock.
    private func runRealtime(_ replay: inout ReplayRun, stream: DelegateStreamWriter, tee: TouchScriptTee?) throws {
        let progress = RealtimeProgress(endTime: InputRecording.endTime(of: replay.reader), window: (input.from, input.to), enabled: StandardError.isTerminal)
        let pacer = RealtimePacer(now: MonotonicClock.microseconds, sleep: MonotonicClock.sleep(microseconds:))
        defer { progress.finish() }
        _ = try replay.run(
            read: { frame in
                progress.noteRead(frame)
                try tee?.write(frame)
            },
            pace: { time in
                pacer.wait(until: time)
                progress.update(at: time)
            },
            fed: { progress.noteFed($0) },
            emit: { events in
                try stream.write(events)
                try stream.flush()
            }
        )
    }
}

/// Writes the frames read from the input as a touch script (`--tee-touches`).
final class TouchScriptTee {
    private let sink: FileDescriptorByteSink

    init(path: String) throws {
        let fd = try ExitCodes.reporting { try OutputFile.create(path) }
        sink = FileDescriptorByteSink(fileDescriptor: fd)
    }

    func write(_ frame: TouchFrame) throws {
        for sample in frame.samples {
            try sink.write(Array((TouchScriptWriter.line(time: frame.time, sample: sample) + "\n").utf8))
        }
    }

    func close() throws {
        try sink.flush()
        OutputFile.close(sink.fileDescriptor)
    }
}
