/// Where the daemon keeps its state and its control socket: the command line's choice, else what
/// systemd passes (`StateDirectory=` → `$STATE_DIRECTORY`, `RuntimeDirectory=` →
/// `$RUNTIME_DIRECTORY`; colon-separated when a unit names several, the first is ours).
public struct DaemonDirectories: Hashable, Sendable {
    /// nil: state is not preserved.
    public var state: String?
    /// nil: no control socket.
    public var runtime: String?

    public init(state: String?, runtime: String?) {
        self.state = state
        self.runtime = runtime
    }

    public init(stateOption: String?, runtimeOption: String?, environment: [String: String]) {
        func first(_ variable: String) -> String? {
            guard let value = environment[variable], let head = value.split(separator: ":").first, !head.isEmpty else { return nil }
            return String(head)
        }
        self.init(state: stateOption ?? first("STATE_DIRECTORY"), runtime: runtimeOption ?? first("RUNTIME_DIRECTORY"))
    }

    /// The control socket's path, when there is a runtime directory.
    public var controlSocket: String? {
        runtime.map { $0.hasSuffix("/") ? $0 + "control.sock" : $0 + "/control.sock" }
    }
}
