import ArgumentParser

/// The `touchscroll` command: a thin root that lists the subcommands and teaches how to use them.
@main
struct Touchscroll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchscroll",
        abstract: "UIScrollView's scrolling and zooming for Linux touchscreens, as a stream of delegate messages.",
        discussion: """
        touchscroll turns touches (from a live touchscreen, a recorded session, or a touch script) into \
        what an iOS scroll view would do with them: the contentOffset and zoomScale over time and \
        UIScrollViewDelegate's messages (scrollViewDidScroll, scrollViewWillEndDragging, …), plus the \
        touches and taps its content views would receive. The stream is JSON Lines on standard output \
        (docs/protocol.md); logs go to standard error.

        The scroll view is described by a YAML file (docs/configuration.md; `touchscroll config defaults` \
        prints a complete one). Replays run on a virtual clock: the same input and configuration give \
        the same bytes on every run and machine.

        Examples:
          touchscroll config check config/example.yaml
          touchscroll replay --config config/example.yaml recordings/scripts/flick.touches.jsonl
          touchscroll plot recordings/scripts/flick.touches.jsonl --out flick.svg
          touchscroll devices
          touchscroll run --config config/example.yaml

        Exit codes:
          0   success
          1   failure while running (output could not be written, the scroll view did not settle)
          2   invalid configuration file
          3   unusable input (unreadable or malformed recording or touch script)
          4   no input device could be opened, or libinput is not installed (run, daemon, devices, record)
          64  invalid command line (unknown option, bad value)
        """,
        version: ToolVersion.current,
        subcommands: [
            ConfigCommand.self,
            ReplayCommand.self,
            RunCommand.self,
            DaemonCommand.self,
            DevicesCommand.self,
            RecordCommand.self,
            CalibrateCommand.self,
            PlotCommand.self,
            RenderCommand.self,
        ]
    )

    /// The program's entry point (swift-argument-parser's `main()`, with one shortcut).
    ///
    /// swift-argument-parser learns a command's options by reflecting over its property wrappers, and
    /// parsing from the root reflects the root and the command found. `touchscroll replay …` is the
    /// command scripts and benchmarks start over and over, so it is parsed by `ReplayCommand` alone.
    /// Only a command line that parses as a plain replay takes this path: a request for help, an
    /// unknown option, `--version`, a value that fails validation (anything that is not a
    /// `ReplayCommand`) is parsed again from the root, so every help text, error message and exit
    /// code is the whole tree's, byte for byte.
    static func main() {
        if let replay = plainReplay() {
            do {
                try replay.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }

    /// The replay command of a command line that is a plain `touchscroll replay …`, else nil. A function
    /// of its own so that the parse's temporaries are freed before the replay allocates its buffers.
    private static func plainReplay() -> ReplayCommand? {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, arguments[1] == "replay",
              let parsed = try? ReplayCommand.parseAsRoot(Array(arguments.dropFirst(2))) else { return nil }
        return parsed as? ReplayCommand
    }
}
