/// Fixed runs of ASCII decimal digits read as one machine word, every byte at once (SWAR): the
/// readers' common fields whose shape is known — an evemu value's four digits, a touch script's
/// time and coordinates. The bytes are the word's lanes, the first byte in the lowest bits, as a
/// little-endian load puts them.
enum ASCIIDigitWord {
    /// Whether every byte of `word` is an ASCII digit: each byte's high half is 3, and still 3 with 6
    /// added (which carries out of 0x3A…0x3F). A carry out of one byte into the next happens only
    /// from a byte that fails the first test.
    @inline(__always) static func isDigits<Word: FixedWidthInteger & UnsignedInteger>(_ word: Word) -> Bool {
        let highHalves = Word(truncatingIfNeeded: 0xF0F0_F0F0_F0F0_F0F0 as UInt64)
        let six = Word(truncatingIfNeeded: 0x0606_0606_0606_0606 as UInt64)
        let threes = Word(truncatingIfNeeded: 0x3333_3333_3333_3333 as UInt64)
        return (word & highHalves) | (((word &+ six) & highHalves) &>> 4) == threes
    }

    /// The value of four ASCII digits (checked by `isDigits`), the first the most significant:
    /// neighbours combined into pairs (×10), then the two pairs.
    @inline(__always) static func value(ofFour word: UInt32) -> UInt32 {
        let digits = word & 0x0F0F_0F0F
        let pairs = (digits &* 10 &+ digits &>> 8) & 0x00FF_00FF // bytes 0 and 2: d0·10 + d1, d2·10 + d3
        return (pairs & 0xFF) &* 100 &+ (pairs &>> 16)
    }

    /// The value of eight ASCII digits (checked by `isDigits`), the first the most significant:
    /// neighbours combined into pairs (×10), then fours and the eight in one step of two
    /// multiplications (the technique of fast_float and simdjson).
    @inline(__always) static func value(ofEight word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value &>> 8)
        let pairsA = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 &<< 32))
        let pairsB = ((value &>> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 &<< 32))
        return (pairsA &+ pairsB) &>> 32
    }
}
