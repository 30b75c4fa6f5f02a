import ArgumentParser
import Daemon
import Glibc
import JSONDocument
import LiveInput
import Logging
import ScrollEngine
import SystemInterface

/// `touchscroll devices`: the input devices, what they are and how they report positions —
/// what a kiosk engineer checks first.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List input devices: name, node, kind, capabilities, ranges, size, slots, calibration.",
        discussion: """
        Without --device, lists every event node udev knows in the input subsystem; with it, only those \
        nodes (udev's properties are looked up for them too, through a symlink such as /dev/input/by-id/…). \
        Each node is opened read-only through libevdev. Kinds follow udev's input_id rules (touchscreen: \
        direct, or absolute axes with BTN_TOUCH and no BTN_TOOL_FINGER; touchpad; pointer; keyboard); \
        capabilities are named as `libinput list-devices` names them (touch, pointer, keyboard, gesture, \
        tablet, switch). The size in mm comes from the axes' resolution. The calibration is udev's \
        LIBINPUT_CALIBRATION_MATRIX (set by a udev rule or hwdb entry; see docs/deployment.md).

        Exit codes: 0 devices listed (some may be unreadable, each says why), 4 no device at all or \
        none readable, 64 invalid command line.
        """
    )

    @Option(name: .customLong("device"), help: ArgumentHelp("Describe this event node only (repeatable).", valueName: "node"))
    var devices: [String] = []

    @Flag(help: "Print JSON (one array) instead of text.")
    var json = false

    func run() throws {
        let listings = try ExitCodes.reporting { try DeviceCatalog().list(nodes: devices) }
        if json {
            print(JSONValue.array(listings.map { DeviceReport($0).json }).prettyText)
        } else {
            for listing in listings { print(DeviceReport(listing).text) }
        }
        if listings.isEmpty {
            let hint = (try? SystemCalls.live.checkAccess("/dev/input", R_OK)) != nil
                ? "no input devices found (udev lists no event nodes)"
                : "no input devices: /dev/input is missing or not readable (a container, or a machine without input devices?)"
            StandardError.error(hint)
            throw ExitCodes.inputUnavailable
        }
        let unreadable = listings.filter { $0.description == nil }
        if unreadable.count == listings.count {
            StandardError.error("no device could be read; \(unreadable[0].error.map { "\($0)" } ?? "")")
            throw ExitCodes.inputUnavailable
        }
    }
}

/// One device as `devices` prints it (text or JSON).
struct DeviceReport {
    struct Axis {
        var minimum: Int32
        var maximum: Int32
        var resolution: Int32
    }

    var node: String
    var name: String?
    var kind: String
    var capabilities: [String]
    var bus: String?
    var vendor: String?
    var product: String?
    var x: Axis?
    var y: Axis?
    var slots: Int?
    var sizeMM: [Double]?
    var calibration: [Double]?
    var error: String?

    init(_ listing: DeviceListing) {
        node = listing.node
        kind = listing.kind.rawValue
        capabilities = listing.capabilities
        error = listing.error.map { "\($0)" }
        calibration = listing.calibration?.values
        guard let d = listing.description else { return }
        name = d.name
        bus = d.busName
        vendor = Self.hex4(d.id.vendor)
        product = Self.hex4(d.id.product)
        slots = d.slotCount
        if let (ax, ay) = d.positionAxes {
            x = Axis(minimum: ax.minimum, maximum: ax.maximum, resolution: ax.resolution)
            y = Axis(minimum: ay.minimum, maximum: ay.maximum, resolution: ay.resolution)
            if ax.resolution > 0, ay.resolution > 0 {
                sizeMM = [Double(ax.maximum - ax.minimum) / Double(ax.resolution),
                          Double(ay.maximum - ay.minimum) / Double(ay.resolution)]
            }
        }
    }

    var text: String {
        guard error == nil || name != nil else { return "\(node)  unreadable: \(error!)" }
        var lines = ["\(node)  \(kind)  \"\(name ?? "")\"  \(bus ?? "") \(vendor ?? ""):\(product ?? "")"]
        var details: [String] = []
        func axis(_ label: String, _ a: Axis) -> String {
            "\(label) \(a.minimum)…\(a.maximum)" + (a.resolution > 0 ? " (\(a.resolution)/mm)" : " (resolution unknown)")
        }
        details.append("capabilities: " + (capabilities.isEmpty ? "none" : capabilities.joined(separator: " ")))
        if let x { details.append(axis("x", x)) }
        if let y { details.append(axis("y", y)) }
        if let sizeMM { details.append("\(Self.whole(sizeMM[0]))×\(Self.whole(sizeMM[1])) mm") }
        if let slots { details.append("\(slots) slots") }
        if let calibration { details.append("calibration \(CalibrationMatrix(calibration))") }
        if !details.isEmpty { lines.append("    " + details.joined(separator: "  ")) }
        return lines.joined(separator: "\n")
    }

    /// `0x1a` as `001a` (vendor and product ids, as lsusb writes them).
    static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A size in whole millimetres (rounded half to even, as printf's `%.0f`).
    static func whole(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        return String(Int64(value.rounded(.toNearestOrEven)))
    }

    /// The report as `--json` prints it: absent values are left out.
    var json: JSONValue {
        func axis(_ a: Axis) -> JSONValue {
            .object(["minimum": .number(Double(a.minimum)), "maximum": .number(Double(a.maximum)), "resolution": .number(Double(a.resolution))])
        }
        var fields: [String: JSONValue] = [
            "node": .string(node), "kind": .string(kind), "capabilities": .array(capabilities.map(JSONValue.string)),
        ]
        fields["name"] = name.map(JSONValue.string)
        fields["bus"] = bus.map(JSONValue.string)
        fields["vendor"] = vendor.map(JSONValue.string)
        fields["product"] = product.map(JSONValue.string)
        fields["x"] = x.map(axis)
        fields["y"] = y.map(axis)
        fields["slots"] = slots.map { .number(Double($0)) }
        fields["sizeMM"] = sizeMM.map { .array($0.map(JSONValue.number)) }
        fields["calibration"] = calibration.map { .array($0.map(JSONValue.number)) }
        fields["error"] = error.map(JSONValue.string)
        return .object(fields)
    }
}

