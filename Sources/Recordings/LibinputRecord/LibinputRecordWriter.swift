/// Writes `libinput record` YAML version 1 for one device, streaming: the header first, then one
/// `- evdev:` frame per SYN_REPORT. `LibinputRecordReader` reads it back to the same device and
/// events; `libinput replay` accepts it: it needs every key it reads (`udev.properties` among them,
/// which it compares with the properties udev gives the replayed device).
public struct LibinputRecordWriter {
    private var frame: [EvdevEvent] = []

    public init() {}

    /// The udev properties `libinput record` writes: those with these prefixes (libinput-record.c).
    public static let recordedUdevPrefixes = ["ID_INPUT", "LIBINPUT", "EVDEV_ABS", "MOUSE_DPI", "POINTINGSTICK_"]

    /// The `udev.properties` of a device that udev did not describe: what udev's input_id builtin sets
    /// for its class (ID_INPUT=1 and ID_INPUT_TOUCHSCREEN=1 for a touchscreen, …).
    public static func inputIDProperties(of device: EvdevDevice) -> [String: String] {
        let tag: String? = switch DeviceClass(device: device) {
        case .touchscreen: "ID_INPUT_TOUCHSCREEN"
        case .touchpad: "ID_INPUT_TOUCHPAD"
        case .tablet: "ID_INPUT_TABLET"
        case .mouse: "ID_INPUT_MOUSE"
        case .joystick: "ID_INPUT_JOYSTICK"
        case .accelerometer: "ID_INPUT_ACCELEROMETER"
        case .other: nil
        }
        var properties = ["ID_INPUT": "1"]
        if let tag { properties[tag] = "1" }
        return properties
    }

    /// Everything before the events, ending with the device's `events:` key. `udevProperties` are the
    /// device's udev properties (only the ones `libinput record` keeps are written); without them, the
    /// ones udev's input_id would set for the device.
    public static func header(device: EvdevDevice, node: String = "/dev/input/event0", udevProperties: [String: String] = [:]) -> String {
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
        let recorded = udevProperties.filter { key, _ in recordedUdevPrefixes.contains { key.hasPrefix($0) } }
        out += "    udev:\n      properties:\n"
        for (key, value) in (recorded.isEmpty ? inputIDProperties(of: device) : recorded).sorted(by: { $0.key < $1.key }) {
            out += "        - \(quoted("\(key)=\(value)"))\n"
        }
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
