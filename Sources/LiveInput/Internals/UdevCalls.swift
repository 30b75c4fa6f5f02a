import SystemInterface
import CLibudev

#if canImport(Glibc)
import Glibc
#endif

/// An input device as udev's database knows it.
public struct UdevInputDevice: Hashable, Sendable {
    /// `event5`
    public var sysname: String
    /// `/dev/input/event5`
    public var node: String
    /// udev properties (ID_INPUT_TOUCHSCREEN, LIBINPUT_CALIBRATION_MATRIX, …).
    public var properties: [String: String]

    public init(sysname: String, node: String, properties: [String: String]) {
        self.sysname = sysname
        self.node = node
        self.properties = properties
    }
}

/// Every libudev call, as replaceable function values (see `SystemCalls`).
public struct UdevCalls: Sendable {
    /// The event nodes of the `input` subsystem, sorted by node.
    public var inputDevices: @Sendable () throws(InputError) -> [UdevInputDevice]
    /// The udev device behind one event node (a symlink such as /dev/input/by-id/… is followed: the
    /// lookup goes by the node's device number), or nil when udev does not know it.
    public var inputDevice: @Sendable (_ node: String) -> UdevInputDevice?

    public init(inputDevices: @escaping @Sendable () throws(InputError) -> [UdevInputDevice],
                inputDevice: @escaping @Sendable (_ node: String) -> UdevInputDevice? = { _ in nil }) {
        self.inputDevices = inputDevices
        self.inputDevice = inputDevice
    }
}

extension UdevCalls {
    public static let live = UdevCalls(inputDevices: { () throws(InputError) in
        try InputLibraries.load()
        guard let udev = udev_new() else {
            throw InputError(call: "udev_new", errno: .current, detail: "cannot reach udev")
        }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else {
            throw InputError(call: "udev_enumerate_new", errno: .current)
        }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_sysname(enumerate, "event*")
        let rc = udev_enumerate_scan_devices(enumerate)
        if rc < 0 { throw InputError(call: "udev_enumerate_scan_devices", errno: Errno(rawValue: -rc)) }
        var devices: [UdevInputDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let syspath = udev_list_entry_get_name(current),
                  let device = udev_device_new_from_syspath(udev, syspath) else { continue }
            defer { udev_device_unref(device) }
            if let described = UdevInputDevice(device) { devices.append(described) }
        }
        return devices.sorted { $0.node.localizedStandardCompareFallback($1.node) }
    }, inputDevice: { node in
        guard (try? InputLibraries.load()) != nil else { return nil }
        var status = stat()
        guard stat(node, &status) == 0, (status.st_mode & S_IFMT) == S_IFCHR, let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), status.st_rdev) else { return nil }
        defer { udev_device_unref(device) }
        return UdevInputDevice(device)
    })
}

extension UdevInputDevice {
    /// Name, node and every property of a libudev device; nil for a device without a node.
    init?(_ device: OpaquePointer) {
        guard let node = udev_device_get_devnode(device) else { return nil }
        var properties: [String: String] = [:]
        var property = udev_device_get_properties_list_entry(device)
        while let p = property {
            if let name = udev_list_entry_get_name(p) {
                properties[String(cString: name)] = udev_list_entry_get_value(p).map { String(cString: $0) } ?? ""
            }
            property = udev_list_entry_get_next(p)
        }
        self.init(sysname: String(cString: udev_device_get_sysname(device)), node: String(cString: node), properties: properties)
    }
}

extension String {
    /// `event2` before `event10`: compares the trailing numbers numerically.
    func localizedStandardCompareFallback(_ other: String) -> Bool {
        let a = self.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) }
        let b = other.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) }
        if let a, let b, self.prefix(while: { !$0.isNumber }) == other.prefix(while: { !$0.isNumber }) { return a < b }
        return self < other
    }
}
