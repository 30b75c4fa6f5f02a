import ArgumentParser
import Configuration
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
        (arrows, Page Up/Down, Space, Home, End) and wheels scroll unless --touch-only.

        SIGINT or SIGTERM ends the run cleanly (exit 0).

        Exit codes: 0 stopped by a signal, 1 output failed, 2 invalid configuration, 4 input device \
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
        var configuration = try loadConfiguration(config)
        // Drawing: the content's size becomes the scroll view's contentSize, before the header is written.
        var drawing: (image: ContentImage, config: RendererConfiguration)?
        if display.drawsAnything {
            let image: ContentImage
            do {
                image = try display.loadContent()
            } catch {
                StandardError.print("touchscroll: \(error)")
                throw ExitCodes.unusableInput
            }
            let rendererConfiguration = display.rendererConfiguration(scrollView: configuration.scrollView, content: image)
            configuration.scrollView = rendererConfiguration.scrollView
            drawing = (image, rendererConfiguration)
        }
        let tee = try teeTouches.map(LiveTouchTee.init(path:))
        let output = FileDescriptorByteSink(fileDescriptor: 1)
        let header = StreamHeader(toolVersion: ToolVersion.current, scrollView: configuration.scrollView,
                                  screenWidthMM: configuration.screen.widthMM,
                                  screenHeightMM: configuration.screen.heightMM,
                                  frameRate: configuration.output.frameRate)
        do {
            // Devices first: a run that cannot read input prints no stream at all.
            let backends = try input.makeBackends(configuration: configuration, logger: logger)
            let stream = try DelegateStreamWriter(sink: output, header: header)
            try stream.flush()
            let presenter = try drawing.map { drawing in
                try FramePresenter(configuration: drawing.config, content: drawing.image,
                                   output: try FanOutOutput(try display.openOutputs(for: drawing.config)))
            }
            let session = try LiveSession(configuration: configuration, backends: backends, tee: tee,
                                          stream: stream, presenter: presenter, logger: logger)
            try session.run()
            try presenter?.finish()
            try stream.flush()
            try tee?.close()
            logger.info("stopped: \(session.summary)")
        } catch let error as InputError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.inputUnavailable
        } catch let error as StreamWriteError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.runtimeFailure
        } catch let error as RendererError {
            StandardError.print("touchscroll: \(error)")
            throw ExitCodes.runtimeFailure
        }
    }

}

extension ScreenTransform {
    /// The configuration's `input` section (flips, then rotation, then calibration).
    init(_ input: InputTransform) {
        let rotation: ScreenTransform.Rotation = switch input.rotation {
        case .none: .none
        case .quarter: .clockwise90
        case .half: .upsideDown
        case .threeQuarters: .clockwise270
        }
        self.init(rotation: rotation, flipHorizontally: input.flipX, flipVertically: input.flipY,
                  calibration: CalibrationMatrix(input.calibration))
    }
}
