import ArgumentParser
import Daemon
import LiveInput
import Playback
import Recordings
import Renderer
import StreamOutput

/// The exit codes `touchscroll --help` documents (also in docs/protocol.md and docs/configuration.md).
enum ExitCodes {
    /// Something failed while running: output could not be written, the scroll view did not settle.
    static let runtimeFailure = ExitCode(1)
    /// The configuration file is invalid.
    static let invalidConfiguration = ExitCode(2)
    /// The input recording, touch script or content image cannot be used.
    static let unusableInput = ExitCode(3)
    /// No input device could be opened (permissions, missing node, no udev seat, libinput/libevdev/libudev not
    /// installed) — `run`, `daemon`, `devices`, `record`.
    static let inputUnavailable = ExitCode(4)

    /// The documented exit code for an error a command could not carry on from: the one mapping
    /// every command uses.
    static func code(for error: Error) -> ExitCode {
        switch error {
        case let code as ExitCode: code
        case is InputError: inputUnavailable
        case is OutputFileError: runtimeFailure
        case is RecordingError: unusableInput
        case PlaybackError.timeWentBackwards: unusableInput
        case let error as RendererError where error.kind == .imageRead: unusableInput
        default: runtimeFailure
        }
    }

    /// Runs `body`; an error other than an exit code is printed ("touchscroll: …" on standard
    /// error) and becomes its exit code.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let code as ExitCode {
            throw code
        } catch {
            StandardError.error("\(error)")
            throw code(for: error)
        }
    }
}
