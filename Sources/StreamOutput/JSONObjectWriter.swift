import ScrollEngine

/// Builds one JSON object as bytes, keys in the order they are written.
///
/// Written by hand instead of Foundation's JSONEncoder: the stream's key order is part of its
/// contract (documented in docs/protocol.md) and its numbers must use `JSONNumberFormat`, and
/// JSONEncoder guarantees neither (it orders keys by hash or alphabetically and prints doubles in
/// shortest round-trip form, exponents included).
public struct JSONObjectWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the object at each nesting depth already has a field (bit `depth`): a comma is due
    /// before the next. A bit set instead of an array, so that writing allocates nothing.
    private var hasField: UInt64 = 0
    private var depth = -1

    public init() {
        begin()
    }

    /// Writes into `buffer`'s storage (emptied, its capacity kept), taking it over; `takeLine()`
    /// hands it back. A writer that encodes line after line this way allocates nothing once the
    /// buffer has grown to the longest line.
    public init(reusing buffer: inout [UInt8]) {
        bytes = buffer
        buffer = []
        bytes.removeAll(keepingCapacity: true)
        begin()
    }

    private mutating func begin() {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        precondition(depth < 64, "JSON objects nest at most 64 deep")
        hasField &= ~(1 << UInt64(depth))
    }

    /// Keys are the stream's own names, fixed in the source (`StaticString`): ASCII letters that need
    /// no escape, so their bytes are copied as they are (checked in debug builds).
    private mutating func key(_ name: StaticString) {
        var scratch = StackBytes()
        key(name, into: &scratch)
        scratch.write(to: &bytes)
    }

    /// The key (`,"name":`, the comma when the object already has a field) gathered on the stack,
    /// so that a field's key and value reach the line in one copy.
    @inline(__always) private mutating func key(_ name: StaticString, into scratch: inout StackBytes) {
        let bit: UInt64 = 1 << UInt64(depth)
        if hasField & bit != 0 { scratch.append(UInt8(ascii: ",")) }
        hasField |= bit
        scratch.append(UInt8(ascii: "\""))
        assert(name.withUTF8Buffer { utf8 in
            !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }, "a key that needs escaping")
        scratch.append(name)
        scratch.append("\":")
    }

    public mutating func field(_ name: StaticString, _ value: Double) {
        var scratch = StackBytes()
        key(name, into: &scratch)
        JSONNumberFormat.append(value, to: &scratch)
        scratch.write(to: &bytes)
    }

    public mutating func field(_ name: StaticString, integer value: Int64) {
        var scratch = StackBytes()
        key(name, into: &scratch)
        JSONNumberFormat.append(value, to: &scratch)
        scratch.write(to: &bytes)
    }

    public mutating func field(_ name: StaticString, _ value: Bool) {
        var scratch = StackBytes()
        key(name, into: &scratch)
        scratch.append(value ? "true" : "false")
        scratch.write(to: &bytes)
    }

    public mutating func field(_ name: StaticString, _ value: String?) {
        var scratch = StackBytes()
        key(name, into: &scratch)
        guard let value else {
            scratch.append("null")
            scratch.write(to: &bytes)
            return
        }
        // A short string that needs no escape (a message or view name) joins its key's copy.
        let joined = JSONString.appendUnescaped(value, to: &scratch)
        scratch.write(to: &bytes)
        if !joined { JSONString.append(value, to: &bytes) }
    }

    public mutating func field(_ name: StaticString, _ point: Point) {
        // The same bytes as `object(name) { $0.field("x", …); $0.field("y", …) }`, in one copy
        // (at most a key, 11 bytes of punctuation and two numbers of 21 bytes).
        var scratch = StackBytes()
        key(name, into: &scratch)
        scratch.append("{\"x\":")
        JSONNumberFormat.append(point.x, to: &scratch)
        scratch.append(",\"y\":")
        JSONNumberFormat.append(point.y, to: &scratch)
        scratch.append(UInt8(ascii: "}"))
        scratch.write(to: &bytes)
    }

    public mutating func field(_ name: StaticString, _ size: Size) {
        object(name) {
            $0.field("width", size.width)
            $0.field("height", size.height)
        }
    }

    public mutating func field(_ name: StaticString, _ insets: EdgeInsets) {
        object(name) {
            $0.field("top", insets.top)
            $0.field("left", insets.left)
            $0.field("bottom", insets.bottom)
            $0.field("right", insets.right)
        }
    }

    /// A nested object written by `body`.
    public mutating func object(_ name: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        key(name)
        begin()
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        depth -= 1
    }

    /// An array of objects, each written by `body` with its element.
    public mutating func array<Element>(_ name: StaticString, _ elements: [Element], _ body: (inout JSONObjectWriter, Element) -> Void) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (i, element) in elements.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            begin()
            body(&self, element)
            bytes.append(UInt8(ascii: "}"))
            depth -= 1
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The finished object followed by a newline: one line of JSON Lines.
    public func line() -> [UInt8] {
        var result = bytes
        result.append(UInt8(ascii: "}"))
        result.append(UInt8(ascii: "\n"))
        return result
    }

    /// The finished object followed by a newline, in the writer's own storage (no copy): the
    /// writer is empty afterwards.
    public mutating func takeLine() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
        var line: [UInt8] = []
        swap(&line, &bytes)
        return line
    }
}
