import ArgumentParser
import Configuration
import Daemon
import Glibc
import LiveInput
import Logging

/// `touchscroll daemon`: `run` as a supervised service (docs/deployment.md, docs/control.md).
struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run as a service: live input, systemd notify and watchdog, state preservation, control socket.",
        discussion: """
        Reads live input like `touchscroll run` and writes the same JSON Lines stream to standard output, \
        and adds what a service under systemd needs:

        - READY=1 once the input devices, the output and the control socket are open; STATUS= with a \
        one-line summary; WATCHDOG=1 from the run loop itself at half WatchdogSec ($NOTIFY_SOCKET, \
        $WATCHDOG_USEC).
        - SIGTERM or SIGINT: finish the frame, save the state, STOPPING=1, exit 0. SIGHUP: reload the \
        configuration file (RELOADING=1 … READY=1); a bad file is logged and the running one stays.
        - State: contentOffset, zoomScale and contentInset saved in the state directory (--state-dir or \
        $STATE_DIRECTORY) when the content settles and at shutdown, restored at start.
        - Control: JSON Lines requests on $RUNTIME_DIRECTORY/control.sock (or --runtime-dir), and on \
        standard input with --control-stdin (docs/control.md).
        - Drawing: with a display: section in the configuration (content, pixelsPerPoint, and one of \
        fb, drm, png) or the flags below, the content is drawn as touches and control commands move \
        it. SIGHUP can change the content and the display. A display taken by another program (DRM \
        master) or unplugged is logged; the stream and control go on, and drawing resumes when the \
        display is back.

        Exit codes: 0 stopped by a signal, 1 output, display or run loop failed, 2 invalid configuration, \
        3 content image unusable, 4 input device unavailable, 64 invalid command line.
        """
    )

    @Option(help: ArgumentHelp("The YAML configuration; SIGHUP reloads it.", valueName: "file"))
    var config: String?

    @OptionGroup var input: LiveInputOptions

    @OptionGroup(title: "Drawing (overrides the configuration's display: section)") var display: DisplayOptions

    @Option(name: .customLong("state-dir"), help: ArgumentHelp("Where state.json is kept (default $STATE_DIRECTORY).", valueName: "dir"))
    var stateDirectory: String?

    @Option(name: .customLong("runtime-dir"), help: ArgumentHelp("Where control.sock is made (default $RUNTIME_DIRECTORY).", valueName: "dir"))
    var runtimeDirectory: String?

    @Option(name: .customLong("restoration-id"), help: "The scroll view's key in the state file.")
    var restorationIdentifier = "scrollView"

    @Flag(name: .customLong("control-stdin"), help: "Also take control requests on standard input (replies on standard output).")
    var controlStandardInput = false

    func validate() throws {
        if restorationIdentifier.isEmpty {
            throw ValidationError("--restoration-id must not be empty")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(JournalLogHandler.standardError)
        let logger = Logger(label: "touchscroll")
        let configuration = try loadConfiguration(config)
        let environment = Self.processEnvironment()
        let directories = DaemonDirectories(stateOption: stateDirectory, runtimeOption: runtimeDirectory, environment: environment)
        var parts = LiveSession.Parts()
        parts.configurationPath = config
        parts.reloadsOnHangUp = true
        parts.toolVersion = ToolVersion.current
        parts.display = { [display] configuration in display.settings(for: configuration) }
        parts.stateDirectory = directories.state
        parts.restorationIdentifier = restorationIdentifier
        parts.controlSocket = directories.controlSocket
        parts.controlStandardInput = controlStandardInput
        parts.systemd = true
        parts.environment = environment
        try LiveSessionLauncher.run(configuration: configuration, input: input, parts: parts, logger: logger)
    }

    /// The process environment (`environ`) as a dictionary; the first of repeated names wins.
    static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
