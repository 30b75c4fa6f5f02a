/// A byte-level check of YAML text *before* libyaml parses it, for the YAML features that
/// let a small file cost unbounded time, memory or stack:
///
/// - anchors and aliases (`&a`, `*a`): nested aliases make an 831-byte file expand to gigabytes
///   (the "billion laughs");
/// - complex keys (`? [a]`): a collection as a mapping key, which no key path can name;
/// - tags (`!!binary`, `!custom`): neither format uses them, and they select constructors;
/// - nesting deeper than `maximumDepth` (flow brackets, or block indentation).
///
/// Neither a configuration file nor a libinput-record header needs any of these, so they are
/// refused with their line and column rather than parsed (`YAMLDocument.parse` refuses them again
/// from libyaml's events, so a caller that skips this check still gets no alias expansion). The scanner understands enough YAML to
/// avoid false alarms: quoted scalars (also across lines), comments, block scalars (`|`, `>`),
/// and `&`, `*`, `!`, `?` inside a plain scalar (`name: Foo & Bar` is fine).
public struct YAMLGuard {
    /// What was found, with its 1-based line and column.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// Deepest nesting accepted: flow collections (`[`, `{`) inside each other, or block
    /// collections by indentation (columns).
    public static let maximumDepth = 128

    private enum Quote { case none, single, double }
    private var quote = Quote.none
    private var flowDepth = 0
    /// Inside a block scalar (`|` / `>`): lines indented more than this belong to it.
    private var blockScalarIndent: Int?
    private var lineNumber = 0

    public init() {}

    /// Checks a whole text (a configuration file). Takes an array, not any collection of bytes: a
    /// generic function called from another module runs unspecialized, and looking up the
    /// collection's associated types at run time cost more than the check itself (~0.1 ms of a
    /// replay's start-up).
    public static func check(_ text: [UInt8]) -> Problem? {
        var guardState = YAMLGuard()
        var line: [UInt8] = []
        for byte in text {
            if byte == UInt8(ascii: "\n") {
                if let problem = guardState.check(line: line) { return problem }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        return guardState.check(line: line)
    }

    /// Checks the next line (without its newline). Lines must be fed in order; `lineNumber` counts
    /// them unless the caller passes the line's own number.
    public mutating func check(line: some Collection<UInt8>, number: Int? = nil) -> Problem? {
        lineNumber = number ?? lineNumber + 1
        let bytes = Array(line)
        func at(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }
        func isBlank(_ b: UInt8?) -> Bool { b == nil || b == 0x20 || b == 0x09 || b == 0x0d }
        func problem(_ column: Int, _ message: String) -> Problem {
            Problem(line: lineNumber, column: column + 1, message: message)
        }

        var indent = 0
        while indent < bytes.count, bytes[indent] == 0x20 { indent += 1 }
        if let blockIndent = blockScalarIndent {
            if indent >= bytes.count || bytes[indent] == 0x0d || indent > blockIndent { return nil }
            blockScalarIndent = nil
        }
        // Whether a node may start here (false inside or right after a scalar).
        var nodeStart = true
        // Whether the last token closed a flow collection: a `:` right after one makes the
        // collection a mapping key (`[a]: 1`), a complex key without `?`.
        var afterFlowClose = false
        var i = quote == .none ? indent : 0
        if quote == .none, indent > Self.maximumDepth, flowDepth == 0 {
            return problem(indent, "indentation deeper than \(Self.maximumDepth) columns")
        }
        // A document marker (`---`) may be followed by the document's first node on its line.
        if quote == .none, indent == 0, bytes.starts(with: Array("---".utf8)), isBlank(at(3)) { i = 3 }
        while i < bytes.count {
            let b = bytes[i]
            switch quote {
            case .double:
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { quote = .none; nodeStart = false }
                i += 1
                continue
            case .single:
                if b == UInt8(ascii: "'") {
                    if at(i + 1) == UInt8(ascii: "'") { i += 2; continue }
                    quote = .none
                    nodeStart = false
                }
                i += 1
                continue
            case .none:
                break
            }
            if b == 0x20 || b == 0x09 || b == 0x0d { i += 1; continue }
            if b == UInt8(ascii: "#"), i == 0 || isBlank(at(i - 1)) { return nil } // a comment
            let closedFlow = afterFlowClose
            afterFlowClose = false
            if nodeStart {
                switch b {
                case UInt8(ascii: "&"): return problem(i, "a YAML anchor (&); anchors and aliases are not accepted")
                case UInt8(ascii: "*"): return problem(i, "a YAML alias (*); anchors and aliases are not accepted")
                case UInt8(ascii: "!"): return problem(i, "a YAML tag (!); tags are not accepted")
                case UInt8(ascii: "?") where isBlank(at(i + 1)) || (flowDepth > 0 && at(i + 1) == UInt8(ascii: ",")):
                    return problem(i, "a YAML complex key (?); only plain keys are accepted")
                case UInt8(ascii: "\""): quote = .double; i += 1; continue
                case UInt8(ascii: "'"): quote = .single; i += 1; continue
                case UInt8(ascii: "|"), UInt8(ascii: ">"):
                    if flowDepth == 0 { blockScalarIndent = indent; return nil }
                case UInt8(ascii: "-") where isBlank(at(i + 1)) && flowDepth == 0:
                    if i + 2 > Self.maximumDepth { return problem(i, "nesting deeper than \(Self.maximumDepth) levels") }
                    i += 2
                    continue
                default: break
                }
            }
            switch b {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                flowDepth += 1
                if flowDepth > Self.maximumDepth { return problem(i, "nesting deeper than \(Self.maximumDepth) levels") }
                nodeStart = true
                i += 1
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                flowDepth = max(0, flowDepth - 1)
                nodeStart = false
                afterFlowClose = true
                i += 1
                continue
            case UInt8(ascii: ","):
                if flowDepth > 0 { nodeStart = true; i += 1; continue }
            case UInt8(ascii: ":"):
                // A mapping value indicator: `: ` (or `:` at the end), or in flow context also
                // before `,]}`.
                let next = at(i + 1)
                if isBlank(next) || (flowDepth > 0 && (next == UInt8(ascii: ",") || next == UInt8(ascii: "]") || next == UInt8(ascii: "}"))) {
                    if closedFlow { return problem(i, "a collection used as a mapping key (a complex key); only plain keys are accepted") }
                    nodeStart = true
                    i += 1
                    continue
                }
            default:
                break
            }
            // Inside a plain scalar: skip to what can end it (`: `, ` #`, and in flow `,[]{}`).
            nodeStart = false
            i += 1
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: ":") && (isBlank(at(i + 1)) || (flowDepth > 0 && [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(at(i + 1) ?? 0))) { break }
                if c == UInt8(ascii: "#") && isBlank(at(i - 1)) { break }
                if flowDepth > 0 && (c == UInt8(ascii: ",") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")) { break }
                i += 1
            }
        }
        return nil
    }
}
