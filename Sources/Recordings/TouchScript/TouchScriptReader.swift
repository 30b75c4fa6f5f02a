import ScrollEngine

/// Streams a touch script (see `TouchScriptEvent`) into `TouchFrame`s, one frame at a time.
///
/// The common line is read by `TouchScriptLineScanner` without allocating, and a frame's samples
/// go into storage reused from frame to frame; any other line is parsed in full as a JSON object
/// (`TouchScriptObjectParser`), and the checks after it (keys, types, phases, time order, finger
/// bookkeeping) are what make the error messages name the line and the key that is wrong.
public struct TouchScriptReader: TouchFrameReader {
    private var lines: LineReader
    private var pending: (event: TouchScriptEvent, line: Int)?
    private var deferredError: Error?
    private var lastTime: Timestamp?
    /// The fingers down, with where each was last (a small table sorted by slot: no hashing).
    private var down = FingerLocations()
    public private(set) var warnings: [RecordingWarning] = []
    /// The frame being read, in storage reused from frame to frame.
    private var frameSamples = FrameSamples()

    public init(source: any ByteSource) {
        lines = LineReader(source: source)
    }

    /// Opens a file, or standard input for `-`.
    public init(path: String) throws {
        self.init(source: try FileByteSource(path: path))
    }

    public var name: String { lines.name }

    /// The slots that are down after the frames returned so far.
    public var slotsDown: Set<TouchSlot> { Set(down.entries.map(\.slot)) }

    /// The next frame: all consecutive events with the same time, in file order (from a pipe or
    /// terminal: up to the first line not yet written when the frame's last line is read).
    public mutating func nextFrame() throws -> TouchFrame? {
        if let deferredError {
            self.deferredError = nil
            throw deferredError
        }
        let start: (event: TouchScriptEvent, line: Int)?
        if let pending {
            start = pending
            self.pending = nil
        } else {
            start = try nextEvent()
        }
        guard let first = start else { return finish() }
        // Empty already unless a line of the last frame was refused halfway through it (handing a
        // frame out empties it; an empty array's removeAll still costs a call through replaceSubrange).
        if !frameSamples.current.isEmpty { frameSamples.current.removeAll(keepingCapacity: true) }
        frameSamples.current.append(try apply(first.event, line: first.line))
        // The frame's other lines, and the next frame's first, taken from the buffer in one pass.
        // A line this does not take (anything but a common event line, a time out of order, an
        // event the bookkeeping refuses, or the end of what is buffered) is read below as usual.
        // The state the pass changes is moved out of `self` for it (not copied: its arrays stay
        // uniquely referenced), since the pass itself is a change of `lines`.
        var frameEnded = false
        var samples: [TouchSample] = [], fingers = FingerLocations(), latest = lastTime, next = pending
        swap(&samples, &frameSamples.current)
        swap(&fingers, &down)
        lines.forEachBufferedLine(recognizing: Self.recognize) { number, line in
            let event: TouchScriptEvent
            switch line {
            case .recognized(let recognized): event = recognized
            case .bytes(let bytes):
                switch Self.classify(bytes) {
                case .blankOrComment: return .read
                case .other: return .left
                case .common(let common): event = common
                }
            }
            if let latest, event.time < latest { return .left }
            guard event.time == first.event.time else {
                latest = event.time
                next = (event, number)
                frameEnded = true
                return .readLast
            }
            guard let sample = Self.applyIfValid(event, to: &fingers) else { return .left }
            latest = event.time
            samples.append(sample)
            return .read
        }
        swap(&samples, &frameSamples.current)
        swap(&fingers, &down)
        (lastTime, pending) = (latest, next)
        while !frameEnded {
            // Looking ahead for more events of this frame: an error there belongs to a later
            // line, so the frame read so far is returned first and the error on the next call.
            // From a pipe, a pause of the writer also ends the frame: a program feeding touches
            // gets the frame's lines without having to write the next frame first.
            let lookahead: (event: TouchScriptEvent, line: Int)?
            do {
                lookahead = try nextEvent(unlessInputPauses: true)
            } catch {
                deferredError = error
                break
            }
            guard let next = lookahead else { break }
            guard next.event.time == first.event.time else {
                pending = next
                break
            }
            frameSamples.current.append(try apply(next.event, line: next.line))
        }
        return TouchFrame(time: first.event.time, samples: frameSamples.handOut())
    }

    /// Takes back a frame's storage for the frames after it.
    public mutating func recycle(_ frame: consuming TouchFrame) {
        frameSamples.takeBack(&frame.samples)
    }

    /// At the end of the script: cancels fingers left down (at the last time, where they were),
    /// so every touch ends, as with recordings cut off mid-touch.
    private mutating func finish() -> TouchFrame? {
        guard !down.isEmpty, let lastTime else { return nil }
        defer { down.removeAll() }
        warnings.append(RecordingWarning(file: name, message: "the script ends with \(down.count) finger(s) down; cancelled them"))
        return TouchFrame(time: lastTime, samples: down.entries.map {
            TouchSample(slot: $0.slot, phase: .cancel, location: $0.location)
        })
    }

    /// What a line of the script is, told from its bytes.
    private enum LineKind {
        case blankOrComment
        /// In the common layout (`TouchScriptLineScanner`), with values in range.
        case common(TouchScriptEvent)
        /// Anything else, without the spaces before it: the full parser reads it (and says what is wrong).
        case other(UnsafeBufferPointer<UInt8>)
    }

    /// The event of a line in the writer's layout at the start of `text` (which ends with a line
    /// break), with the line's length, for `LineReader.forEachBufferedLine(recognizing:_:)`: the
    /// common line is so read without first searching for its end. Nil for any other line, which
    /// is then found and classified as usual (with the same event when it is a common line).
    @inline(__always)
    private static func recognize(_ text: UnsafeBufferPointer<UInt8>) -> (value: TouchScriptEvent, length: Int)? {
        guard let (fields, length) = TouchScriptLineScanner.scanLine(atStartOf: text), let event = event(fields) else { return nil }
        return (event, length)
    }

    @inline(__always)
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> LineKind {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        if start == bytes.count || bytes[start] == UInt8(ascii: "#") { return .blankOrComment }
        let content = UnsafeBufferPointer(rebasing: bytes[start...])
        guard let fields = TouchScriptLineScanner.scan(content), let event = event(fields) else { return .other(content) }
        return .common(event)
    }

    /// The sample of `event` when the finger bookkeeping accepts it (a down for a slot that is
    /// not down, a move, up or cancel for one that is), updating `down`; nil, changing nothing,
    /// otherwise.
    private static func applyIfValid(_ event: TouchScriptEvent, to down: inout FingerLocations) -> TouchSample? {
        switch event.phase {
        case .down:
            guard !down.contains(event.slot) else { return nil }
            down.set(event.slot, event.location)
        case .move:
            guard down.move(event.slot, to: event.location) else { return nil }
        case .up, .cancel:
            guard down.remove(event.slot) else { return nil }
        }
        return TouchSample(slot: event.slot, phase: event.phase, location: event.location)
    }

    /// Checks the finger bookkeeping for one event and returns its sample, or says what is wrong.
    private mutating func apply(_ event: TouchScriptEvent, line: Int) throws -> TouchSample {
        if let sample = Self.applyIfValid(event, to: &down) { return sample }
        switch event.phase {
        case .down:
            throw error(line, "\"down\" for a slot that is not down, but \(event.slot) is already down")
        case .move:
            throw error(line, "\"move\" only for a slot that is down, but \(event.slot) is not down")
        case .up, .cancel:
            throw error(line, "\"\(event.phase.rawValue)\" only for a slot that is down, but \(event.slot) is not down")
        }
    }

    /// The next event, or nil at the end of the input (or, with `unlessInputPauses`, when the next
    /// line has not been written yet).
    private mutating func nextEvent(unlessInputPauses: Bool = false) throws -> (event: TouchScriptEvent, line: Int)? {
        while !unlessInputPauses || lines.hasLineReady {
            // The common line is scanned in the reader's buffer; only a line the scanner declines
            // is copied out (`declined`) for the full parser.
            var declined: ArraySlice<UInt8>?
            guard let read = try lines.withNextRawLine({ number, bytes -> (Int, TouchScriptEvent?)? in
                switch Self.classify(bytes) {
                case .blankOrComment: return nil
                case .common(let event): return (number, event)
                case .other(let content):
                    declined = ArraySlice(content)
                    return (number, nil)
                }
            }) else { return nil } // the end of the input
            guard let (number, scanned) = read else { continue } // a blank line or a comment
            let event = try scanned ?? parse(declined ?? [], line: number)
            if let lastTime, event.time < lastTime {
                throw error(number, "a time \"t\" ≥ \(lastTime.microseconds) (time must not go backwards), got \(event.time.microseconds)")
            }
            lastTime = event.time
            return (event, number)
        }
        return nil
    }

    /// The event of a scanned line, when its values are in range (otherwise the full decoder
    /// reports the problem).
    private static func event(_ fields: TouchScriptLineScanner.Fields) -> TouchScriptEvent? {
        guard Timestamp.isValidInput(microseconds: fields.t), fields.slot >= 0, fields.slot <= Int64(Int32.max),
              InputLimits.isCoordinate(fields.x), InputLimits.isCoordinate(fields.y) else { return nil }
        return TouchScriptEvent(time: Timestamp(microseconds: fields.t), slot: TouchSlot(Int(fields.slot)), phase: fields.phase,
                                location: Point(x: fields.x, y: fields.y))
    }

    private func parse(_ text: ArraySlice<UInt8>, line: Int) throws -> TouchScriptEvent {
        let fields: [String: JSONScalar]
        do {
            fields = try TouchScriptObjectParser.parse(text)
        } catch {
            throw self.error(line, error.expected)
        }
        let t = try integer(fields, "t", line: line)
        guard Timestamp.isValidInput(microseconds: t) else {
            throw error(line, "\"t\" in microseconds between -\(Timestamp.maximumInputMicroseconds) and \(Timestamp.maximumInputMicroseconds) (2^40 s), got \(t)")
        }
        let slot = try integer(fields, "slot", line: line)
        guard slot >= 0, slot <= Int64(Int32.max) else { throw error(line, "\"slot\" between 0 and \(Int32.max), got \(slot)") }
        guard let phaseValue = fields["phase"] else { throw error(line, "key \"phase\"") }
        guard case .string(let phaseName) = phaseValue, let phase = TouchPhase(rawValue: phaseName) else {
            throw error(line, "\"phase\" one of \"down\", \"move\", \"up\", \"cancel\", got \(phaseValue)")
        }
        let x = try number(fields, "x", line: line)
        let y = try number(fields, "y", line: line)
        return TouchScriptEvent(time: Timestamp(microseconds: t), slot: TouchSlot(Int(slot)), phase: phase,
                                location: Point(x: x, y: y))
    }

    private func integer(_ fields: [String: JSONScalar], _ key: String, line: Int) throws -> Int64 {
        guard let value = fields[key] else { throw error(line, "key \"\(key)\"") }
        guard case .integer(let integer) = value else { throw error(line, "\"\(key)\" an integer, got \(value)") }
        return integer
    }

    /// A coordinate: a finite number within ±1e7 px (`InputLimits.maximumCoordinate`).
    private func number(_ fields: [String: JSONScalar], _ key: String, line: Int) throws -> Double {
        guard let value = fields[key] else { throw error(line, "key \"\(key)\"") }
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .real(let real): number = real
        default: throw error(line, "\"\(key)\" a number, got \(value)")
        }
        guard InputLimits.coordinateProblem(number) == nil else {
            throw error(line, "\"\(key)\" a coordinate between -1e7 and 1e7 px, got \(value)")
        }
        return number
    }

    private func error(_ line: Int, _ expected: String) -> RecordingError {
        RecordingError(file: name, line: line, expected: expected)
    }
}

/// A JSON value on one touch-script line (nested values are not part of the format and are
/// kept only to name them in error messages).
enum JSONScalar: CustomStringConvertible {
    case integer(Int64)
    case real(Double)
    case string(String)
    case boolean(Bool)
    case null
    case other

    var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .boolean(let value): "\(value)"
        case .null: "null"
        case .other: "an array or object"
        }
    }
}
