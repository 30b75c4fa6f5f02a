import ScrollEngine
import YAMLDocument

/// Reads typed values out of a YAML node tree, collecting one `ConfigurationError` per problem
/// (with the key path and the node's line and column) instead of stopping at the first.
///
/// A value that is missing keeps its default; a value that is present but wrong records an
/// error and also keeps the default, so one pass reports every problem in the file.
final class YAMLNodeReader {
    let file: String?
    private(set) var errors: [ConfigurationError] = []

    init(file: String?) {
        self.file = file
    }

    func fail(_ path: KeyPath, _ node: YAMLNode?, _ problem: String) {
        errors.append(ConfigurationError(file: file, line: node?.mark.line, column: node?.mark.column, keyPath: path.description, problem: problem))
    }

    /// How a node is quoted in messages: `"abc"`, `null`, `a list`, `a mapping`.
    static func describe(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, scalar.isNull { return "null" }
            return "\"\(scalar.string)\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The node as a mapping whose keys are all in `known`; unknown keys are errors with a
    /// "did you mean" suggestion. Returns nil (and records an error) when it is not a mapping.
    func mapping(_ node: YAMLNode, at path: KeyPath, known: [String], hints: [String: String] = [:]) -> YAMLNode.Mapping? {
        guard case .mapping(let mapping) = node else {
            fail(path, node, "expected a mapping with keys \(known.joined(separator: ", ")), got \(Self.describe(node))")
            return nil
        }
        for key in mapping.keys {
            guard let name = key.string, known.contains(name) else {
                let name = key.string ?? Self.describe(key)
                var problem = "unknown key"
                if let hint = hints[name] {
                    problem += "; " + hint
                } else if let suggestion = KeySuggestion.closest(to: name, among: known) {
                    problem += "; did you mean \"\(suggestion)\"?"
                } else {
                    problem += "; known keys: \(known.joined(separator: ", "))"
                }
                fail(path.appending(name), key, problem)
                continue
            }
        }
        return mapping
    }

    /// Reads `key` from `mapping` with `decode`, when present.
    func field<T>(_ mapping: YAMLNode.Mapping?, _ key: String, _ path: KeyPath, _ decode: (YAMLNode, KeyPath) -> T?) -> T? {
        guard let mapping, let node = mapping[key] else { return nil }
        return decode(node, path.appending(key))
    }

    /// Reads `key` from `mapping` with `decode`; a missing key is an error at `node` (the mapping),
    /// for values that have no meaningful default (a size's height is never silently 0).
    func requiredField<T>(_ mapping: YAMLNode.Mapping?, _ key: String, of node: YAMLNode, _ path: KeyPath, _ what: String,
                          _ decode: (YAMLNode, KeyPath) -> T?) -> T? {
        guard let mapping else { return nil }
        guard let value = mapping[key] else {
            fail(path.appending(key), node, "missing; \(what)")
            return nil
        }
        return decode(value, path.appending(key))
    }

    func number(_ node: YAMLNode, _ path: KeyPath) -> Double? {
        guard case .scalar(let scalar) = node, let value = scalar.double else {
            fail(path, node, "expected a number, got \(Self.describe(node))")
            return nil
        }
        guard value.isFinite else {
            fail(path, node, "expected a finite number, got \(Self.describe(node))")
            return nil
        }
        return value
    }

    /// A number that must lie in `range`; `what` names the range in the message.
    func number(_ node: YAMLNode, _ path: KeyPath, in range: ClosedRange<Double>, _ what: String) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard range.contains(value) else {
            fail(path, node, "\(Self.format(value)) is out of range: expected \(what)")
            return nil
        }
        return value
    }

    // The ranges below are `InputLimits`' (docs/configuration.md, "Ranges"): what the engine can
    // honour. A value outside them is an error with its key path, never a trap later in replay.

    /// A position, offset or inset: -1e7…1e7 points.
    func coordinate(_ node: YAMLNode, _ path: KeyPath) -> Double? {
        let limit = InputLimits.maximumCoordinate
        return number(node, path, in: -limit...limit, "a coordinate from -1e7 to 1e7 points")
    }

    /// A size: 0…1e7 points.
    func length(_ node: YAMLNode, _ path: KeyPath) -> Double? {
        number(node, path, in: 0...InputLimits.maximumLength, "a length from 0 to 1e7 points")
    }

    /// A size that must not be 0: > 0, ≤ 1e7 points.
    func positiveLength(_ node: YAMLNode, _ path: KeyPath) -> Double? {
        positive(node, path, maximum: InputLimits.maximumLength, "a length > 0 and ≤ 1e7 points")
    }

    /// A zoom scale: 0.001…1000.
    func zoomScale(_ node: YAMLNode, _ path: KeyPath) -> Double? {
        number(node, path, in: InputLimits.zoomScaleRange, "a zoom scale from 0.001 to 1000")
    }

    /// A duration in seconds, ≥ 0 (`positive`: > 0), at most 1e6 s.
    func duration(positive: Bool) -> (YAMLNode, KeyPath) -> Double? {
        { node, path in
            if positive { return self.positive(node, path, maximum: InputLimits.maximumDuration, "seconds > 0 and ≤ 1000000") }
            return self.number(node, path, in: 0...InputLimits.maximumDuration, "seconds from 0 to 1000000")
        }
    }

    /// A number > 0 and ≤ `maximum`; `what` names the range in the message.
    func positive(_ node: YAMLNode, _ path: KeyPath, maximum: Double, _ what: String) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard value > 0, value <= maximum else {
            fail(path, node, "\(Self.format(value)) is out of range: expected \(what)")
            return nil
        }
        return value
    }

    func bool(_ node: YAMLNode, _ path: KeyPath) -> Bool? {
        guard case .scalar(let scalar) = node, scalar.style == .plain,
              ["true", "false"].contains(scalar.string.lowercased()) else {
            fail(path, node, "expected true or false, got \(Self.describe(node))")
            return nil
        }
        return scalar.string.lowercased() == "true"
    }

    /// The `id` every item of a named list (content views, scroll views) must have: present, a string,
    /// not empty. `purpose` ends the "missing" message (why the item needs a name). Nil after an error.
    func requiredID(of item: YAMLNode, _ mapping: YAMLNode.Mapping, at path: KeyPath, purpose: String) -> (id: String, node: YAMLNode)? {
        guard let idNode = mapping["id"] else {
            fail(path, item, "missing key \"id\" (\(purpose))")
            return nil
        }
        guard let id = string(idNode, path.appending("id")) else { return nil }
        if id.isEmpty {
            fail(path.appending("id"), idNode, "expected a non-empty name")
            return nil
        }
        return (id, idNode)
    }

    func string(_ node: YAMLNode, _ path: KeyPath) -> String? {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && scalar.isNull) else {
            fail(path, node, "expected a string, got \(Self.describe(node))")
            return nil
        }
        return scalar.string
    }

    /// One of a fixed set of words.
    func choice<T>(_ node: YAMLNode, _ path: KeyPath, _ choices: [(String, T)]) -> T? {
        let names = choices.map(\.0)
        guard case .scalar(let scalar) = node, let match = choices.first(where: { $0.0 == scalar.string }) else {
            fail(path, node, "expected one of \(names.joined(separator: ", ")), got \(Self.describe(node))")
            return nil
        }
        return match.1
    }

    func isNull(_ node: YAMLNode) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain, scalar.isNull { return true }
        return false
    }

    func sequence(_ node: YAMLNode, _ path: KeyPath) -> [YAMLNode]? {
        guard case .sequence(let sequence) = node else {
            fail(path, node, "expected a list, got \(Self.describe(node))")
            return nil
        }
        return sequence.items
    }

    /// Numbers in messages: integers without a decimal point, others as Swift prints them.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
