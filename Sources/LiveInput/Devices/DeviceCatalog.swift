import SystemInterface
import CLibevdev
import Logging
import Recordings
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// One line of `touchscroll devices`: a node, what the kernel says about it, what udev says.
public struct DeviceListing: Hashable, Sendable {
    public var node: String
    /// Read through libevdev; nil when the node could not be opened (see `error`).
    public var description: EvdevDevice?
    /// udev's properties, when the device came from udev.
    public var udevProperties: [String: String]
    /// Why the node could not be read.
    public var error: InputError?

    public init(node: String, description: EvdevDevice?, udevProperties: [String: String] = [:],
                error: InputError? = nil) {
        self.node = node
        self.description = description
        self.udevProperties = udevProperties
        self.error = error
    }

    /// The kind: udev's classification when it made one, else the kernel description's.
    public var kind: DeviceKind {
        let p = udevProperties
        if p["ID_INPUT_TOUCHSCREEN"] == "1" { return .touchscreen }
        if p["ID_INPUT_TOUCHPAD"] == "1" { return .touchpad }
        if let description { return DeviceKind(description) }
        if p["ID_INPUT_MOUSE"] == "1" || p["ID_INPUT_POINTINGSTICK"] == "1" { return .pointer }
        if p["ID_INPUT_KEYBOARD"] == "1" || p["ID_INPUT_KEY"] == "1" { return .keyboard }
        return .other
    }

    /// What libinput would make of the device, in `libinput list-devices`' words: udev's ID_INPUT_* tags
    /// when udev classified it, else the kernel description's kind.
    public var capabilities: [String] {
        let p = udevProperties
        var result: [String] = []
        if p["ID_INPUT_KEYBOARD"] == "1" { result.append("keyboard") }
        if p["ID_INPUT_MOUSE"] == "1" || p["ID_INPUT_TOUCHPAD"] == "1" || p["ID_INPUT_POINTINGSTICK"] == "1" { result.append("pointer") }
        if p["ID_INPUT_TOUCHSCREEN"] == "1" { result.append("touch") }
        if p["ID_INPUT_TABLET"] == "1" { result.append("tablet") }
        if p["ID_INPUT_TABLET_PAD"] == "1" { result.append("tablet-pad") }
        if p["ID_INPUT_TOUCHPAD"] == "1" { result.append("gesture") }
        if p["ID_INPUT_SWITCH"] == "1" { result.append("switch") }
        if !result.isEmpty || p["ID_INPUT"] == "1" { return result }
        switch kind {
        case .touchscreen: return ["touch"]
        case .touchpad: return ["pointer", "gesture"]
        case .pointer: return ["pointer"]
        case .keyboard: return ["keyboard"]
        case .other: return []
        }
    }

    /// The calibration matrix udev hands libinput (LIBINPUT_CALIBRATION_MATRIX), if set.
    public var calibration: CalibrationMatrix? {
        udevProperties["LIBINPUT_CALIBRATION_MATRIX"].flatMap { CalibrationMatrix(udevProperty: $0) }
    }
}

/// Lists input devices: from udev (every event node of the input subsystem), or the given nodes.
public struct DeviceCatalog {
    let system: SystemCalls
    let udev: UdevCalls
    let evdev: LibevdevCalls

    public init(system: SystemCalls = .live, udev: UdevCalls = .live, evdev: LibevdevCalls = .live) {
        self.system = system
        self.udev = udev
        self.evdev = evdev
    }

    /// The devices at `nodes`, or every device udev knows when `nodes` is empty. Named nodes get udev's
    /// properties too (the calibration matrix, the classification) when udev knows them.
    public func list(nodes: [String] = []) throws(InputError) -> [DeviceListing] {
        if !nodes.isEmpty { return nodes.map { listing(node: $0, properties: udev.inputDevice($0)?.properties ?? [:]) } }
        return try udev.inputDevices().map { listing(node: $0.node, properties: $0.properties) }
    }

    /// Reads one node's description through libevdev (opened read-only, non-blocking).
    public func describe(node: String) throws(InputError) -> EvdevDevice {
        try evdev.loadLibraries()
        let fd = try system.checkedOpen(node, flags: O_RDONLY | O_NONBLOCK)
        defer { system.close(fd) }
        let device: OpaquePointer
        do {
            device = try evdev.create(fd)
        } catch {
            throw InputError(call: "libevdev_new_from_fd", errno: error, device: node)
        }
        defer { evdev.free(device) }
        return evdev.describe(device)
    }

    private func listing(node: String, properties: [String: String]) -> DeviceListing {
        do {
            return DeviceListing(node: node, description: try describe(node: node), udevProperties: properties)
        } catch {
            return DeviceListing(node: node, description: nil, udevProperties: properties, error: error)
        }
    }
}
