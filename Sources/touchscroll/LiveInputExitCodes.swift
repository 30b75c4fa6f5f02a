import ArgumentParser

extension ExitCodes {
    /// No input device could be opened (permissions, missing node, no udev seat) — `run`, `devices`, `record`.
    static let inputUnavailable = ExitCode(4)
}
