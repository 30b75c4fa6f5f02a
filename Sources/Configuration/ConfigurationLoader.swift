import Glibc
import ScrollEngine
import YAMLDocument

/// Loads a YAML configuration file into a `TouchscrollConfiguration`, reporting every problem
/// with its key path and position (see docs/configuration.md for the keys and defaults).
///
/// Walks libyaml's node tree (`YAMLDocument`) rather than using `Codable`: Codable stops at the first error, cannot
/// reject unknown keys with suggestions, and loses the line and column of the offending node.
public enum ConfigurationLoader {
    /// The largest configuration file read (a full one with every key is about 4 kB).
    public static let maximumFileBytes = 1 << 20

    /// Reads and loads the file at `path`. A pipe (`--config <(…)`) is read too; a directory, or
    /// anything longer than `maximumFileBytes` (e.g. `/dev/zero`), is an error.
    public static func load(contentsOfFile path: String) throws(ConfigurationErrors) -> TouchscrollConfiguration {
        func failure(_ problem: String) -> ConfigurationErrors {
            ConfigurationErrors([ConfigurationError(file: path, keyPath: "", problem: problem)])
        }
        // O_NONBLOCK: opening a FIFO nobody writes to must not wait; reads block again below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read the file: \(String(cString: strerror(errno)))") }
        if status.st_mode & S_IFMT == S_IFDIR { throw failure("cannot read the file (is it a directory?)") }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        // A regular file is read with a buffer a little larger than it (one read, and the end seen at
        // the second); a FIFO or a device, in 64 KiB chunks. A configuration is a few hundred bytes:
        // a 64 KiB buffer would cost its 16 pages' first-touch faults at every start.
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        let chunkSize = isRegular ? min(65536, max(4096, Int(status.st_size) + 1)) : 65536
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumFileBytes { throw failure("the file is larger than \(maximumFileBytes) bytes; not a configuration") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure("cannot read the file: not UTF-8 text")
        }
        return try load(yaml: text, file: path)
    }

    /// Loads configuration text; `file` only names it in errors. An empty document gives the defaults.
    public static func load(yaml: String, file: String? = nil) throws(ConfigurationErrors) -> TouchscrollConfiguration {
        // Anchors, aliases, tags, complex keys and deep nesting are refused before libyaml sees
        // them (a few hundred bytes of nested aliases cost gigabytes).
        if let problem = YAMLGuard.check(Array(yaml.utf8)) {
            throw ConfigurationErrors([ConfigurationError(file: file, line: problem.line, column: problem.column, keyPath: "",
                                                          problem: "not accepted: \(problem.message)")])
        }
        let root: YAMLNode?
        do {
            root = try YAMLDocument.parse(yaml)
        } catch {
            throw ConfigurationErrors([syntaxError(error, file: file)])
        }
        let reader = YAMLNodeReader(file: file)
        var configuration = TouchscrollConfiguration()
        if let root, !reader.isNull(root) {
            configuration = ConfigurationDecoder(reader: reader).decode(root)
        }
        guard reader.errors.isEmpty else {
            // In file order, so the list reads top to bottom (checks run section by section).
            let ordered = reader.errors.enumerated().sorted {
                let a = ($0.element.line ?? .max, $0.element.column ?? 0, $0.offset)
                let b = ($1.element.line ?? .max, $1.element.column ?? 0, $1.offset)
                return a < b
            }
            throw ConfigurationErrors(ordered.map(\.element))
        }
        return configuration
    }

    private static func syntaxError(_ error: YAMLDocument.ParseError, file: String?) -> ConfigurationError {
        switch error {
        case .syntax(let context, let problem, let mark):
            return ConfigurationError(file: file, line: mark.line, column: mark.column, keyPath: "", problem: "not valid YAML: \(context)\(problem)")
        case .duplicateKeys(let duplicates, let mark):
            return ConfigurationError(
                file: file, line: mark.line, column: mark.column, keyPath: "",
                problem: "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        case .refused(let problem):
            return ConfigurationError(file: file, line: problem.line, column: problem.column, keyPath: "",
                                      problem: "not accepted: \(problem.message)")
        }
    }
}
