/// The contents of the state file: every preserved scroll view, by restoration identifier.
///
///     {"version":1,"scrollViews":{"gallery":{"contentOffset":{"x":0,"y":640},"zoomScale":1,
///      "contentInset":{"top":0,"left":0,"bottom":0,"right":0}}}}
public struct PreservedState: Hashable, Sendable, Codable {
    /// The format this build writes and the only one it reads; bump it when the meaning of a field
    /// changes, so an old daemon never misreads a newer file (it starts from defaults instead).
    public static let currentVersion = 1

    public var version: Int
    public var scrollViews: [String: PreservedScrollViewState]

    public init(scrollViews: [String: PreservedScrollViewState] = [:]) {
        self.version = Self.currentVersion
        self.scrollViews = scrollViews
    }
}
