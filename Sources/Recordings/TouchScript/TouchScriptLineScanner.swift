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
        var cursor = Cursor(bytes: line)
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

    enum Key { case t, slot, phase, x, y }

    /// A position in the line's bytes; every method skips the JSON whitespace before its token.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        mutating func skipSpace() {
            while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.endIndex
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// The bytes of a string without escapes or control characters, quotes excluded.
        mutating func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return start..<(index - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        mutating func key() -> Key? {
            guard let range = plainString() else { return nil }
            let name = bytes[range]
            switch name.count {
            case 1:
                switch name.first! {
                case UInt8(ascii: "t"): return .t
                case UInt8(ascii: "x"): return .x
                case UInt8(ascii: "y"): return .y
                default: return nil
                }
            case 4: return Self.equal(name, "slot") ? .slot : nil
            case 5: return Self.equal(name, "phase") ? .phase : nil
            default: return nil
            }
        }

        /// The phase's name, told by its first byte and checked whole (TouchPhase's raw values).
        mutating func phase() -> TouchPhase? {
            guard let range = plainString(), let first = bytes[range].first else { return nil }
            let name = bytes[range]
            let phase: TouchPhase
            switch first {
            case UInt8(ascii: "m"): phase = .move
            case UInt8(ascii: "d"): phase = .down
            case UInt8(ascii: "u"): phase = .up
            case UInt8(ascii: "c"): phase = .cancel
            default: return nil
            }
            let matches: Bool = switch phase {
            case .move: Self.equal(name, "move")
            case .down: Self.equal(name, "down")
            case .up: Self.equal(name, "up")
            case .cancel: Self.equal(name, "cancel")
            }
            return matches ? phase : nil
        }

        /// Whether the bytes are exactly the literal's (compared as bytes: no String is made).
        private static func equal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ literal: StaticString) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard bytes.count == length else { return false }
            let start = bytes.startIndex
            for offset in 0..<length where bytes.base[start + offset] != literal.utf8Start[offset] { return false }
            return true
        }

        /// A JSON integer (no fraction or exponent) of at most 18 digits, so it cannot overflow.
        mutating func integer() -> Int64? {
            skipSpace()
            var position = index
            let negative = position < bytes.endIndex && bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            let digitsStart = position
            var value: Int64 = 0
            while position < bytes.endIndex, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                // Wrapping: a longer run of digits is refused below, whatever it wrapped to.
                value = value &* 10 &+ Int64(bytes[position] - 0x30)
                position += 1
            }
            let digits = position - digitsStart
            guard digits > 0, digits <= 18, digits == 1 || bytes[digitsStart] != 0x30 else { return nil }
            if position < bytes.endIndex, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
                return nil
            }
            index = position
            return negative ? -value : value
        }

        /// A JSON number, checked against JSON's grammar and converted by the standard library's
        /// correctly rounded parser (what the full decoder gives too).
        mutating func number() -> Double? {
            skipSpace()
            let start = index
            var position = index
            func digits() -> Int {
                let first = position
                while position < bytes.endIndex, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
                return position - first
            }
            if position < bytes.endIndex, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
            if position < bytes.endIndex, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { return nil }
            }
            if position < bytes.endIndex, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.endIndex, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { return nil }
            }
            guard position - start <= 15, let value = Self.decimal(UnsafeBufferPointer(rebasing: bytes[start..<position])) else { return nil }
            if value == 0 {
                // The decoder reads an integral value as an integer first, so every spelling of
                // zero (-0, -0.0, 0e5) becomes +0; a nonzero number that rounds to zero is left to it.
                let mantissa = bytes[start..<position].prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
                guard !mantissa.contains(where: { $0 >= 0x31 && $0 <= 0x39 }) else { return nil }
                index = position
                return 0
            }
            index = position
            return value
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

        /// 10^0 … 10^22, each exactly representable as a Double.
        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]
    }
}
