import ArgumentParser
import Configuration
import Daemon
import Foundation
import LiveInput
import Logging
import Recordings
import StreamOutput

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

        Exit codes: 0 stopped by a signal, 1 output or run loop failed, 2 invalid configuration, \
        4 input device unavailable, 64 invalid command line.
        """
    )

    @Option(help: ArgumentHelp("The YAML configuration; SIGHUP reloads it.", valueName: "file"))
    var config: String?

    @OptionGroup var input: LiveInputOptions





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
        let environment = ProcessInfo.processInfo.environment
        let settings = DaemonSession.Settings(
            configurationPath: config, restorationIdentifier: restorationIdentifier,
            directories: DaemonDirectories(stateOption: stateDirectory, runtimeOption: runtimeDirectory, environment: environment),
            controlStandardInput: controlStandardInput)
        let header = StreamHeader(toolVersion: ToolVersion.current, scrollView: configuration.scrollView,
                                  screenWidthMM: configuration.screen.widthMM, screenHeightMM: configuration.screen.heightMM,
                                  frameRate: configuration.output.frameRate)
        do {
            let backends = try input.makeBackends(configuration: configuration, logger: logger)
            let stream = try DelegateStreamWriter(sink: FileDescriptorByteSink(fileDescriptor: 1), header: header)
            let session = try DaemonSession(settings: settings, configuration: configuration, backends: backends,
                                            stream: stream, environment: environment, logger: logger)
            try session.run()
        } catch let error as InputError {
            logger.critical("\(error)")
            throw ExitCodes.inputUnavailable
        } catch let error as StreamWriteError {
            logger.critical("\(error)")
            throw ExitCodes.runtimeFailure
        } catch let error as SystemCallError {
            logger.critical("\(error)")
            throw ExitCodes.runtimeFailure
        } catch let error as WatchdogSettings.ParseError {
            logger.critical("\(error)")
            throw ExitCodes.runtimeFailure
        }
    }

}
