import CLibevdev

/// An absolute axis as the kernel describes it (struct input_absinfo).
public struct AbsoluteAxis: Hashable, Sendable, Codable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per mm (0: unknown).
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// Everything the kernel says about an evdev device: identity, properties, supported codes per
/// event type, absolute axes. Read once through libevdev; plain values afterwards.
public struct EvdevDeviceDescription: Hashable, Sendable {
    public var name: String
    public var bus: Int
    public var vendor: Int
    public var product: Int
    public var version: Int
    /// INPUT_PROP_* bits set.
    public var properties: Set<Int>
    /// Supported codes per event type (EV_KEY → key codes, EV_ABS → axes, …).
    public var codes: [Int: Set<Int>]
    public var absoluteAxes: [Int: AbsoluteAxis]
    /// Multitouch slots (ABS_MT_SLOT range), nil for devices without slots.
    public var slots: Int?

    public init(name: String, bus: Int = 0, vendor: Int = 0, product: Int = 0, version: Int = 0,
                properties: Set<Int> = [], codes: [Int: Set<Int>] = [:], absoluteAxes: [Int: AbsoluteAxis] = [:],
                slots: Int? = nil) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.absoluteAxes = absoluteAxes
        self.slots = slots
    }

    /// The bus as a word (`usb`, `i2c`, `virtual` for uinput devices, …), hex when unknown.
    public var busName: String {
        switch Int32(bus) {
        case BUS_USB: "usb"
        case BUS_I2C: "i2c"
        case BUS_VIRTUAL: "virtual"
        case BUS_BLUETOOTH: "bluetooth"
        case BUS_I8042: "i8042"
        case BUS_HOST: "host"
        case BUS_SPI: "spi"
        default: "0x" + String(bus, radix: 16)
        }
    }

    public func has(type: Int32, code: Int32) -> Bool { codes[Int(type)]?.contains(Int(code)) ?? false }
    public func has(property: Int32) -> Bool { properties.contains(Int(property)) }

    /// The x and y axes that carry touch positions: the multitouch ones when present.
    public var positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? {
        if let x = absoluteAxes[Int(ABS_MT_POSITION_X)], let y = absoluteAxes[Int(ABS_MT_POSITION_Y)] { return (x, y) }
        if let x = absoluteAxes[Int(ABS_X)], let y = absoluteAxes[Int(ABS_Y)] { return (x, y) }
        return nil
    }

    /// What the device is, decided the way udev's input_id builtin does: a direct device or one with
    /// absolute touch axes, BTN_TOUCH and no BTN_TOOL_FINGER is a touchscreen (so an old panel with
    /// an empty property bitmap still counts); absolute axes with BTN_TOOL_FINGER or INPUT_PROP_POINTER
    /// make a touchpad; relative axes or a wheel a pointer; letter or arrow keys a keyboard.
    public var kind: DeviceKind {
        let hasAbsolutePosition = has(type: EV_ABS, code: ABS_X) || has(type: EV_ABS, code: ABS_MT_POSITION_X)
        let hasTouch = has(type: EV_KEY, code: BTN_TOUCH)
        let hasFingerTool = has(type: EV_KEY, code: BTN_TOOL_FINGER)
        if hasAbsolutePosition {
            if has(property: INPUT_PROP_DIRECT) && !has(property: INPUT_PROP_POINTER) { return .touchscreen }
            if hasFingerTool || has(property: INPUT_PROP_POINTER) { return .touchpad }
            if hasTouch { return .touchscreen }
        }
        if has(type: EV_REL, code: REL_X) || has(type: EV_REL, code: REL_WHEEL) { return .pointer }
        if has(type: EV_KEY, code: KEY_A) || has(type: EV_KEY, code: KEY_UP) { return .keyboard }
        return .other
    }
}
