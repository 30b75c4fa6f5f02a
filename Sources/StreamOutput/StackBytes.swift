/// A few bytes gathered on the stack and then appended to a line with a single copy.
///
/// Appending to an `[UInt8]` byte by byte costs a uniqueness and a capacity check per byte, which
/// made writing the stream's keys, numbers and literals most of the encoder's time. A key with its
/// value (`,"x":5760.034`) is assembled here instead and copied once; so is most of a delegate
/// event's line (`DelegateEventEncoder`). Fixed capacity, on the stack: nothing is allocated.
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

    @inline(__always) mutating func append(_ byte: UInt8) {
        precondition(count < Self.capacity)
        let index = count
        withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
        count = index &+ 1
    }

    /// Appends a literal fixed in the source (ASCII, needing no escape).
    @inline(__always) mutating func append(_ literal: StaticString) {
        let index = count
        let length = literal.utf8CodeUnitCount
        precondition(length <= Self.capacity &- index)
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.baseAddress!.advanced(by: index).copyMemory(from: literal.utf8Start, byteCount: length)
        }
        count = index &+ length
    }

    /// Appends bytes that fit in `remaining`.
    @inline(__always) mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        let index = count
        precondition(source.count <= Self.capacity &- index)
        if source.isEmpty { return }
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.baseAddress!.advanced(by: index).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        count = index &+ source.count
    }

    /// How many decimal digits `value` has: a few comparisons for the stream's usual numbers (up
    /// to 8 digits), a loop beyond.
    @inline(__always) static func digitCount(_ value: UInt64) -> Int {
        if value < 10_000 {
            return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4)
        }
        if value < 100_000_000 {
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        var length = 9
        var bound: UInt64 = 1_000_000_000
        while length < 20, value >= bound {
            length += 1
            bound &*= 10
        }
        return length
    }

    /// Appends the decimal digits of `value` (at most 20), two at a time from a table of pairs.
    @inline(__always) mutating func appendDigits(_ value: UInt64) {
        let length = Self.digitCount(value)
        let start = count
        precondition(length <= Self.capacity &- start)
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        withUnsafeMutableBytes(of: &storage) { raw in
            // Indices within the room checked above: wrapping arithmetic, no overflow checks.
            let digits = pairs.utf8Start
            var rest = value
            var index = start &+ length
            while rest >= 100 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                index &-= 2
                raw[index] = digits[pair]
                raw[index &+ 1] = digits[pair &+ 1]
            }
            if rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest) &* 2
                raw[index &- 2] = digits[pair]
                raw[index &- 1] = digits[pair &+ 1]
            } else {
                raw[index &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
        }
        count = start &+ length
    }

    /// Appends `.` and the digits of `thousandths` (1...999) as a decimal fraction, trailing zeros
    /// trimmed (`5` → `.005`, `50` → `.05`, `500` → `.5`).
    @inline(__always) mutating func appendFraction(thousandths: UInt64) {
        let start = count
        precondition(4 <= Self.capacity &- start && thousandths > 0 && thousandths < 1000)
        let hundreds = thousandths / 100, tens = thousandths / 10 % 10, units = thousandths % 10
        let length = units != 0 ? 4 : tens != 0 ? 3 : 2
        withUnsafeMutableBytes(of: &storage) { raw in
            raw[start] = UInt8(ascii: ".")
            raw[start &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
            raw[start &+ 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
            raw[start &+ 3] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: units)
        }
        count = start &+ length
    }

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

    /// Makes room for `length` more bytes, moving what is gathered to the end of `bytes` first when
    /// they would not fit. `length` must be at most `capacity`.
    @inline(__always) mutating func reserve(_ length: Int, spillingTo bytes: inout [UInt8]) {
        if length > remaining {
            write(to: &bytes)
            count = 0
        }
    }

    /// Copies the gathered bytes to the end of `bytes`.
    @inline(__always) mutating func write(to bytes: inout [UInt8]) {
        withBytes { bytes.append(contentsOf: $0) }
    }
}
