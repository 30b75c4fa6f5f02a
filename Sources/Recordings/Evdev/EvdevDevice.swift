/// `struct input_absinfo`: an absolute axis' range, noise filter and resolution (units per mm;
/// units per radian for orientation; 0 when unknown).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Whether the range can be mapped (min < max).
    public var isUsableRange: Bool { minimum < maximum }

    /// The distance in mm from the minimum, when the resolution is known.
    public func millimetres(_ value: Int32) -> Double? {
        guard resolution > 0 else { return nil }
        return Double(Int64(value) - Int64(minimum)) / Double(resolution)
    }

    /// The axis' length in mm, when the resolution is known.
    public var lengthInMillimetres: Double? { millimetres(maximum) }
}

/// `struct input_id`.
public struct InputID: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// What an evdev device says about itself (what EVIOCGNAME, EVIOCGID, EVIOCGPROP, EVIOCGBIT and
/// EVIOCGABS return): enough to decode its events and classify it. Filled by the evemu and
/// libinput-record readers from a file, and by the live backend from libevdev.
public struct EvdevDevice: Hashable, Sendable {
    public var name: String
    public var id: InputID
    /// INPUT_PROP_* numbers that are set.
    public var properties: Set<Int>
    /// Event codes per event type (the EV_* bitmap is the key set).
    public var codes: [UInt16: Set<UInt16>]
    /// Axis information per ABS code.
    public var absinfo: [UInt16: AbsInfo]

    public init(name: String, id: InputID = InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                properties: Set<Int> = [], codes: [UInt16: Set<UInt16>] = [:], absinfo: [UInt16: AbsInfo] = [:]) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes
        self.absinfo = absinfo
    }

    public func has(type: UInt16) -> Bool { codes[type] != nil }
    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }
    public func has(property: Int) -> Bool { properties.contains(property) }
    public func hasAbs(_ code: UInt16) -> Bool { has(type: EventType.abs, code: code) }
    public func hasKey(_ code: UInt16) -> Bool { has(type: EventType.key, code: code) }

    /// Number of multitouch slots (ABS_MT_SLOT max + 1), or nil without ABS_MT_SLOT.
    public var slotCount: Int? {
        guard hasAbs(AbsCode.mtSlot), let info = absinfo[AbsCode.mtSlot] else { return nil }
        return max(0, Int(info.maximum) + 1)
    }

    /// How this device reports touches.
    public var touchProtocol: TouchProtocol {
        if hasAbs(AbsCode.mtSlot) && hasAbs(AbsCode.mtPositionX) { return .multitouchB }
        if hasAbs(AbsCode.mtPositionX) && hasAbs(AbsCode.mtPositionY) { return .multitouchA }
        return .singleTouch
    }

    /// The touch surface's size in mm (from the position axes' resolution), when known.
    public var sizeInMillimetres: (width: Double, height: Double)? {
        let axes = touchProtocol == .singleTouch ? (AbsCode.x, AbsCode.y) : (AbsCode.mtPositionX, AbsCode.mtPositionY)
        guard let width = absinfo[axes.0]?.lengthInMillimetres, let height = absinfo[axes.1]?.lengthInMillimetres
        else { return nil }
        return (width, height)
    }
}

/// The three ways the kernel reports touches (Documentation/input/multi-touch-protocol.rst).
public enum TouchProtocol: String, Hashable, Sendable {
    /// Slots (ABS_MT_SLOT) and tracking ids: only changes are sent.
    case multitouchB = "protocol B"
    /// Anonymous contacts, each ended by SYN_MT_REPORT, all contacts sent every frame.
    case multitouchA = "protocol A"
    /// ABS_X / ABS_Y and BTN_TOUCH: one finger.
    case singleTouch = "single touch"
}
