/// Writes bytes one after another into memory someone else owns: the free capacity at the end of an
/// output buffer (`Array.appendBytes(upTo:_:)`), or a `StackBytes`' storage.
///
/// The stream's lines are written this way straight into the output's buffer: room for a whole
/// batch of lines is made once, with its upper bound, and then each key, number and flag is a store
/// through a pointer, with no gathering elsewhere and copying after. Every append still checks that
/// it stays inside the room it was given (a trap, not an overrun, if a bound were wrong).
struct ByteCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    init(start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
        position = start
        self.end = end
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        precondition(position < end)
        position.initialize(to: byte)
        position += 1
    }

    /// Appends a literal fixed in the source (ASCII, needing no escape).
    @inline(__always) mutating func append(_ literal: StaticString) {
        let length = literal.utf8CodeUnitCount
        precondition(length <= end - position)
        UnsafeMutableRawPointer(position).copyMemory(from: literal.utf8Start, byteCount: length)
        position += length
    }

    @inline(__always) mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        precondition(source.count <= end - position)
        guard let base = source.baseAddress else { return }
        position.update(from: base, count: source.count)
        position += source.count
    }

    /// How many decimal digits `value` has, without a branch on it: the bit length times log10(2)
    /// (1233 / 4096) is the count or one less, and one comparison with the power of ten settles it.
    /// (A ladder of comparisons took a different way for each length; the lengths of the stream's
    /// numbers change from one to the next, and the processor mispredicted the way.)
    @inline(__always) static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) &>> 12   // 0...19
        let bound = powersOfTen.withUnsafeBufferPointer { $0[estimate] }
        return estimate &+ (value >= bound ? 1 : 0)
    }

    /// 10^k for k in 1...19, and 0 in place of 10^0, so that 0 counts as one digit.
    private static let powersOfTen: [UInt64] = [
        0, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// The eight decimal digits of `value` (below 10^8, leading zeros kept) as ASCII in one word, the
    /// most significant in the lowest byte (the first stored), computed for all eight at once (SWAR):
    /// the value is split into two 4-digit halves (32-bit lanes), each lane into two 2-digit ones
    /// (16-bit lanes, by 100), each of those into two digits (bytes, by 10). Each division of every
    /// lane at once is a multiplication and a shift, exact in the lane's range: v / 100 = (v × 10486)
    /// >> 20 for v < 10^4, w / 10 = (w × 103) >> 10 for w < 100 (`ASCIIDigitWord` reads digits the
    /// same way in reverse).
    @inline(__always) static func eightDigits(_ value: UInt64) -> UInt64 {
        let high = value / 10_000, low = value % 10_000
        var word = high | low &<< 32
        let hundreds = (word &* 10_486) &>> 20 & 0x0000_007F_0000_007F
        word = hundreds | (word &- hundreds &* 100) &<< 16
        let tens = (word &* 103) &>> 10 & 0x000F_000F_000F_000F
        word = tens | (word &- tens &* 10) &<< 8
        return word | 0x3030_3030_3030_3030
    }

    /// Appends the decimal digits of `value` (at most 20), two at a time from a table of pairs.
    @inline(__always) mutating func appendDigits(_ value: UInt64) {
        let length = Self.digitCount(value)
        precondition(length <= end - position)
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let digits = pairs.utf8Start
        var rest = value
        var index = position + length
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index -= 2
            index[0] = digits[pair]
            index[1] = digits[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            index[-2] = digits[pair]
            index[-1] = digits[pair &+ 1]
        } else {
            index[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        position += length
    }

    /// Appends `thousandths` / 1000 (below 10^8: up to 99999.999) as `appendDigits(thousandths / 1000)`
    /// and `appendFraction(thousandths: thousandths % 1000)` write it (no point for a whole number),
    /// from its eight digits computed at once (`eightDigits`): the integer part is stored without its
    /// leading zeros, the point and the three decimals after it, and the length kept ends at the last
    /// nonzero decimal. Content offsets, points and velocities are most of the stream's numbers, and
    /// this takes a third of the instructions the pair-by-pair way takes for them.
    @inline(__always) mutating func appendThousandths(_ thousandths: UInt64) {
        // Writes up to 9 bytes: 8 digits at the cursor, then the point and 3 decimals after at most
        // 5 integer digits (the bytes past the number's length are left for what follows to overwrite).
        precondition(thousandths < 100_000_000 && 9 <= end - position)
        let word = Self.eightDigits(thousandths)
        let integerDigits = Self.digitCount(thousandths / 1000)   // 1...5
        let raw = UnsafeMutableRawPointer(position)
        raw.storeBytes(of: (word &>> UInt64((5 &- integerDigits) &* 8)).littleEndian, as: UInt64.self)
        let decimals = UInt32(truncatingIfNeeded: word &>> 40)   // the three decimals, the first lowest
        raw.storeBytes(of: (UInt32(UInt8(ascii: ".")) | decimals &<< 8).littleEndian, toByteOffset: integerDigits,
                       as: UInt32.self)
        // The point and the decimals up to the last nonzero one (none at all for a whole number).
        let zero = UInt32(UInt8(ascii: "0"))
        let fractionLength = decimals &>> 16 != zero ? 4 : decimals &>> 8 & 0xFF != zero ? 3 : decimals & 0xFF != zero ? 2 : 0
        position += integerDigits &+ fractionLength
    }

    /// Appends `.` and the digits of `thousandths` (1...999) as a decimal fraction, trailing zeros
    /// trimmed (`5` → `.005`, `50` → `.05`, `500` → `.5`).
    @inline(__always) mutating func appendFraction(thousandths: UInt64) {
        precondition(4 <= end - position && thousandths > 0 && thousandths < 1000)
        let hundreds = thousandths / 100, tens = thousandths / 10 % 10, units = thousandths % 10
        position[0] = UInt8(ascii: ".")
        position[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
        position[2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        position[3] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: units)
        position += units != 0 ? 4 : tens != 0 ? 3 : 2
    }
}

extension Array where Element == UInt8 {
    /// Makes room for up to `bound` more bytes at the end (the capacity grows as appends make it
    /// grow) and lets `body` write them with a cursor; the bytes it wrote join the array.
    @inline(__always) mutating func appendBytes(upTo bound: Int, _ body: (inout ByteCursor) -> Void) {
        append(addingCapacity: bound) { span in
            span.withUnsafeMutableBufferPointer { free, initialized in
                let start = free.baseAddress!
                var cursor = ByteCursor(start: start, end: start + free.count)
                body(&cursor)
                initialized = cursor.position - start
            }
        }
    }
}
