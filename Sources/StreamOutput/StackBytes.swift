/// A few bytes gathered in a value of their own (on the stack, or inline in another value) and then
/// copied where they go in one piece.
///
/// Appending to an `[UInt8]` byte by byte costs a uniqueness and a capacity check per byte, which
/// made writing the stream's keys, numbers and literals most of the encoder's time. A key with its
/// value (`,"x":5760.034`) is assembled here instead and copied once (`JSONObjectWriter`), and the
/// fields a stream's lines repeat are kept here between lines (`RecentFields`). The appends are a
/// `ByteCursor`'s over the storage. Fixed capacity: nothing is allocated.
struct StackBytes {
    static let capacity = 512
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// Always within 0…capacity: every append checks its room first (a trap, not an overrun, if a
    /// caller got its bound wrong). So the index arithmetic below cannot overflow, and is written
    /// with `&+` / `&-`, which skip the overflow check Swift otherwise makes on every append.
    private(set) var count = 0

    init() {}

    /// Room left; callers check it before appending what they cannot bound otherwise.
    var remaining: Int { Self.capacity &- count }

    /// Lets `body` append to the gathered bytes with a cursor over the free part of the storage (the
    /// one implementation of the appends below, shared with lines written straight into an output).
    @inline(__always) mutating func withCursor<R>(_ body: (inout ByteCursor) -> R) -> R {
        let start = count
        var written = 0
        let result = withUnsafeMutableBytes(of: &storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { bytes in
                let base = bytes.baseAddress!
                var cursor = ByteCursor(start: base + start, end: base + Self.capacity)
                defer { written = cursor.position - (base + start) }
                return body(&cursor)
            }
        }
        count = start &+ written
        return result
    }

    @inline(__always) mutating func append(_ byte: UInt8) { withCursor { $0.append(byte) } }

    /// Appends a literal fixed in the source (ASCII, needing no escape).
    @inline(__always) mutating func append(_ literal: StaticString) { withCursor { $0.append(literal) } }

    /// Appends bytes that fit in `remaining`.
    @inline(__always) mutating func append(_ source: UnsafeBufferPointer<UInt8>) { withCursor { $0.append(source) } }

    /// Lends the gathered bytes, typed (Array appends typed bytes with one memcpy, a raw buffer
    /// byte by byte).
    @inline(__always) mutating func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let length = count
        return withUnsafeBytes(of: &storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
        }
    }

    /// Forgets the gathered bytes (after `write(to:)`), to gather more.
    @inline(__always) mutating func removeAll() { count = 0 }

    /// Copies the gathered bytes to the end of `bytes`.
    @inline(__always) mutating func write(to bytes: inout [UInt8]) {
        withBytes { bytes.append(contentsOf: $0) }
    }
}
