import ArgumentParser
import Configuration
import Daemon
import LiveInput
import Logging
import Recordings
import Renderer
import ScrollEngine
import StreamOutput

#if canImport(Glibc)
import Glibc
#endif

/// `touchscroll run`: reads a real touchscreen and prints the delegate stream as it happens.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Read live input (libinput or raw evdev) and print the delegate stream as JSON Lines.",
        discussion: """
        One thread, one epoll set: the input descriptor, a timer armed only while something animates \
        or an engine timer is pending, and a signalfd. Nothing moves, nothing wakes. Time is \
        CLOCK_MONOTONIC, the clock libinput stamps events with. Standard output gets the same header and \
        lines as `touchscroll replay`; with --tee-touches FILE, `touchscroll replay FILE` reproduces \
        them byte for byte (animation frames fall on the same grid, anchored at the first touch).

        Backends: libinput from the udev seat (default; devices come and go while running), libinput \
        on fixed nodes (--device, repeatable), or raw evdev through libevdev (--backend evdev \
        --device NODE, optional --grab for exclusive access). Touchscreens give touches; keyboards \
        (arrows, Page Up/Down, Space, Home, End) and wheels scroll unless --touch-only. Raw evdev nodes \
        that are unplugged are opened again when they come back.

        Drawing: with the configuration's display: section (content, pixelsPerPoint, one of fb, drm, \
        png) or the drawing options below, the content is drawn as the touches move it.

        SIGINT or SIGTERM ends the run cleanly (exit 0).

        Exit codes: 0 stopped by a signal, 1 output or display failed, 2 invalid configuration, 3 content \
        image unusable, 4 input device \
        unavailable (permissions: add the user to group input), 64 invalid command line.
        """
    )


    @Option(help: ArgumentHelp("The YAML configuration (screen, scroll view, input rotation, frame rate).", valueName: "file"))
    var config: String?

    @OptionGroup var input: LiveInputOptions

    @OptionGroup(title: "Drawing (optional: the content on a display, as touches move it)") var display: DisplayOptions

    @Option(name: .customLong("tee-touches"), help: ArgumentHelp("Also write the touch frames fed to the engine, as a touch script, to this file.", valueName: "file"))
    var teeTouches: String?

    @Flag(help: "Log debug lines (libinput's own included).")
    var verbose = false

    func run() throws {
        LiveLogging.bootstrap(verbose: verbose)
        let logger = Logger(label: "touchscroll")
        let configuration = try loadConfiguration(config)
        let tee = try teeTouches.map(LiveTouchTee.init(path:))
        var parts = LiveSession.Parts()
        parts.configurationPath = config
        parts.toolVersion = ToolVersion.current
        parts.display = { [display] configuration in display.settings(for: configuration) }
        parts.tee = tee.map { tee in { frame in try tee.write(frame) } }
        try LiveSessionLauncher.run(configuration: configuration, input: input, parts: parts, logger: logger) {
            try tee?.close()
        }
    }
}


