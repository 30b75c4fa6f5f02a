/// Parses the device description lines of an evemu file (`N:` `I:` `P:` `B:` `A:`), versions
/// 1.1 to 1.3, into an `EvdevDevice`. Written by hand because evemu's format is line-based text
/// that no kept library reads (libevdev has no evemu parser; libevemu is not packaged for us).
struct EvemuDescription {
    var version: String?
    var name: String?
    var id: InputID?
    var propertyBytes: [UInt8] = []
    var bitmaps: [UInt16: [UInt8]] = [:]
    var absinfo: [UInt16: AbsInfo] = [:]
    var warnings: [RecordingWarning] = []
    let file: String

    /// The most bytes a bitmap (`P:`, or `B:` of one event type) may hold across its lines:
    /// KEY_CNT / 8 = 96, the longest bitmap the kernel has (evemu writes exactly that for EV_KEY).
    /// A longer one is not a device description, and without the cap a header could make the
    /// reader hold gigabytes.
    static let maximumBitmapBytes = 96
    /// INPUT_PROP_MAX: the highest input property the kernel defines room for.
    static let maximumProperty = 0x1f

    init(file: String) {
        self.file = file
    }

    var hasDevice: Bool { name != nil }

    /// Where `text` continues after the first occurrence of `marker` (ASCII), found over its UTF-8
    /// bytes: `firstRange(of:)` goes through the string-processing library's searcher, which cost a
    /// third of opening an evemu file (every header comment line is looked at).
    static func index(after marker: StaticString, in text: Substring) -> Substring.Index? {
        let pattern = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard let first = pattern.first else { return text.startIndex }
        let utf8 = text.utf8
        var start = utf8.startIndex
        while let candidate = utf8[start...].firstIndex(of: first) {
            var index = candidate
            var matched = 0
            while matched < pattern.count, index < utf8.endIndex, utf8[index] == pattern[matched] {
                utf8.formIndex(after: &index)
                matched += 1
            }
            if matched == pattern.count { return index }
            start = utf8.index(after: candidate)
        }
        return nil
    }

    /// Takes one header line (comment already split off). Returns false if it is not a header
    /// line (an `E:` line or anything else), leaving it to the caller.
    mutating func consume(_ content: Substring, comment: Substring?, line: Int) throws -> Bool {
        if content.isEmpty {
            if let comment, let versionStart = Self.index(after: "EVEMU ", in: comment) {
                version = String(comment[versionStart...].prefix { !$0.isWhitespace })
            }
            return true
        }
        guard content.count >= 2, content[content.index(after: content.startIndex)] == ":" else { return false }
        let kind = content.first!
        let rest = content.dropFirst(2)
        let fields = rest.split(whereSeparator: \.isWhitespace)
        switch kind {
        case "N":
            name = String(rest.drop { $0 == " " || $0 == "\t" })
        case "I":
            guard fields.count == 4 else { throw error(line, "I: bustype vendor product version (4 hex numbers), got \(fields.count) field(s)") }
            let values = try fields.map { try hex16($0, line: line, what: "I: field") }
            id = InputID(bustype: values[0], vendor: values[1], product: values[2], version: values[3])
        case "P":
            guard propertyBytes.count + fields.count <= Self.maximumBitmapBytes else {
                throw error(line, "at most \(Self.maximumBitmapBytes) bytes of P: property bitmap in all (the kernel's longest bitmap), got more")
            }
            for field in fields { propertyBytes.append(try hexByte(field, line: line)) }
        case "B":
            guard let typeField = fields.first else { throw error(line, "B: type byte…, got nothing after B:") }
            let type = UInt16(try hexByte(typeField, line: line))
            guard type <= EventType.max else {
                throw error(line, "a B: event type ≤ 0x\(String(EventType.max, radix: 16)) (EV_MAX), got 0x\(String(type, radix: 16))")
            }
            let held = bitmaps[type]?.count ?? 0
            guard held + fields.count - 1 <= Self.maximumBitmapBytes else {
                throw error(line, "at most \(Self.maximumBitmapBytes) bytes of B: bitmap for type 0x\(String(type, radix: 16)) in all (KEY_CNT/8, the kernel's longest bitmap), got \(held + fields.count - 1)")
            }
            for field in fields.dropFirst() { bitmaps[type, default: []].append(try hexByte(field, line: line)) }
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw error(line, "A: code min max fuzz flat [resolution] (5 or 6 fields), got \(fields.count)")
            }
            let code = try hex16(fields[0], line: line, what: "A: axis code")
            guard code <= EventType.maximumCode(of: EventType.abs) else { throw error(line, "an ABS code ≤ 0x3f, got 0x\(String(code, radix: 16))") }
            let numbers = try fields.dropFirst().map { try decimal($0, line: line, what: "A: value") }
            let info = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                               resolution: numbers.count > 4 ? numbers[4] : 0)
            if info.minimum > info.maximum {
                warnings.append(RecordingWarning(file: file, line: line, message: "axis 0x\(String(code, radix: 16)) has minimum \(info.minimum) > maximum \(info.maximum)"))
            }
            absinfo[code] = info
        case "L", "S":
            break // LED and switch states (evemu 2): not needed for touches
        case "E":
            return false
        default:
            return false
        }
        return true
    }

    /// The device, once the header is complete.
    func device() throws -> EvdevDevice {
        guard let name else { throw RecordingError(file: file, line: nil, expected: "an N: line naming the device") }
        // Bits past the kernel's limits (INPUT_PROP_MAX, EV_MAX, each type's *_MAX) describe
        // nothing a device can have; they are dropped, as libevdev ignores them.
        let properties = Set(Self.bits(propertyBytes).filter { $0 <= Self.maximumProperty })
        var codes: [UInt16: Set<UInt16>] = [:]
        let types = Self.bits(bitmaps[0] ?? []).filter { $0 <= Int(EventType.max) }
        for type in types where type != EventType.syn {
            let maximum = Int(EventType.maximumCode(of: UInt16(type)))
            codes[UInt16(type)] = Set(Self.bits(bitmaps[UInt16(type)] ?? []).filter { $0 <= maximum }.map { UInt16($0) })
        }
        var device = EvdevDevice(name: name, id: id ?? InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                 properties: properties, codes: codes, absinfo: [:])
        var syn: Set<UInt16> = [SynCode.report, SynCode.config, SynCode.dropped]
        if device.touchProtocol == .multitouchA { syn.insert(SynCode.mtReport) }
        device.codes[EventType.syn] = syn
        device.absinfo = absinfo.filter { device.hasAbs($0.key) }
        return device
    }

    static func bits(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { result.append(index * 8 + bit) }
        }
        return result
    }

    private func error(_ line: Int, _ expected: String) -> RecordingError {
        RecordingError(file: file, line: line, expected: expected)
    }

    private func hexByte(_ field: Substring, line: Int) throws -> UInt8 {
        guard field.count <= 2, let value = UInt8(field, radix: 16) else { throw error(line, "a hex byte (00…ff), got \"\(field)\"") }
        return value
    }

    private func hex16(_ field: Substring, line: Int, what: String) throws -> UInt16 {
        guard let value = UInt16(field, radix: 16) else { throw error(line, "\(what) as a hex number ≤ ffff, got \"\(field)\"") }
        return value
    }

    private func decimal(_ field: Substring, line: Int, what: String) throws -> Int32 {
        guard let value = Int32(field) else { throw error(line, "\(what) as a decimal 32-bit integer, got \"\(field)\"") }
        return value
    }
}
