import ScrollEngine
import Yams

/// Reads typed values out of a Yams node tree, collecting one `ConfigurationError` per problem
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

    func fail(_ path: KeyPath, _ node: Node?, _ problem: String) {
        errors.append(ConfigurationError(file: file, line: node?.mark?.line, column: node?.mark?.column, keyPath: path.description, problem: problem))
    }

    /// How a node is quoted in messages: `"abc"`, `null`, `a list`, `a mapping`.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, node.null != nil { return "null" }
            return "\"\(scalar.string)\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    /// The node as a mapping whose keys are all in `known`; unknown keys are errors with a
    /// "did you mean" suggestion. Returns nil (and records an error) when it is not a mapping.
    func mapping(_ node: Node, at path: KeyPath, known: [String], hints: [String: String] = [:]) -> Node.Mapping? {
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
    func field<T>(_ mapping: Node.Mapping?, _ key: String, _ path: KeyPath, _ decode: (Node, KeyPath) -> T?) -> T? {
        guard let mapping, let node = mapping[key] else { return nil }
        return decode(node, path.appending(key))
    }

    /// Reads `key` from `mapping` with `decode`; a missing key is an error at `node` (the mapping),
    /// for values that have no meaningful default (a size's height is never silently 0).
    func requiredField<T>(_ mapping: Node.Mapping?, _ key: String, of node: Node, _ path: KeyPath, _ what: String,
                          _ decode: (Node, KeyPath) -> T?) -> T? {
        guard let mapping else { return nil }
        guard let value = mapping[key] else {
            fail(path.appending(key), node, "missing; \(what)")
            return nil
        }
        return decode(value, path.appending(key))
    }

    func number(_ node: Node, _ path: KeyPath) -> Double? {
        guard case .scalar(let scalar) = node, let value = Double.construct(from: scalar) else {
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
    func number(_ node: Node, _ path: KeyPath, in range: ClosedRange<Double>, _ what: String) -> Double? {
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
    func coordinate(_ node: Node, _ path: KeyPath) -> Double? {
        let limit = InputLimits.maximumCoordinate
        return number(node, path, in: -limit...limit, "a coordinate from -1e7 to 1e7 points")
    }

    /// A size: 0…1e7 points.
    func length(_ node: Node, _ path: KeyPath) -> Double? {
        number(node, path, in: 0...InputLimits.maximumLength, "a length from 0 to 1e7 points")
    }

    /// A size that must not be 0: > 0, ≤ 1e7 points.
    func positiveLength(_ node: Node, _ path: KeyPath) -> Double? {
        positive(node, path, maximum: InputLimits.maximumLength, "a length > 0 and ≤ 1e7 points")
    }

    /// A zoom scale: 0.001…1000.
    func zoomScale(_ node: Node, _ path: KeyPath) -> Double? {
        number(node, path, in: InputLimits.zoomScaleRange, "a zoom scale from 0.001 to 1000")
    }

    /// A duration in seconds, ≥ 0 (`positive`: > 0), at most 1e6 s.
    func duration(positive: Bool) -> (Node, KeyPath) -> Double? {
        { node, path in
            if positive { return self.positive(node, path, maximum: InputLimits.maximumDuration, "seconds > 0 and ≤ 1000000") }
            return self.number(node, path, in: 0...InputLimits.maximumDuration, "seconds from 0 to 1000000")
        }
    }

    /// A number > 0 and ≤ `maximum`; `what` names the range in the message.
    func positive(_ node: Node, _ path: KeyPath, maximum: Double, _ what: String) -> Double? {
        guard let value = number(node, path) else { return nil }
        guard value > 0, value <= maximum else {
            fail(path, node, "\(Self.format(value)) is out of range: expected \(what)")
            return nil
        }
        return value
    }

    func bool(_ node: Node, _ path: KeyPath) -> Bool? {
        guard case .scalar(let scalar) = node, scalar.style == .plain,
              ["true", "false"].contains(scalar.string.lowercased()) else {
            fail(path, node, "expected true or false, got \(Self.describe(node))")
            return nil
        }
        return scalar.string.lowercased() == "true"
    }

    /// The `id` every item of a named list (content views, scroll views) must have: present, a string,
    /// not empty. `purpose` ends the "missing" message (why the item needs a name). Nil after an error.
    func requiredID(of item: Node, _ mapping: Node.Mapping, at path: KeyPath, purpose: String) -> (id: String, node: Node)? {
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

    func string(_ node: Node, _ path: KeyPath) -> String? {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && node.null != nil) else {
            fail(path, node, "expected a string, got \(Self.describe(node))")
            return nil
        }
        return scalar.string
    }

    /// One of a fixed set of words.
    func choice<T>(_ node: Node, _ path: KeyPath, _ choices: [(String, T)]) -> T? {
        let names = choices.map(\.0)
        guard case .scalar(let scalar) = node, let match = choices.first(where: { $0.0 == scalar.string }) else {
            fail(path, node, "expected one of \(names.joined(separator: ", ")), got \(Self.describe(node))")
            return nil
        }
        return match.1
    }

    func isNull(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain, node.null != nil { return true }
        return false
    }

    func sequence(_ node: Node, _ path: KeyPath) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            fail(path, node, "expected a list, got \(Self.describe(node))")
            return nil
        }
        return Array(sequence)
    }

    /// Numbers in messages: integers without a decimal point, others as Swift prints them.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
