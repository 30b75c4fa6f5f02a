/// The slots that had an event since the last SYN_REPORT, one bit per slot: the decoder's commit
/// visits them alone, in slot order.
///
/// Fixed capacity (`EvdevDecoder.maximumSlots`, 256 bits in four words) and stored inline, so
/// marking a slot is a shift and an OR: an array of words cost a uniqueness check on every evdev
/// event.
struct ChangedSlots: Sendable {
    static let capacity = 256
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    /// Marks `slot` (0 ..< `capacity`).
    @inline(__always) mutating func insert(_ slot: Int) {
        precondition(slot >= 0 && slot < Self.capacity)
        let bit: UInt64 = 1 &<< UInt64(slot & 63)
        switch slot &>> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func removeAll() { words = (0, 0, 0, 0) }

    /// Calls `body` with each marked slot in increasing order, and unmarks them all.
    @inline(__always) mutating func drain(_ body: (Int) -> Void) {
        let all = words
        words = (0, 0, 0, 0)
        Self.forEachBit(of: all.0, from: 0, body)
        Self.forEachBit(of: all.1, from: 64, body)
        Self.forEachBit(of: all.2, from: 128, body)
        Self.forEachBit(of: all.3, from: 192, body)
    }

    @inline(__always) private static func forEachBit(of word: UInt64, from base: Int, _ body: (Int) -> Void) {
        var bits = word
        while bits != 0 {
            body(base &+ bits.trailingZeroBitCount)
            bits &= bits &- 1
        }
    }
}
