import YAMLDocument

/// The header of a libinput record file (everything but the events), parsed with libyaml.
struct LibinputRecordHeader {
    let file: String

    func parse(topLevel: [String], device deviceLines: [String]) throws -> (version: Int, deviceCount: Int?, device: EvdevDevice) {
        let text = (topLevel + ["devices:"] + deviceLines).joined(separator: "\n") + "\n"
        let root: YAMLNode?
        do {
            root = try YAMLDocument.parse(text)
        } catch {
            throw RecordingError(file: file, line: nil, expected: "a YAML header (version, devices: evdev: …): \(error)")
        }
        guard let top = root?.mapping else { throw fail("a YAML mapping at the top level") }
        guard let version = top["version"]?.int else { throw fail("key \"version\" (an integer)") }
        guard version == 1 else { throw fail("version 1, got \(version)") }
        guard let devices = top["devices"]?.sequence, let entry = devices.first?.mapping else {
            throw fail("a device entry under \"devices\"")
        }
        guard let evdev = entry["evdev"]?.mapping else { throw fail("key \"devices[].evdev\" (a mapping)") }
        guard let name = evdev["name"]?.string else { throw fail("key \"devices[].evdev.name\"") }
        var id = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
        if let idValue = evdev["id"] {
            guard let numbers = idValue.ints, numbers.count == 4, numbers.allSatisfy({ (0...0xffff).contains($0) }) else {
                throw fail("\"devices[].evdev.id\" as [bustype, vendor, product, version]")
            }
            id = InputID(bustype: UInt16(numbers[0]), vendor: UInt16(numbers[1]), product: UInt16(numbers[2]), version: UInt16(numbers[3]))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        // libinput record writes event types and codes as integer keys (`3: [0, 1, 47]`).
        guard let codeMap = evdev["codes"]?.mapping else { throw fail("key \"devices[].evdev.codes\" (type: [codes])") }
        for (key, value) in codeMap.pairs {
            guard let type = key.int, (0...Int(EventType.max)).contains(type), let list = value.ints,
                  list.allSatisfy({ (0...Int(EventType.maximumCode(of: UInt16(type)))).contains($0) }) else {
                throw fail("\"devices[].evdev.codes.\(key.string ?? "")\" as a list of known event codes")
            }
            codes[UInt16(type)] = Set(list.map { UInt16($0) })
        }
        var absinfo: [UInt16: AbsInfo] = [:]
        if let absMap = evdev["absinfo"]?.mapping {
            for (key, value) in absMap.pairs {
                guard let code = key.int, (0...Int(EventType.maximumCode(of: EventType.abs))).contains(code),
                      let numbers = value.ints, numbers.count == 5,
                      let values = Optional(numbers.compactMap { Int32(exactly: $0) }), values.count == 5 else {
                    throw fail("\"devices[].evdev.absinfo.\(key.string ?? "")\" as [min, max, fuzz, flat, resolution]")
                }
                absinfo[UInt16(code)] = AbsInfo(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
            }
        }
        var properties = Set<Int>()
        if let list = evdev["properties"] {
            guard let numbers = list.ints else { throw fail("\"devices[].evdev.properties\" as a list of integers") }
            properties = Set(numbers)
        }
        return (version, top["ndevices"]?.int, EvdevDevice(name: name, id: id, properties: properties, codes: codes, absinfo: absinfo))
    }

    private func fail(_ expected: String) -> RecordingError {
        RecordingError(file: file, line: nil, expected: expected)
    }
}
