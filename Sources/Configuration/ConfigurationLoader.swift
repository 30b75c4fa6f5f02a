import Foundation
import ScrollEngine
import Yams

/// Loads a YAML configuration file into a `TouchscrollConfiguration`, reporting every problem
/// with its key path and position (see docs/configuration.md for the keys and defaults).
///
/// Walks Yams' node tree rather than using `Codable`: Codable stops at the first error, cannot
/// reject unknown keys with suggestions, and loses the line and column of the offending node.
public enum ConfigurationLoader {
    /// Reads and loads the file at `path`.
    public static func load(contentsOfFile path: String) throws(ConfigurationErrors) -> TouchscrollConfiguration {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw ConfigurationErrors([ConfigurationError(file: path, keyPath: "", problem: "cannot read the file: \(reason)")])
        }
        close(descriptor)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationErrors([ConfigurationError(file: path, keyPath: "", problem: "cannot read the file (is it a directory?)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationErrors([ConfigurationError(file: path, keyPath: "", problem: "cannot read the file: not UTF-8 text")])
        }
        return try load(yaml: text, file: path)
    }

    /// Loads configuration text; `file` only names it in errors. An empty document gives the defaults.
    public static func load(yaml: String, file: String? = nil) throws(ConfigurationErrors) -> TouchscrollConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigurationErrors([syntaxError(error, file: file)])
        } catch {
            throw ConfigurationErrors([ConfigurationError(file: file, keyPath: "", problem: "not valid YAML: \(error)")])
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

    private static func syntaxError(_ error: YamlError, file: String?) -> ConfigurationError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let context = context.map { "\($0.text) " } ?? ""
            return ConfigurationError(file: file, line: mark.line, column: mark.column, keyPath: "", problem: "not valid YAML: \(context)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(
                file: file, line: context.mark.line, column: context.mark.column, keyPath: "",
                problem: "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        default:
            return ConfigurationError(file: file, keyPath: "", problem: "not valid YAML: \(error)")
        }
    }
}
