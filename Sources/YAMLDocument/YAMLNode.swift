/// A position in YAML text: 1-based line and column (columns count characters, as libyaml does).
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One node of a YAML document as libyaml's parser delivers it: a scalar (with its quoting style,
/// so `"1"` stays a string while `1` is a number), a sequence, or a mapping whose keys keep their
/// order and marks. Anchors, aliases and tags are never part of a tree (`YAMLDocument` refuses them).
public enum YAMLNode: Sendable {
    case scalar(Scalar)
    case sequence(Sequence)
    case mapping(Mapping)

    /// How a collection is written: libyaml picks (`any`), indented lines (`block`), or brackets (`flow`).
    public enum CollectionStyle: Sendable {
        case any, block, flow
    }

    public struct Scalar: Sendable {
        public enum Style: Sendable {
            case any, plain, singleQuoted, doubleQuoted, literal, folded
        }

        public var string: String
        public var style: Style
        public var mark: YAMLMark

        public init(_ string: String, style: Style = .any, mark: YAMLMark = YAMLMark(line: 0, column: 0)) {
            self.string = string
            self.style = style
            self.mark = mark
        }

        /// Unquoted: only a plain scalar can be a null, a boolean or a number.
        var isPlain: Bool { style == .plain || style == .any }

        /// YAML 1.1's null: an unquoted `~`, `null`, `Null`, `NULL`, or nothing at all.
        public var isNull: Bool {
            guard isPlain else { return false }
            switch string {
            case "", "~", "null", "Null", "NULL": return true
            default: return false
            }
        }

        /// The scalar as a number, by YAML 1.1's rules for floats: `.inf`, `-.inf`, `.nan`,
        /// underscores as digit separators, base-60 (`1:30` = 90); quoted scalars are strings.
        public var double: Double? {
            guard isPlain else { return nil }
            switch string.lowercased() {
            case ".inf", "+.inf": return .infinity
            case "-.inf": return -.infinity
            case ".nan": return .nan
            default:
                let text = String(string.filter { $0 != "_" })
                if text.contains(":") { return Self.sexagesimal(text, Double.init) }
                return Double(text)
            }
        }

        /// The scalar as an integer, by YAML 1.1's rules: `0x`, `0b`, `0o` and leading-`0` octal
        /// prefixes, underscores as digit separators, base-60; quoted scalars are strings.
        public var int: Int? {
            guard isPlain else { return nil }
            let signed = String(string.filter { $0 != "_" })
            if signed == "0" { return 0 }
            let negative = signed.hasPrefix("-")
            let hasSign = negative || signed.hasPrefix("+")
            let digits = signed.dropFirst(hasSign ? 1 : 0)
            for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where digits.hasPrefix(prefix) {
                return Int((negative ? "-" : "") + digits.dropFirst(prefix.count), radix: radix)
            }
            if digits.contains(":") { return Self.sexagesimal(signed) { Int($0, radix: 10) } }
            return Int(signed)
        }

        /// `[-+]a:b:c` as a·3600 + b·60 + c.
        private static func sexagesimal<T: Numeric>(_ text: String, _ make: (String) -> T?) -> T? {
            var body = Substring(text)
            var sign: T = 1
            if body.hasPrefix("-") {
                sign = -1
                body = body.dropFirst()
            } else if body.hasPrefix("+") {
                body = body.dropFirst()
            }
            var value: T = 0
            for part in body.split(separator: ":", omittingEmptySubsequences: false) {
                guard let digit = make(String(part)) else { return nil }
                value = value * 60 + digit
            }
            return sign * value
        }
    }

    public struct Sequence: Sendable {
        public var items: [YAMLNode]
        public var style: CollectionStyle
        public var mark: YAMLMark

        public init(_ items: [YAMLNode], style: CollectionStyle = .any, mark: YAMLMark = YAMLMark(line: 0, column: 0)) {
            self.items = items
            self.style = style
            self.mark = mark
        }
    }

    public struct Mapping: Sendable {
        public var pairs: [(key: YAMLNode, value: YAMLNode)]
        public var style: CollectionStyle
        public var mark: YAMLMark

        public init(_ pairs: [(key: YAMLNode, value: YAMLNode)], style: CollectionStyle = .any,
                    mark: YAMLMark = YAMLMark(line: 0, column: 0)) {
            self.pairs = pairs
            self.style = style
            self.mark = mark
        }

        public var keys: [YAMLNode] { pairs.map(\.key) }

        /// The value of the first key that is a scalar spelled `key` (quoted or not).
        public subscript(key: String) -> YAMLNode? {
            pairs.first { $0.key.string == key }?.value
        }
    }

    /// Where the node starts.
    public var mark: YAMLMark {
        switch self {
        case .scalar(let s): s.mark
        case .sequence(let s): s.mark
        case .mapping(let m): m.mark
        }
    }

    public var scalar: Scalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    /// A scalar's text (whatever its style); nil for collections.
    public var string: String? { scalar?.string }

    public var mapping: Mapping? {
        if case .mapping(let m) = self { return m }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let s) = self { return s.items }
        return nil
    }

    /// An unquoted null scalar (`~`, `null`, empty).
    public var isNull: Bool { scalar?.isNull ?? false }

    /// A plain scalar as an integer (YAML 1.1 rules); nil otherwise.
    public var int: Int? { scalar?.int }

    /// A list of plain integer scalars; nil when the node is not a list or an item is not an integer.
    public var ints: [Int]? {
        guard let items = sequence else { return nil }
        var numbers: [Int] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard let n = item.int else { return nil }
            numbers.append(n)
        }
        return numbers
    }
}

/// `"key"` as a scalar whose style libyaml chooses, for building trees to emit.
extension YAMLNode: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .scalar(Scalar(value))
    }
}
