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
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationErrors([ConfigurationError(file: path, keyPath: "", problem: "cannot read the file: \(Self.reason(error))")])
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
        guard reader.errors.isEmpty else { throw ConfigurationErrors(reader.errors) }
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

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
