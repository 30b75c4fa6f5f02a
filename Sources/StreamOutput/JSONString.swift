/// A JSON string literal in the stream: quotes, backslashes and control characters escaped
/// (RFC 8259 §7), every other byte copied as it is. The stream's names (message names, view ids)
/// rarely need an escape, so their bytes are checked first and then copied in one go.
enum JSONString {
    /// The most bytes the literal of `byteCount` bytes takes: each byte escaped as `\u00XX`, and
    /// the two quotes.
    @inline(__always) static func maximumLength(ofBytes byteCount: Int) -> Int { 6 &* byteCount &+ 2 }

    /// Whether any byte must be escaped inside a JSON string.
    @inline(__always) static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// Appends the quoted, escaped string to `bytes`.
    static func append(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { append($0, to: &bytes) }
    }

    /// The same for a string given as its UTF-8 bytes (an interned view name's, say).
    static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.appendBytes(upTo: maximumLength(ofBytes: utf8.count)) { append(utf8, to: &$0) }
    }

    /// The same at a cursor with room for `maximumLength(ofBytes: utf8.count)` bytes.
    static func append(_ utf8: UnsafeBufferPointer<UInt8>, to cursor: inout ByteCursor) {
        cursor.append(UInt8(ascii: "\""))
        if needsEscape(utf8) { appendEscaped(utf8, to: &cursor) } else { cursor.append(utf8) }
        cursor.append(UInt8(ascii: "\""))
    }

    /// Appends the quoted string to `scratch` when it needs no escape and fits; false (nothing
    /// appended) otherwise, and the caller writes it with `append(_:to:)`.
    @inline(__always) static func appendUnescaped(_ string: String, to scratch: inout StackBytes) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { appendUnescaped($0, to: &scratch) } == true
    }

    /// The same for a string given as its UTF-8 bytes.
    @inline(__always) static func appendUnescaped(_ utf8: UnsafeBufferPointer<UInt8>, to scratch: inout StackBytes) -> Bool {
        guard utf8.count + 2 <= scratch.remaining, !needsEscape(utf8) else { return false }
        scratch.append(UInt8(ascii: "\""))
        scratch.append(utf8)
        scratch.append(UInt8(ascii: "\""))
        return true
    }

    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to cursor: inout ByteCursor) {
        let hex: StaticString = "0123456789abcdef"
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): cursor.append(#"\""#)
            case UInt8(ascii: "\\"): cursor.append(#"\\"#)
            case UInt8(ascii: "\n"): cursor.append(#"\n"#)
            case UInt8(ascii: "\r"): cursor.append(#"\r"#)
            case UInt8(ascii: "\t"): cursor.append(#"\t"#)
            case 0..<0x20:
                cursor.append(#"\u00"#)
                cursor.append(hex.utf8Start[Int(byte >> 4)])
                cursor.append(hex.utf8Start[Int(byte & 0xf)])
            default: cursor.append(byte)
            }
        }
    }
}
