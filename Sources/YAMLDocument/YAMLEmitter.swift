internal import CYAML

/// Writes a `YAMLNode` tree as YAML text with libyaml's emitter: one document, no `---`, each
/// scalar in its style (`any` lets libyaml choose plain or quoted), collections in theirs.
public enum YAMLEmitter {
    public struct EmitError: Error, Sendable, CustomStringConvertible {
        public var problem: String
        public var description: String { problem }
    }

    public static func serialize(_ root: YAMLNode) throws(EmitError) -> String {
        final class Output {
            var bytes: [UInt8] = []
        }
        let output = Output()
        // At one address for its whole life: libyaml keeps pointers into the emitter.
        let emitter = UnsafeMutablePointer<yaml_emitter_t>.allocate(capacity: 1)
        emitter.initialize(to: yaml_emitter_t())
        yaml_emitter_initialize(emitter)
        defer {
            yaml_emitter_delete(emitter)
            emitter.deallocate()
        }
        yaml_emitter_set_output(emitter, { context, buffer, size in
            guard let context, let buffer else { return 0 }
            Unmanaged<Output>.fromOpaque(context).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
            return 1
        }, Unmanaged.passUnretained(output).toOpaque())
        yaml_emitter_set_unicode(emitter, 0)
        yaml_emitter_set_break(emitter, YAML_LN_BREAK)
        yaml_emitter_set_encoding(emitter, YAML_UTF8_ENCODING)

        func emit(_ event: inout yaml_event_t) throws(EmitError) {
            guard yaml_emitter_emit(emitter, &event) == 1 else {
                throw EmitError(problem: emitter.pointee.problem.map { String(cString: $0) } ?? "the YAML emitter failed")
            }
        }
        var event = yaml_event_t()
        yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING)
        try emit(&event)
        yaml_document_start_event_initialize(&event, nil, nil, nil, 1)
        try emit(&event)
        // Depth-first with an explicit stack: a node, or the end of a collection.
        enum Step { case node(YAMLNode), sequenceEnd, mappingEnd }
        var steps: [Step] = [.node(root)]
        while let step = steps.popLast() {
            switch step {
            case .node(.scalar(let scalar)):
                let style: yaml_scalar_style_t = switch scalar.style {
                case .any: YAML_ANY_SCALAR_STYLE
                case .plain: YAML_PLAIN_SCALAR_STYLE
                case .singleQuoted: YAML_SINGLE_QUOTED_SCALAR_STYLE
                case .doubleQuoted: YAML_DOUBLE_QUOTED_SCALAR_STYLE
                case .literal: YAML_LITERAL_SCALAR_STYLE
                case .folded: YAML_FOLDED_SCALAR_STYLE
                }
                // Ends in a NUL (not counted) so that an empty string has an address: libyaml asserts it.
                var value = Array(scalar.string.utf8) + [0]
                let count = Int32(value.count - 1)
                _ = value.withUnsafeMutableBufferPointer { buffer in
                    yaml_scalar_event_initialize(&event, nil, nil, buffer.baseAddress, count, 1, 1, style)
                }
            case .node(.sequence(let sequence)):
                yaml_sequence_start_event_initialize(&event, nil, nil, 1, collectionStyle(sequence.style))
                steps.append(.sequenceEnd)
                steps.append(contentsOf: sequence.items.reversed().map(Step.node))
            case .node(.mapping(let mapping)):
                let style: yaml_mapping_style_t = switch mapping.style {
                case .any: YAML_ANY_MAPPING_STYLE
                case .block: YAML_BLOCK_MAPPING_STYLE
                case .flow: YAML_FLOW_MAPPING_STYLE
                }
                yaml_mapping_start_event_initialize(&event, nil, nil, 1, style)
                steps.append(.mappingEnd)
                for pair in mapping.pairs.reversed() {
                    steps.append(.node(pair.value))
                    steps.append(.node(pair.key))
                }
            case .sequenceEnd:
                yaml_sequence_end_event_initialize(&event)
            case .mappingEnd:
                yaml_mapping_end_event_initialize(&event)
            }
            try emit(&event)
        }
        yaml_document_end_event_initialize(&event, 1)
        try emit(&event)
        yaml_stream_end_event_initialize(&event)
        try emit(&event)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func collectionStyle(_ style: YAMLNode.CollectionStyle) -> yaml_sequence_style_t {
        switch style {
        case .any: YAML_ANY_SEQUENCE_STYLE
        case .block: YAML_BLOCK_SEQUENCE_STYLE
        case .flow: YAML_FLOW_SEQUENCE_STYLE
        }
    }
}
