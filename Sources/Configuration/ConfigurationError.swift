/// One problem found in a configuration file: where it is (file, line, column when the YAML
/// parser knows them, and always the key path) and what was expected.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the configuration came from, or nil for a string given in code.
    public var file: String?
    /// 1-based line and column of the offending node, from Yams' marks.
    public var line: Int?
    public var column: Int?
    /// The key path from the document root, e.g. `scrollView.contentInset.top` or
    /// `contentViews[2].frame.width`; empty for the document itself.
    public var keyPath: String
    /// What is wrong, e.g. `expected a number, got "abc"`.
    public var problem: String

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.problem = problem
    }

    /// `file:line:column: keyPath: problem`, leaving out what is unknown.
    public var description: String {
        var location = ""
        if let file { location = file }
        if let line {
            location += location.isEmpty ? "line \(line)" : ":\(line)"
            if let column { location += ":\(column)" }
        }
        var text = location.isEmpty ? "" : location + ": "
        if !keyPath.isEmpty { text += keyPath + ": " }
        return text + problem
    }
}

/// Every problem found in one configuration file (the loader reports them all, not just the first).
public struct ConfigurationErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [ConfigurationError]

    public init(_ errors: [ConfigurationError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
