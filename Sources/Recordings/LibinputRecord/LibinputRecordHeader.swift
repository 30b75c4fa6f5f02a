import Yams

/// The header of a libinput record file (everything but the events), parsed with Yams.
struct LibinputRecordHeader {
    let file: String

    func parse(topLevel: [String], device deviceLines: [String]) throws -> (version: Int, device: EvdevDevice) {
        let text = (topLevel + ["devices:"] + deviceLines).joined(separator: "\n") + "\n"
        let root: Any?
        do {
            root = try Yams.load(yaml: text)
        } catch {
            throw RecordingError(file: file, line: nil, expected: "a YAML header (version, devices: evdev: …): \(error)")
        }
        guard let top = Self.dictionary(root) else { throw fail("a YAML mapping at the top level") }
        guard let version = top["version"] as? Int else { throw fail("key \"version\" (an integer)") }
        guard version == 1 else { throw fail("version 1, got \(version)") }
        guard let devices = top["devices"] as? [Any], let entry = devices.first.flatMap(Self.dictionary) else {
            throw fail("a device entry under \"devices\"")
        }
        guard let evdev = Self.dictionary(entry["evdev"]) else { throw fail("key \"devices[].evdev\" (a mapping)") }
        guard let name = evdev["name"].map({ "\($0)" }) else { throw fail("key \"devices[].evdev.name\"") }
        var id = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
        if let idValue = evdev["id"] {
            guard let numbers = idValue as? [Int], numbers.count == 4, numbers.allSatisfy({ (0...0xffff).contains($0) }) else {
                throw fail("\"devices[].evdev.id\" as [bustype, vendor, product, version]")
            }
            id = InputID(bustype: UInt16(numbers[0]), vendor: UInt16(numbers[1]), product: UInt16(numbers[2]), version: UInt16(numbers[3]))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        guard let codeMap = Self.dictionary(evdev["codes"]) else { throw fail("key \"devices[].evdev.codes\" (type: [codes])") }
        for (key, value) in codeMap {
            guard let type = Int(key), (0...Int(EventType.max)).contains(type), let list = value as? [Int],
                  list.allSatisfy({ (0...Int(EventType.maximumCode(of: UInt16(type)))).contains($0) }) else {
                throw fail("\"devices[].evdev.codes.\(key)\" as a list of known event codes")
            }
            codes[UInt16(type)] = Set(list.map { UInt16($0) })
        }
        var absinfo: [UInt16: AbsInfo] = [:]
        if let absMap = Self.dictionary(evdev["absinfo"]) {
            for (key, value) in absMap {
                guard let code = Int(key), (0...Int(EventType.maximumCode(of: EventType.abs))).contains(code),
                      let numbers = value as? [Int], numbers.count == 5,
                      let values = Optional(numbers.compactMap { Int32(exactly: $0) }), values.count == 5 else {
                    throw fail("\"devices[].evdev.absinfo.\(key)\" as [min, max, fuzz, flat, resolution]")
                }
                absinfo[UInt16(code)] = AbsInfo(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
            }
        }
        var properties = Set<Int>()
        if let list = evdev["properties"] {
            guard let numbers = list as? [Int] else { throw fail("\"devices[].evdev.properties\" as a list of integers") }
            properties = Set(numbers)
        }
        return (version, EvdevDevice(name: name, id: id, properties: properties, codes: codes, absinfo: absinfo))
    }

    private func fail(_ expected: String) -> RecordingError {
        RecordingError(file: file, line: nil, expected: "expected " + expected)
    }

    /// A YAML mapping with its keys as strings (libinput record uses integer keys for codes).
    static func dictionary(_ value: Any?) -> [String: Any]? {
        if let strings = value as? [String: Any] { return strings }
        guard let any = value as? [AnyHashable: Any] else { return nil }
        var result: [String: Any] = [:]
        for (key, value) in any { result["\(key.base)"] = value }
        return result
    }
}
