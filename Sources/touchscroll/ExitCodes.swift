import ArgumentParser

/// The exit codes `touchscroll --help` documents (also in docs/protocol.md and docs/configuration.md).
enum ExitCodes {
    /// Something failed while running: output could not be written, the scroll view did not settle.
    static let runtimeFailure = ExitCode(1)
    /// The configuration file is invalid.
    static let invalidConfiguration = ExitCode(2)
    /// The input recording or touch script cannot be used.
    static let unusableInput = ExitCode(3)
}
