import ScrollEngine

/// Reads the common touch-script line, `{"t": …, "slot": …, "phase": "…", "x": …, "y": …}`, straight
/// from its bytes: the five keys in any order, each once, with plain JSON numbers (`t` and `slot`
/// integers) and an unescaped phase name. No `String`, dictionary or decoder is made, so a line
/// costs no heap allocation.
///
/// Anything else — another key, an escape, a nested value, a number JSON does not allow, a value
/// out of range — gives nil, and the reader decodes the line in full instead, which is where the
/// error messages come from. So the scanner only ever speeds up lines the full decoder accepts,
/// with the same values.
enum TouchScriptLineScanner {
    struct Fields: Equatable {
        var t: Int64
        var slot: Int64
        var phase: TouchPhase
        var x: Double
        var y: Double
    }

    /// The fields of `line` (a whole line, spaces and tabs around it allowed), or nil.
    static func scan(_ line: ArraySlice<UInt8>) -> Fields? {
        // Over the slice's storage: an ArraySlice checks its bounds (and is reference counted) on
        // every access, which cost as much as the scanning.
        line.withUnsafeBufferPointer(scan(_:))
    }

    static func scan(_ line: UnsafeBufferPointer<UInt8>) -> Fields? {
        guard let base = line.baseAddress else { return nil }
        // Most lines are laid out as `TouchScriptWriter` writes them (and as `--tee-touches` and
        // `record` save them): the keys in its order, one space after each colon and comma. Those
        // are matched as five fixed pieces of text between the values; any other layout is read
        // key by key below, with the same values.
        var canonical = Cursor(position: base, end: base + line.count)
        if let fields = canonical.writerLayout() { return fields }
        var cursor = Cursor(position: base, end: base + line.count)
        var t: Int64?, slot: Int64?, phase: TouchPhase?, x: Double?, y: Double?
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = cursor.key(), cursor.take(UInt8(ascii: ":")) else { return nil }
            switch key {
            case .t:
                guard t == nil, let value = cursor.integer() else { return nil }
                t = value
            case .slot:
                guard slot == nil, let value = cursor.integer() else { return nil }
                slot = value
            case .phase:
                guard phase == nil, let value = cursor.phase() else { return nil }
                phase = value
            case .x:
                guard x == nil, let value = cursor.number() else { return nil }
                x = value
            case .y:
                guard y == nil, let value = cursor.number() else { return nil }
                y = value
            }
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "}")), cursor.atEnd,
              let t, let slot, let phase, let x, let y else { return nil }
        return Fields(t: t, slot: slot, phase: phase, x: x, y: y)
    }

    /// The common line at the start of `text`, which ends with a line break (the line's or a
    /// later one's): its fields and its length without the line break, when it is in the writer's
    /// layout and followed by `\n` straight away; else nil (the line is then found and scanned
    /// whole). For `LineReader.forEachBufferedLine(recognizing:_:)`, which so skips the search for
    /// the line break of every such line.
    static func scanLine(atStartOf text: UnsafeBufferPointer<UInt8>) -> (fields: Fields, length: Int)? {
        guard let base = text.baseAddress else { return nil }
        var cursor = Cursor(position: base, end: base + text.count)
        return cursor.writerLayoutLine()
    }

    enum Key { case t, slot, phase, x, y }

    /// A position in the line's bytes, walked with a pointer (one comparison against the end per
    /// byte); every method skips the JSON whitespace before its token.
    struct Cursor {
        var position: UnsafePointer<UInt8>
        let end: UnsafePointer<UInt8>

        @inline(__always) mutating func skipSpace() {
            while position < end, position.pointee == 0x20 || position.pointee == 0x09 { position += 1 }
        }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return position == end
            }
        }

        @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard position < end, position.pointee == byte else { return false }
            position += 1
            return true
        }

        /// `{"t": T, "slot": S, "phase": "P", "x": X, "y": Y}`, exactly as `TouchScriptWriter` writes it
        /// (no other spacing, nothing after the closing brace, no exponent), or nil: the line is then
        /// read key by key, which takes every other layout.
        ///
        /// The line is first checked to end with its closing brace. Each value here starts right
        /// after a piece of text that ends with a space or a quote, so before that brace; and a run
        /// of digits stops at the first byte that is not one, the brace at the latest. So the value
        /// readers, told `inWriterLayout`, walk the bytes without comparing against the end on every
        /// byte (a fifth of a digit's instructions) and skip no whitespace.
        mutating func writerLayout() -> Fields? {
            guard position < end, (end - 1).pointee == UInt8(ascii: "}"),
                  let fields = writerLayoutFields(), position == end - 1 else { return nil }
            return fields
        }

        /// `writerLayout`, for a line at the start of text that ends with a line break (further
        /// on): the fields, and the line's length up to its closing brace, when the brace is
        /// followed by `\n` straight away. The line break at the end bounds the scan as the brace
        /// does in `writerLayout`: a run of digits stops at it at the latest, and no piece of text
        /// the layout matches contains one, so the line found has no line break inside. The same
        /// bytes as a whole line give `writerLayout` the same fields.
        mutating func writerLayoutLine() -> (fields: Fields, length: Int)? {
            let start = position
            guard position < end, (end - 1).pointee == UInt8(ascii: "\n"),
                  let fields = writerLayoutFields(),
                  // Before the text's last byte (a line break, not a brace), so a byte follows.
                  position.pointee == UInt8(ascii: "}"), position[1] == UInt8(ascii: "\n") else { return nil }
            return (fields, position + 1 - start)
        }

        /// The five keys and values of the writer's layout, up to (not including) the closing
        /// brace; the caller has checked that a byte which is not a digit (the brace, or a line
        /// break) ends the text.
        @inline(__always) private mutating func writerLayoutFields() -> Fields? {
            guard literal("{\"t\": "), let t = eightOrNineDigits() ?? integer(inWriterLayout: true, eightAtOnce: true),
                  literal(", \"slot\": "), let slot = integer(inWriterLayout: true),
                  literal(", \"phase\": "), let phase = phase(inWriterLayout: true),
                  literal(", \"x\": "), let x = threeDecimals() ?? number(inWriterLayout: true),
                  literal(", \"y\": "), let y = threeDecimals() ?? number(inWriterLayout: true) else { return nil }
            return Fields(t: t, slot: slot, phase: phase, x: x, y: y)
        }

        /// A key, told by its first byte and matched whole with its closing quote, so the five
        /// names cost a few comparisons and no scan for the quote. Any other key, or an escape,
        /// gives nil (as a full scan of the string would).
        mutating func key() -> Key? {
            guard take(UInt8(ascii: "\"")), position < end else { return nil }
            switch position.pointee {
            case UInt8(ascii: "t"): return literal("t\"") ? .t : nil
            case UInt8(ascii: "x"): return literal("x\"") ? .x : nil
            case UInt8(ascii: "y"): return literal("y\"") ? .y : nil
            case UInt8(ascii: "s"): return literal("slot\"") ? .slot : nil
            case UInt8(ascii: "p"): return literal("phase\"") ? .phase : nil
            default: return nil
            }
        }

        /// The phase's name, told by its first byte and matched whole with its closing quote
        /// (TouchPhase's raw values). `inWriterLayout`: its opening quote right at the cursor, in a
        /// line `writerLayout` has checked.
        @inline(__always) mutating func phase(inWriterLayout: Bool = false) -> TouchPhase? {
            if inWriterLayout {
                // The quote is not the line's last byte (its brace), so a byte follows it.
                guard position.pointee == UInt8(ascii: "\"") else { return nil }
                position += 1
            } else {
                guard take(UInt8(ascii: "\"")), position < end else { return nil }
            }
            switch position.pointee {
            case UInt8(ascii: "m"): return literal("move\"") ? .move : nil
            case UInt8(ascii: "d"): return literal("down\"") ? .down : nil
            case UInt8(ascii: "u"): return literal("up\"") ? .up : nil
            case UInt8(ascii: "c"): return literal("cancel\"") ? .cancel : nil
            default: return nil
            }
        }

        /// Whether the bytes at the cursor are `text`; if so the cursor moves past them.
        /// Compared as 8-byte words when the text is that long, else as two 4-byte words when it
        /// has 4 to 7 bytes (the last word overlapping the one before in both cases).
        @inline(__always) private mutating func literal(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard end - position >= length else { return false }
            let expected = UnsafeRawPointer(text.utf8Start)
            let actual = UnsafeRawPointer(position)
            if length >= 8 {
                var offset = 0
                while offset < length - 8 {
                    guard actual.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                    offset += 8
                }
                guard actual.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) else { return false }
            } else if length >= 4 {
                guard actual.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self),
                      actual.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                        == expected.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self) else { return false }
            } else {
                for offset in 0..<length where position[offset] != text.utf8Start[offset] { return false }
            }
            position += length
            return true
        }

        /// Digits from the cursor on, accumulated with wrapping arithmetic (the caller bounds the
        /// count, so a value that wrapped is never used); returns how many there were.
        /// `beforeBrace`: in a line `writerLayout` has checked, whose last byte is not a digit, so
        /// the run ends inside the line without a comparison against its end.
        @inline(__always) private mutating func digits(into value: inout UInt64, beforeBrace: Bool = false) -> Int {
            // A local pointer and sum, so that the loop keeps them in registers rather than
            // storing the cursor and the value back on every digit.
            let first = position
            var p = position, sum = value
            while beforeBrace || p < end {
                let digit = p.pointee &- 0x30
                if digit > 9 { break }
                sum = sum &* 10 &+ UInt64(digit)
                p += 1
            }
            position = p
            value = sum
            return p - first
        }

        /// A JSON integer (no fraction or exponent) of at most 18 digits, so it cannot overflow.
        /// `inWriterLayout`: no space before it, in a line `writerLayout` has checked (whose
        /// next piece of text, a comma, refuses a fraction or an exponent).
        /// `eightAtOnce`: the integer is commonly eight digits or more (a time in microseconds, in a
        /// script longer than ten seconds; `eightOrNineDigits` takes the common times of eight and
        /// nine before this is asked, so here mostly those of ten digits and more, from 1 000 s on),
        /// so its first eight are read as one word when they are all digits; then byte by byte.
        @inline(__always) mutating func integer(inWriterLayout: Bool = false, eightAtOnce: Bool = false) -> Int64? {
            if !inWriterLayout { skipSpace() }
            let start = position
            let negative = (inWriterLayout || position < end) && position.pointee == UInt8(ascii: "-")
            if negative { position += 1 }
            let digitsStart = position
            var value: UInt64 = 0
            var count = 0
            if eightAtOnce, end - position >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
                if ASCIIDigitWord.isDigits(word) {
                    value = ASCIIDigitWord.value(ofEight: word)
                    position += 8
                    count = 8
                }
            }
            count += digits(into: &value, beforeBrace: inWriterLayout)
            guard count > 0, count <= 18, count == 1 || digitsStart.pointee != 0x30 else {
                position = start
                return nil
            }
            if !inWriterLayout, position < end,
               position.pointee == UInt8(ascii: ".") || position.pointee | 0x20 == UInt8(ascii: "e") {
                position = start
                return nil
            }
            return negative ? -Int64(value) : Int64(value)
        }

        /// A time as most lines of a script longer than ten seconds have it: 8 or 9 digits, the
        /// first not 0, then the writer's comma, read as one word and at most one digit more. Nil, the
        /// cursor unmoved, for any other number, which `integer` reads (with the same value).
        @inline(__always) mutating func eightOrNineDigits() -> Int64? {
            guard end - position >= 10 else { return nil }
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            guard ASCIIDigitWord.isDigits(word), UInt8(truncatingIfNeeded: word) != UInt8(ascii: "0") else { return nil }
            var value = ASCIIDigitWord.value(ofEight: word)
            let ninth = position[8] &- 0x30
            if ninth <= 9 {
                guard position[9] == UInt8(ascii: ",") else { return nil }
                value = value &* 10 &+ UInt64(ninth)
                position += 9
            } else {
                guard position[8] == UInt8(ascii: ",") else { return nil }
                position += 8
            }
            return Int64(value)
        }

        /// A JSON number of at most 15 bytes, checked against JSON's grammar and converted in the
        /// same pass: its digits as an integer and a power of ten (see `decimal`), which gives the
        /// bits the standard library's correctly rounded parser gives (and the full decoder too).
        /// `inWriterLayout`: no space before it, in a line `writerLayout` has checked, and no
        /// exponent (a number with one is left to the key-by-key reading).
        @inline(__always) mutating func number(inWriterLayout: Bool = false) -> Double? {
            if !inWriterLayout { skipSpace() }
            let start = position
            let negative = (inWriterLayout || position < end) && position.pointee == UInt8(ascii: "-")
            if negative { position += 1 }
            let integerStart = position
            var mantissa: UInt64 = 0
            let integerDigits = digits(into: &mantissa, beforeBrace: inWriterLayout)
            guard integerDigits > 0, integerDigits == 1 || integerStart.pointee != 0x30 else { return nil }
            var fractionDigits = 0
            if inWriterLayout || position < end, position.pointee == UInt8(ascii: ".") {
                position += 1
                fractionDigits = digits(into: &mantissa, beforeBrace: inWriterLayout)
                guard fractionDigits > 0 else { return nil }
            }
            if inWriterLayout || position < end, position.pointee | 0x20 == UInt8(ascii: "e") {
                if inWriterLayout { return nil }
                // An exponent: rare in a touch script; validated here, converted by `decimal`.
                position += 1
                if position < end, position.pointee == UInt8(ascii: "+") || position.pointee == UInt8(ascii: "-") { position += 1 }
                var ignored: UInt64 = 0
                guard digits(into: &ignored) > 0, position - start <= 15,
                      let value = Self.decimal(UnsafeBufferPointer(start: start, count: position - start)) else { return nil }
                // The decoder reads an integral value as an integer first, so every spelling of
                // zero (-0e3) becomes +0; a nonzero number that rounds to zero is left to it.
                if value == 0 { return mantissa == 0 ? 0 : nil }
                return value
            }
            guard position - start <= 15 else { return nil }
            // Every spelling of zero (-0, -0.0) is +0, as the decoder reads it.
            if mantissa == 0 { return 0 }
            // At most 15 digits: an exact integer below 2^53, divided once by an exact 10^k (k ≤ 14).
            // Converted as an Int64 (the same value: it is far below 2^63), which x86-64 does in one
            // instruction; an unsigned 64-bit integer takes several.
            let exact = Double(Int64(bitPattern: mantissa))
            let magnitude = fractionDigits == 0 ? exact : exact / Self.powerOfTen(fractionDigits)
            return negative ? -magnitude : magnitude
        }

        /// A coordinate as `record` and `--tee-touches` write most of them, `ddd.ddd` (three digits,
        /// the first not 0, a point, three decimals) followed by the `,` or `}` of the writer's
        /// layout, read as one 8-byte word: the point is taken out, the six digits are checked and
        /// converted together, and the value is the same integer over 1000 that `number` divides.
        /// Nil, the cursor unmoved, for any other number, which `number` reads.
        @inline(__always) mutating func threeDecimals() -> Double? {
            guard end - position >= 8 else { return nil }
            // Bytes are lanes of the word, the first in the lowest bits: d d d . d d d terminator.
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            let point = UInt8(truncatingIfNeeded: word &>> 24)
            let first = UInt8(truncatingIfNeeded: word)
            let terminator = UInt8(truncatingIfNeeded: word &>> 56)
            guard point == UInt8(ascii: "."), first != UInt8(ascii: "0"),
                  terminator == UInt8(ascii: ",") || terminator == UInt8(ascii: "}") else { return nil }
            // The six digits side by side behind two zeros, `00dddddd`, as eight lanes.
            let six = (word & 0x0000_0000_00FF_FFFF) | ((word &>> 8) & 0x0000_FFFF_FF00_0000)
            let digits = (six &<< 16) | 0x3030
            guard ASCIIDigitWord.isDigits(digits) else { return nil }
            position += 7
            return Double(Int64(bitPattern: ASCIIDigitWord.value(ofEight: digits))) / 1000
        }

        /// The value of a validated JSON number of at most 15 bytes. With at most 15 digits the
        /// digits are an exact integer below 2^53, and 10^k is exact for |k| ≤ 22, so one
        /// multiplication or division rounds once: the correctly rounded result strtod gives (Clinger's
        /// fast path). Other exponents go to the standard library's parser.
        static func decimal(_ text: ArraySlice<UInt8>) -> Double? {
            text.withUnsafeBufferPointer(decimal(_:))
        }

        static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
            var p = text.startIndex
            let negative = text[p] == UInt8(ascii: "-")
            if negative { p += 1 }
            var mantissa: UInt64 = 0, fractionDigits = 0
            while p < text.endIndex, text[p] >= 0x30, text[p] <= 0x39 {
                mantissa = mantissa * 10 + UInt64(text[p] - 0x30)
                p += 1
            }
            if p < text.endIndex, text[p] == UInt8(ascii: ".") {
                p += 1
                while p < text.endIndex, text[p] >= 0x30, text[p] <= 0x39 {
                    mantissa = mantissa * 10 + UInt64(text[p] - 0x30)
                    fractionDigits += 1
                    p += 1
                }
            }
            var exponent = 0
            if p < text.endIndex {   // e or E, validated by the caller
                p += 1
                let negativeExponent = text[p] == UInt8(ascii: "-")
                if text[p] == UInt8(ascii: "-") || text[p] == UInt8(ascii: "+") { p += 1 }
                while p < text.endIndex {
                    exponent = exponent * 10 + Int(text[p] - 0x30)
                    p += 1
                }
                if negativeExponent { exponent = -exponent }
            }
            let k = exponent - fractionDigits
            guard k >= -22 && k <= 22 else {
                // Up to 15 bytes fit a small String, which lives inline: no allocation.
                return Double(String(decoding: text, as: UTF8.self))
            }
            let magnitude = k >= 0 ? Double(mantissa) * powersOfTen[k] : Double(mantissa) / powersOfTen[-k]
            return negative ? -magnitude : magnitude
        }

        /// 10^k for 0 ≤ k ≤ 22 (exact), without the bounds check of the array below.
        @inline(__always) static func powerOfTen(_ k: Int) -> Double {
            powersOfTen.withUnsafeBufferPointer { $0.baseAddress![k] }
        }

        /// 10^0 … 10^22, each exactly representable as a Double.
        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]
    }
}
