/// Writes evemu 1.3 text, as `evemu-record` does, a line at a time so a live recording can stream.
/// Reading what it writes gives the same device and the same events (times are relative to the
/// first event, as the reader normalises them).
public enum EvemuWriter {
    /// Event types whose bitmaps evemu writes, with their byte counts (EVIOCGBIT sizes).
    static let bitmapTypes: [(type: UInt16, bytes: Int)] = [
        (0x00, 8), (0x01, 96), (0x02, 8), (0x03, 8), (0x04, 8), (0x05, 8), (0x11, 8), (0x12, 16), (0x14, 8), (0x15, 16),
    ]

    /// The description: `# EVEMU 1.3`, optional `#` comments, then N:, I:, P:, B:, A: lines.
    public static func header(device: EvdevDevice, comments: [String] = []) -> String {
        var out = "# EVEMU 1.3\n"
        for comment in comments { out += "# \(comment)\n" }
        out += "N: \(device.name)\n"
        out += "I: \(hex(device.id.bustype, 4)) \(hex(device.id.vendor, 4)) \(hex(device.id.product, 4)) \(hex(device.id.version, 4))\n"
        out += byteLines("P:", bitmap(device.properties.map { $0 }, bytes: 8))
        var types = Set(device.codes.keys)
        types.insert(EventType.syn)
        let known = Set(bitmapTypes.map(\.type))
        let extra = device.codes.keys.filter { !known.contains($0) }.sorted().map { ($0, ((Int(EventType.maximumCode(of: $0)) / 64) + 1) * 8) }
        for (type, bytes) in bitmapTypes + extra {
            let bits = type == 0 ? types.map { Int($0) } : (device.codes[type] ?? []).map { Int($0) }
            out += byteLines("B: \(hex(UInt16(type), 2))", bitmap(bits, bytes: bytes))
        }
        for code in device.absinfo.keys.sorted() {
            let a = device.absinfo[code]!
            out += "A: \(hex(code, 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return out
    }

    /// One `E:` line: `E: sec.usec type code value` (type/code 4 hex digits, value `%04d`).
    public static func eventLine(_ event: EvdevEvent) -> String {
        let micro = max(0, event.time.microseconds) // times are relative to the first event, never negative
        let seconds = micro / 1_000_000, fraction = micro % 1_000_000
        let fractionText = String(fraction)
        return "E: \(seconds).\(String(repeating: "0", count: 6 - fractionText.count))\(fractionText) \(hex(event.type, 4)) \(hex(event.code, 4)) \(padded(event.value))\n"
    }

    /// `printf("%04d")`: at least 4 characters, zero-padded after the sign (-1 → `-001`).
    static func padded(_ value: Int32) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, 4 - sign.count - digits.count)) + digits
    }

    static func hex(_ value: UInt16, _ width: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func bitmap(_ bits: [Int], bytes: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: bytes)
        for bit in bits where bit >= 0 && bit / 8 < bytes { result[bit / 8] |= UInt8(1 << (bit % 8)) }
        return result
    }

    /// Bytes 8 to a line, each line starting with `prefix`.
    static func byteLines(_ prefix: String, _ bytes: [UInt8]) -> String {
        var out = ""
        for start in stride(from: 0, to: bytes.count, by: 8) {
            out += prefix + bytes[start..<min(start + 8, bytes.count)].map { " " + hex(UInt16($0), 2) }.joined() + "\n"
        }
        return out
    }
}
