import ScrollEngine

/// Decides when to write the state file: each time the scroll view comes to rest with a state other
/// than the one last written (so a fling is saved once, where it stops, and an idle daemon never
/// writes), and at shutdown whatever the motion.
public struct SettledStateRecorder: Hashable, Sendable {
    public let restorationIdentifier: String
    public private(set) var lastWritten: PreservedScrollViewState?

    public init(restorationIdentifier: String, restored: PreservedScrollViewState?) {
        self.restorationIdentifier = restorationIdentifier
        self.lastWritten = restored
    }

    /// The state to write now, or nil. `isAtRest` is the scroll view's (no touch, no animation,
    /// no timer).
    public func stateToSave(current: PreservedScrollViewState, isAtRest: Bool) -> PreservedScrollViewState? {
        guard isAtRest, current.isUsable, current != lastWritten else { return nil }
        return current
    }

    /// Records that `state` reached the disk.
    public mutating func written(_ state: PreservedScrollViewState) {
        lastWritten = state
    }
}
