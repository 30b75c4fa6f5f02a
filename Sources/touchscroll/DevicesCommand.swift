import ArgumentParser
import Foundation
import LiveInput
import Logging
import ScrollEngine

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
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(listings.map(DeviceReport.init))
            print(String(decoding: data, as: UTF8.self))
        } else {
            for listing in listings { print(DeviceReport(listing).text) }
        }
        if listings.isEmpty {
            let hint = access("/dev/input", R_OK) == 0
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
struct DeviceReport: Encodable {
    struct Axis: Encodable {
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
        vendor = String(format: "%04x", d.id.vendor)
        product = String(format: "%04x", d.id.product)
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
        if let sizeMM { details.append(String(format: "%.0f×%.0f mm", sizeMM[0], sizeMM[1])) }
        if let slots { details.append("\(slots) slots") }
        if let calibration { details.append("calibration \(CalibrationMatrix(calibration))") }
        if !details.isEmpty { lines.append("    " + details.joined(separator: "  ")) }
        return lines.joined(separator: "\n")
    }
}
