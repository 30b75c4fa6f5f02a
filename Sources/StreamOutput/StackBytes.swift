/// A few bytes gathered on the stack and then appended to a line with a single copy.
///
/// Appending to an `[UInt8]` byte by byte costs a uniqueness and a capacity check per byte, which
/// made writing the stream's keys, numbers and literals most of the encoder's time. A key with its
/// value (`,"x":5760.034`) is assembled here instead and copied once. Fixed capacity, on the stack:
/// nothing is allocated.
struct StackBytes {
    static let capacity = 128
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    /// Room left; callers check it before appending what they cannot bound otherwise.
    var remaining: Int { Self.capacity - count }

    @inline(__always) mutating func append(_ byte: UInt8) {
        precondition(count < Self.capacity)
        let index = count
        withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
        count = index + 1
    }

    /// Appends a literal fixed in the source (ASCII, needing no escape).
    @inline(__always) mutating func append(_ literal: StaticString) {
        let index = count
        let length = literal.utf8CodeUnitCount
        precondition(length <= Self.capacity - index)
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.baseAddress!.advanced(by: index).copyMemory(from: literal.utf8Start, byteCount: length)
        }
        count = index + length
    }

    /// Appends bytes that fit in `remaining`.
    @inline(__always) mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        let index = count
        precondition(source.count <= Self.capacity - index)
        if source.isEmpty { return }
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.baseAddress!.advanced(by: index).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        count = index + source.count
    }

    /// Appends the decimal digits of `value` (at most 20).
    @inline(__always) mutating func appendDigits(_ value: UInt64) {
        var length = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        let start = count
        precondition(length <= Self.capacity - start)
        withUnsafeMutableBytes(of: &storage) { raw in
            var rest = value
            var index = start + length
            repeat {
                index -= 1
                raw[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while index > start
        }
        count = start + length
    }

    /// Copies the gathered bytes to the end of `bytes`.
    @inline(__always) mutating func write(to bytes: inout [UInt8]) {
        let length = count
        withUnsafeBytes(of: &storage) { raw in
            // As typed bytes: Array appends those with one memcpy, a raw buffer byte by byte.
            raw.withMemoryRebound(to: UInt8.self) { typed in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: typed[0..<length]))
            }
        }
    }
}
