/// The fast path for the one line kind that makes up nearly all of an evemu file:
/// `E: sec.usec type code value [# comment]`, parsed straight from its bytes.
///
/// Hand-written because splitting `String`s into `Character`s (Unicode segmentation on every
/// byte) made reading 30× slower than `wc -l`. Returns nil for anything unusual — the caller then
/// parses the line the slow way, which produces the precise error message.
enum EvemuEventLine {
    struct Parsed {
        var microseconds: Int64
        var type: UInt16
        var code: UInt16
        var value: Int32
    }

    /// The time field of the line before: an evdev frame's events all carry the same time, so most
    /// lines repeat the previous line's `sec.usec` byte for byte, and comparing its 8-byte words
    /// costs less than converting its digits again.
    struct RecentTime {
        fileprivate var length = 0
        fileprivate var first: UInt64 = 0, middle: UInt64 = 0, last: UInt64 = 0
        fileprivate var microseconds: Int64 = 0

        init() {}

        /// Whether the `length` bytes at `field` are the remembered field (lengths 8 to 24 only).
        @inline(__always) fileprivate func matches(_ field: UnsafeRawPointer, available: Int) -> Bool {
            guard length != 0, available >= length else { return false }
            return field.loadUnaligned(as: UInt64.self) == first
                && field.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) == last
                && (length <= 16 || field.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == middle)
        }

        @inline(__always) fileprivate mutating func remember(_ field: UnsafeRawPointer, length: Int, microseconds: Int64) {
            guard length >= 8, length <= 24 else {
                self.length = 0
                return
            }
            self.length = length
            first = field.loadUnaligned(as: UInt64.self)
            middle = length > 16 ? field.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0
            last = field.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            self.microseconds = microseconds
        }
    }

    static func parse(_ line: ArraySlice<UInt8>) -> Parsed? {
        // Over the slice's storage, not the slice: an ArraySlice subscript checks its bounds on
        // every byte, which cost as much as the parsing (index < end is checked here anyway).
        var recent = RecentTime()
        return line.withUnsafeBufferPointer { parse($0, recent: &recent) }
    }

    /// The line read field by field only (`parseFields`), the reference the fixed-offset paths are
    /// tested against.
    static func parseFieldByField(_ line: ArraySlice<UInt8>) -> Parsed? {
        var recent = RecentTime()
        return line.withUnsafeBufferPointer { parseFields($0, recent: &recent) }
    }

    /// The line at `bytes`; `recent` is the time field of the line parsed before it (and becomes
    /// this line's).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, recent: inout RecentTime) -> Parsed? {
        if let base = bytes.baseAddress, let line = writerLayout(base, count: bytes.count, recent: &recent) { return line }
        return parseFields(bytes, recent: &recent)
    }

    /// evemu-record's own layout, `E: %lu.%06u %04x %04x %04d` followed by the line's end or a tab
    /// and its `#` comment, matched at fixed offsets: type and code converted as one 8-byte word and
    /// the value as one 4-byte word. The time field is compared with the line before's as 8-byte
    /// words (all but the first line of an evdev frame repeat it); a new one (1 to 12 digits of
    /// seconds, exactly six of microseconds) is converted and remembered for the lines after it.
    /// Nil for any other line, which `parseFields` then reads with the same result wherever both
    /// accept a line.
    @inline(__always)
    private static func writerLayout(_ line: UnsafePointer<UInt8>, count: Int, recent: inout RecentTime) -> Parsed? {
        let raw = UnsafeRawPointer(line)
        guard count >= 3, UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)) == 0x3A45 /* "E:" */, line[2] == 0x20 else { return nil }
        if recent.matches(raw + 3, available: count &- 3),
           let (type, code, value) = fieldsAfterTime(line, count: count, timeLength: recent.length) {
            return Parsed(microseconds: recent.microseconds, type: type, code: code, value: value)
        }
        var index = 3, seconds: Int64 = 0
        let secondsEnd = min(count, 3 &+ 12)
        while index < secondsEnd {
            let digit = line[index] &- 0x30
            if digit > 9 { break }
            seconds = seconds &* 10 &+ Int64(digit)
            index &+= 1
        }
        guard index > 3, count &- index > 7, line[index] == UInt8(ascii: ".") else { return nil }
        var microseconds: Int64 = 0
        for offset in 1...6 {
            let digit = line[index &+ offset] &- 0x30
            guard digit <= 9 else { return nil }
            microseconds = microseconds &* 10 &+ Int64(digit)
        }
        let timeLength = index &- 3 &+ 7
        // At most 12 digits of seconds: below 2^63 µs.
        microseconds = seconds &* 1_000_000 &+ microseconds
        guard let (type, code, value) = fieldsAfterTime(line, count: count, timeLength: timeLength) else { return nil }
        recent.remember(raw + 3, length: timeLength, microseconds: microseconds)
        return Parsed(microseconds: microseconds, type: type, code: code, value: value)
    }

    /// ` tttt cccc vvvv` after the time field of `timeLength` bytes (which starts at offset 3), then
    /// the line's end or a tab and its `#` comment: type and code converted as one 8-byte word, the
    /// value (`%04d`: four digits, or `-` and three) as one 4-byte word.
    @inline(__always)
    private static func fieldsAfterTime(_ line: UnsafePointer<UInt8>, count: Int, timeLength: Int) -> (UInt16, UInt16, Int32)? {
        let typeAt = 3 &+ timeLength &+ 1, valueAt = typeAt &+ 10, after = valueAt &+ 4
        let raw = UnsafeRawPointer(line)
        guard count >= after, line[typeAt &- 1] == 0x20, line[typeAt &+ 4] == 0x20, line[valueAt &- 1] == 0x20,
              let (type, code) = hex4Pair(raw + typeAt, raw + typeAt + 5), let value = decimal4(raw + valueAt),
              after == count || (line[after] == 0x09 && after &+ 1 < count && line[after &+ 1] == UInt8(ascii: "#"))
        else { return nil }
        return (type, code, value)
    }

    /// Wrapping arithmetic below: each field's digit count is capped before its value could
    /// overflow (12 digits of seconds, 6 of microseconds, 11 of value, 4 hex digits), and indices
    /// stay below the line's length, so the overflow checks would only cost time.
    private static func parseFields(_ bytes: UnsafeBufferPointer<UInt8>, recent: inout RecentTime) -> Parsed? {
        var index = 0
        let end = bytes.count
        @inline(__always) func skipBlanks() {
            while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index &+= 1 }
        }
        @inline(__always) func atFieldEnd() -> Bool {
            index == end || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0d
        }
        skipBlanks()
        guard end - index > 2, bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: ":") else { return nil }
        index &+= 2
        skipBlanks()
        // sec.usec: the previous line's, when the bytes are the same and end the field here.
        let timeStart = index
        let microseconds: Int64
        if let base = bytes.baseAddress, recent.matches(base + index, available: end - index) {
            index &+= recent.length
        }
        if index > timeStart, atFieldEnd() {
            microseconds = recent.microseconds
        } else {
            index = timeStart
            var seconds: Int64 = 0, secondDigits = 0
            while index < end, let digit = decimalDigit(bytes[index]) {
                seconds = seconds &* 10 &+ Int64(digit)
                secondDigits &+= 1
                index &+= 1
                if secondDigits > 12 { return nil }
            }
            guard secondDigits > 0, index < end, bytes[index] == UInt8(ascii: ".") else { return nil }
            index &+= 1
            var micro: Int64 = 0, fractionDigits = 0
            while index < end, let digit = decimalDigit(bytes[index]) {
                micro = micro &* 10 &+ Int64(digit)
                fractionDigits &+= 1
                index &+= 1
                if fractionDigits > 6 { return nil }
            }
            guard fractionDigits > 0, atFieldEnd() else { return nil }
            for _ in fractionDigits..<6 { micro *= 10 }
            microseconds = seconds * 1_000_000 + micro
            if let base = bytes.baseAddress { recent.remember(base + timeStart, length: index - timeStart, microseconds: microseconds) }
        }
        let type: UInt16, code: UInt16
        if let base = bytes.baseAddress, end - index > 10, bytes[index] == 0x20, bytes[index + 5] == 0x20,
           bytes[index + 10] == 0x20, let pair = hex4Pair(base + index + 1, base + index + 6) {
            // ` 0003 0035 `, as evemu-record writes them (%04x): one word checked and converted whole.
            (type, code) = pair
            index &+= 11
        } else {
            skipBlanks()
            guard let slowType = hex(&index, bytes) else { return nil }
            skipBlanks()
            guard let slowCode = hex(&index, bytes) else { return nil }
            (type, code) = (slowType, slowCode)
        }
        skipBlanks()
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index &+= 1
        }
        var value: Int64 = 0, valueDigits = 0
        while index < end, let digit = decimalDigit(bytes[index]) {
            value = value &* 10 &+ Int64(digit)
            valueDigits &+= 1
            index &+= 1
            if valueDigits > 11 { return nil }
        }
        guard valueDigits > 0, atFieldEnd() else { return nil }
        if negative { value = -value }
        guard let value32 = Int32(exactly: value) else { return nil }
        skipBlanks()
        if index < end, bytes[index] == 0x0d { index &+= 1 }
        guard index == end || bytes[index] == UInt8(ascii: "#") else { return nil }
        return Parsed(microseconds: microseconds, type: type, code: code, value: value32)
    }

    /// Two fields of four hex digits (`0003`, `014a`, `002F`) as one 8-byte word: every byte
    /// checked to be 0…9, a…f or A…F, and turned into its nibble, at once. Nil if any byte is
    /// something else.
    @inline(__always) private static func hex4Pair(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer) -> (UInt16, UInt16)? {
        let word = UInt64(UInt32(littleEndian: first.loadUnaligned(as: UInt32.self)))
            | UInt64(UInt32(littleEndian: second.loadUnaligned(as: UInt32.self))) << 32
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
        guard word & high == 0 else { return nil }
        // Each byte is below 0x80, so adding at most 0x50 to it sets its high bit without carrying
        // into the next: `+ (0x80 - lo)` sets it when the byte is ≥ lo, `+ (0x7F - hi)` when > hi.
        let folded = word | ones &* 0x20 // A…F to a…f; a digit is checked on `word` itself
        let isDigit = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x46) & high
        let isLetter = (folded &+ ones &* 0x1F) & ~(folded &+ ones &* 0x19) & high
        guard isDigit | isLetter == high else { return nil }
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9 // 'a' is 0x61: 1 + 9
        // Neighbouring nibbles into bytes 0, 2, 4, 6 (the first digit is the lowest byte).
        let pairs = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        return (UInt16(truncatingIfNeeded: (pairs & 0xFF) << 8 | pairs >> 16 & 0xFF),
                UInt16(truncatingIfNeeded: (pairs >> 32 & 0xFF) << 8 | pairs >> 48 & 0xFF))
    }

    /// A value as `%04d` writes it below 10000 in magnitude: four digits, or `-` and three. Nil
    /// otherwise (a longer value is read digit by digit).
    @inline(__always) private static func decimal4(_ pointer: UnsafeRawPointer) -> Int32? {
        var word = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self))
        let negative = word & 0xFF == UInt32(UInt8(ascii: "-"))
        if negative { word = word & 0xFFFF_FF00 | 0x30 }
        guard ASCIIDigitWord.isDigits(word) else { return nil }
        let value = Int32(ASCIIDigitWord.value(ofFour: word))
        return negative ? -value : value
    }

    @inline(__always) private static func decimalDigit(_ byte: UInt8) -> UInt8? {
        byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
    }

    @inline(__always) private static func hex(_ index: inout Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt16? {
        var value: UInt32 = 0, digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default:
                guard digits > 0, byte == 0x20 || byte == 0x09 else { return nil }
                return UInt16(exactly: value)
            }
            value = value &* 16 &+ UInt32(digit)
            digits &+= 1
            index &+= 1
            if digits > 4 { return nil }
        }
        return nil // a hex field is never last on the line
    }
}
