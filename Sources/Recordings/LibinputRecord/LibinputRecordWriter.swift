/// Writes `libinput record` YAML version 1 for one device, streaming: the header first, then one
/// `- evdev:` frame per SYN_REPORT. `LibinputRecordReader` reads it back to the same device and
/// events; libinput's own tools accept it (unknown keys are not written, required ones are).
public struct LibinputRecordWriter {
    private var frame: [EvdevEvent] = []

    public init() {}

    /// Everything before the events, ending with the device's `events:` key.
    public static func header(device: EvdevDevice, node: String = "/dev/input/event0") -> String {
        var out = "# libinput record (written by touchscroll)\n"
        out += "version: 1\nndevices: 1\nlibinput:\n  version: \"\(escape("touchscroll"))\"\nsystem:\n  kernel: \"\"\n  dmi: \"\"\n"
        out += "devices:\n  - node: \(quoted(node))\n    evdev:\n"
        out += "      # Name: \(device.name.filter { $0 != "\n" })\n"
        out += "      name: \(quoted(device.name))\n"
        out += "      id: [\(device.id.bustype), \(device.id.vendor), \(device.id.product), \(device.id.version)]\n"
        out += "      codes:\n"
        for type in device.codes.keys.sorted() {
            out += "        \(type): [\(device.codes[type]!.sorted().map(String.init).joined(separator: ", "))]\n"
        }
        out += "      absinfo:\n"
        for code in device.absinfo.keys.sorted() {
            let a = device.absinfo[code]!
            out += "        \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
        }
        out += "      properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        out += "    events:\n"
        return out
    }

    /// Takes one event; returns the text of a complete frame when the event is a SYN_REPORT.
    public mutating func write(_ event: EvdevEvent) -> String? {
        frame.append(event)
        return event.isSynReport ? flush() : nil
    }

    /// The text of events not yet closed by a SYN_REPORT (call at the end), or nil.
    public mutating func flush() -> String? {
        guard !frame.isEmpty else { return nil }
        defer { frame.removeAll(keepingCapacity: true) }
        var out = "      - evdev:\n"
        for event in frame {
            let micro = max(0, event.time.microseconds) // relative to the first event, never negative
            out += "        - [\(pad(micro / 1_000_000, 3)), \(pad(micro % 1_000_000, 6)), \(pad(Int64(event.type), 3)), \(pad(Int64(event.code), 3)), \(pad(Int64(event.value), 5))]\n"
        }
        return out
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func quoted(_ text: String) -> String { "\"\(escape(text))\"" }

    /// YAML double-quoted escaping: backslash, quote and control characters.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
