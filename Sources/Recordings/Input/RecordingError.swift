/// A reason a recording or touch script cannot be used, with where it happened.
///
/// `file` is the path as the caller gave it (`-` for stdin, `<memory>` for in-memory input);
/// `line` is 1-based and absent for problems that belong to no single line (e.g. a device whose
/// ranges cannot be mapped). `expected` says what the reader wanted to find.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var expected: String

    public init(file: String, line: Int?, expected: String) {
        self.file = file
        self.line = line
        self.expected = expected
    }

    public var description: String {
        if let line { return "\(file):\(line): \(expected)" }
        return "\(file): \(expected)"
    }
}

/// Something odd the reader or decoder tolerated (as the kernel or libinput would) and skipped.
public struct RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var message: String

    public init(file: String? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(message)"
        case let (file?, nil): return "\(file): \(message)"
        default: return message
        }
    }
}
