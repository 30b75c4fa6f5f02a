internal import CYAML

/// Parses YAML text with libyaml's event parser into a `YAMLNode` tree.
///
/// libyaml's parser is a state machine with its own stack, and the tree is built here with an
/// explicit stack too, so no input can exhaust the call stack. What neither a configuration nor a
/// libinput-record header uses is refused from the events, with the same messages as `YAMLGuard`
/// (which callers run first, on the bytes): anchors, aliases, tags, and nesting deeper than
/// `YAMLGuard.maximumDepth`. An alias is never expanded. The refusal is reported once the whole
/// text has parsed, so a syntax error anywhere still comes first, as it does for any YAML parser.
/// An alias to no anchor is an error at once, as in any YAML composer. A mapping with the same key
/// twice is an error (a collection key is named `<unconvertible>`). A collection may be a mapping
/// key (`? [a]`): it stays in the tree, where no key path can name it.
public enum YAMLDocument {
    public enum ParseError: Error, Sendable, CustomStringConvertible {
        /// libyaml refused the text: `context` (may be empty, else ends with a space) and `problem`, at `mark`.
        case syntax(context: String, problem: String, mark: YAMLMark)
        /// One or more keys appear twice in a mapping (sorted); `mark` is the first of them.
        case duplicateKeys([String], mark: YAMLMark)
        /// A feature `YAMLGuard` also refuses, found in the events.
        case refused(YAMLGuard.Problem)

        public var mark: YAMLMark {
            switch self {
            case .syntax(_, _, let mark), .duplicateKeys(_, let mark): mark
            case .refused(let problem): YAMLMark(line: problem.line, column: problem.column)
            }
        }

        public var description: String {
            switch self {
            case .syntax(let context, let problem, let mark): "\(mark): \(context)\(problem)"
            case .duplicateKeys(let keys, let mark):
                "\(mark): duplicate key\(keys.count == 1 ? "" : "s") \(keys.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .refused(let problem): "\(problem.line):\(problem.column): \(problem.message)"
            }
        }
    }

    /// The single document in `text`, or nil when the text holds no document (empty, or comments only).
    public static func parse(_ text: String) throws(ParseError) -> YAMLNode? {
        // A NUL after the text (not part of the input) so that even an empty text has an address:
        // libyaml asserts that its input pointer is not null.
        var bytes = Array(text.utf8) + [0]
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ParseError) -> YAMLNode? in
            var parser = Parser(UnsafeMutableBufferPointer(rebasing: buffer.dropLast()))
            defer { parser.close() }
            return try parser.document()
        }
    }

    /// A collection being built: its start event's facts and the items so far.
    private struct OpenCollection {
        var isMapping: Bool
        var style: YAMLNode.CollectionStyle
        var mark: YAMLMark
        var items: [YAMLNode] = []
    }

    private struct Parser {
        // libyaml keeps a pointer to the parser inside it (its string reader), so the parser lives
        // at one address for its whole life rather than in a Swift value that may move.
        let state = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let current = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        var hasEvent = false
        let input: UnsafeMutableBufferPointer<UInt8>

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            input = buffer
            state.initialize(to: yaml_parser_t())
            current.initialize(to: yaml_event_t())
            yaml_parser_initialize(state)
            yaml_parser_set_input_string(state, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(state, YAML_UTF8_ENCODING)
        }

        mutating func close() {
            dropEvent()
            yaml_parser_delete(state)
            state.deallocate()
            current.deallocate()
        }

        mutating func dropEvent() {
            if hasEvent { yaml_event_delete(current) }
            hasEvent = false
        }

        var parser: yaml_parser_t { state.pointee }
        var event: yaml_event_t { current.pointee }

        /// Advances to the next event (the previous one is freed).
        mutating func next() throws(ParseError) -> yaml_event_type_t {
            dropEvent()
            guard yaml_parser_parse(state, current) == 1 else { throw syntaxError() }
            hasEvent = true
            return current.pointee.type
        }

        var startMark: YAMLMark { YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1) }

        func syntaxError() -> ParseError {
            let context = parser.context.map { String(cString: $0) + " " } ?? ""
            let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
            if parser.error == YAML_READER_ERROR {
                // A reader error (a control character, bad encoding) has a byte offset, not a line:
                // count lines and characters up to it, as libyaml's marks do.
                let offset = min(Int(parser.problem_offset), input.count)
                var mark = YAMLMark(line: 1, column: 1)
                for byte in input[..<offset] {
                    if byte == 0x0A {
                        mark.line += 1
                        mark.column = 1
                    } else if byte & 0xC0 != 0x80 {
                        mark.column += 1
                    }
                }
                return .syntax(context: context, problem: problem, mark: mark)
            }
            let mark = YAMLMark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
            return .syntax(context: context, problem: problem, mark: mark)
        }

        func refuse(_ message: String) -> ParseError {
            let mark = startMark
            return .refused(YAMLGuard.Problem(line: mark.line, column: mark.column, message: message))
        }

        static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
            guard let pointer else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        }

        mutating func document() throws(ParseError) -> YAMLNode? {
            _ = try next() // STREAM-START
            guard try next() == YAML_DOCUMENT_START_EVENT else { return nil } // STREAM-END: no document
            let root = try node()
            _ = try next() // DOCUMENT-END
            if try next() != YAML_STREAM_END_EVENT {
                throw .syntax(context: "expected a single document in the stream ", problem: "but found another document", mark: startMark)
            }
            if let refusal { throw refusal }
            return root
        }

        /// The next node, built from its events (iteratively: one open collection per level).
        /// The first feature refused, reported after the text has parsed.
        var refusal: ParseError?
        /// Anchor names seen so far: an alias to no anchor is a composition error at once.
        var anchors = Set<String>()

        mutating func noteAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?) {
            guard let anchor else { return }
            refuseLater("a YAML anchor (&); anchors and aliases are not accepted")
            anchors.insert(String(cString: anchor))
        }

        mutating func refuseLater(_ message: String) {
            if refusal == nil { refusal = refuse(message) }
        }

        mutating func node() throws(ParseError) -> YAMLNode {
            var open: [OpenCollection] = []
            while true {
                var finished: YAMLNode
                switch try next() {
                case YAML_ALIAS_EVENT:
                    if let name = event.data.alias.anchor, !anchors.contains(String(cString: name)) {
                        throw .syntax(context: "", problem: "found undefined alias", mark: startMark)
                    }
                    refuseLater("a YAML alias (*); anchors and aliases are not accepted")
                    finished = .scalar(YAMLNode.Scalar("", style: .plain, mark: startMark)) // never expanded
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    noteAnchor(scalar.anchor)
                    if scalar.tag != nil { refuseLater("a YAML tag (!); tags are not accepted") }
                    let style: YAMLNode.Scalar.Style = switch scalar.style {
                    case YAML_PLAIN_SCALAR_STYLE: .plain
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
                    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
                    case YAML_LITERAL_SCALAR_STYLE: .literal
                    case YAML_FOLDED_SCALAR_STYLE: .folded
                    default: .any
                    }
                    finished = .scalar(YAMLNode.Scalar(Self.string(scalar.value, count: scalar.length), style: style, mark: startMark))
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let (anchor, tag, flow) = isMapping
                        ? (event.data.mapping_start.anchor, event.data.mapping_start.tag, event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE)
                        : (event.data.sequence_start.anchor, event.data.sequence_start.tag, event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE)
                    noteAnchor(anchor)
                    if tag != nil { refuseLater("a YAML tag (!); tags are not accepted") }
                    if open.count >= YAMLGuard.maximumDepth { refuseLater("nesting deeper than \(YAMLGuard.maximumDepth) levels") }
                    open.append(OpenCollection(isMapping: isMapping, style: flow ? .flow : .block, mark: startMark))
                    continue
                case YAML_SEQUENCE_END_EVENT:
                    let collection = open.removeLast()
                    finished = .sequence(YAMLNode.Sequence(collection.items, style: collection.style, mark: collection.mark))
                case YAML_MAPPING_END_EVENT:
                    let collection = open.removeLast()
                    var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                    pairs.reserveCapacity(collection.items.count / 2)
                    var k = 0
                    while k + 1 < collection.items.count {
                        pairs.append((collection.items[k], collection.items[k + 1]))
                        k += 2
                    }
                    try Self.checkDuplicates(pairs)
                    finished = .mapping(YAMLNode.Mapping(pairs, style: collection.style, mark: collection.mark))
                default:
                    // The parser only produces node events between DOCUMENT-START and DOCUMENT-END.
                    throw .syntax(context: "", problem: "unexpected event", mark: startMark)
                }
                guard !open.isEmpty else { return finished }
                open[open.count - 1].items.append(finished)
            }
        }

        /// What makes two keys the same key: their text, and for unquoted keys what the text means
        /// (`1` the number and `"1"` the string are different keys, `a` and `"a"` the same); a
        /// collection key by its items.
        static func identity(_ key: YAMLNode) -> String {
            switch key {
            case .scalar(let scalar):
                if scalar.isPlain {
                    if scalar.isNull { return "null:" }
                    if let number = scalar.double { return "number:\(number)" }
                }
                return "string:\(scalar.string.utf8.count):" + scalar.string
            case .sequence(let sequence):
                return "[" + sequence.items.map(identity).joined(separator: ",") + "]"
            case .mapping(let mapping):
                return "{" + mapping.pairs.map { identity($0.key) + ":" + identity($0.value) }.joined(separator: ",") + "}"
            }
        }

        static func checkDuplicates(_ pairs: [(key: YAMLNode, value: YAMLNode)]) throws(ParseError) {
            guard pairs.count > 1 else { return }
            var first: [String: YAMLNode] = [:]
            var duplicates: [String: YAMLNode] = [:]
            for (key, _) in pairs {
                let id = identity(key)
                if let earlier = first[id] {
                    if duplicates[id] == nil { duplicates[id] = earlier }
                } else {
                    first[id] = key
                }
            }
            guard !duplicates.isEmpty else { return }
            let keys = duplicates.values.sorted { ($0.string ?? "") < ($1.string ?? "") }
            throw .duplicateKeys(keys.map { $0.string ?? "<unconvertible>" }, mark: keys[0].mark)
        }
    }
}
