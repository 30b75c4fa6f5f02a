import ArgumentParser
import Configuration
import Daemon
import LiveInput
import Logging
import StreamOutput

/// What `run` and `daemon` do once their options are parsed: open the input backends, build the
/// live session with the parts the command turned on, run it, and turn a failure into its
/// documented exit code (logged first).
enum LiveSessionLauncher {
    static func run(configuration: TouchscrollConfiguration, input: LiveInputOptions, parts: LiveSession.Parts,
                    logger: Logger, after: () throws -> Void = {}) throws {
        do {
            // Devices first: a run that cannot read input prints no stream at all.
            let backends = try input.makeBackends(configuration: configuration, logger: logger)
            let session = try LiveSession(configuration: configuration, backends: backends,
                                          sink: FileDescriptorByteSink(fileDescriptor: 1), parts: parts, logger: logger)
            try session.run()
            try after()
        } catch let code as ExitCode {
            throw code
        } catch {
            // The daemon's log line (journald <2>), then the one mapping to an exit code.
            logger.critical("\(error)")
            throw ExitCodes.code(for: error)
        }
    }
}
