/// What kind of pointing device an evdev device is, decided as udev's `input_id` builtin does
/// (src/udev/udev-builtin-input_id.c, test_pointers): the class that sets ID_INPUT_TOUCHSCREEN,
/// ID_INPUT_TOUCHPAD, ID_INPUT_TABLET, …
public enum DeviceClass: String, Hashable, Sendable {
    case touchscreen
    case touchpad
    case tablet
    case mouse
    case joystick
    case accelerometer
    case other

    /// Direct-touch devices map touches to screen positions; everything else is indirect.
    public var isTouchscreen: Bool { self == .touchscreen }

    public init(device: EvdevDevice) {
        let isDirect = device.has(property: InputProperty.direct)
        let hasAbsCoordinates = device.hasAbs(AbsCode.x) && device.hasAbs(AbsCode.y)
        let hasKeys = !(device.codes[EventType.key]?.isEmpty ?? true)
        if device.has(property: InputProperty.accelerometer)
            || (!hasKeys && hasAbsCoordinates && device.hasAbs(AbsCode.z)) {
            self = .accelerometer
            return
        }
        var hasMTCoordinates = device.hasAbs(AbsCode.mtPositionX) && device.hasAbs(AbsCode.mtPositionY)
        // udev: a device claiming every abs axis (ABS_MT_SLOT and the one before it) is not really MT.
        if hasMTCoordinates && device.hasAbs(AbsCode.mtSlot) && device.hasAbs(AbsCode.mtSlot - 1) {
            hasMTCoordinates = false
        }
        let stylusOrPen = device.hasKey(KeyCode.stylus) || device.hasKey(KeyCode.toolPen)
        let fingerButNoPen = device.hasKey(KeyCode.toolFinger) && !device.hasKey(KeyCode.toolPen)
        let hasMouseButton = KeyCode.mouseButtons.contains { device.hasKey($0) }
        let hasTouch = device.hasKey(KeyCode.touch)
        let hasJoystickButtons = KeyCode.joystickButtons.contains { device.hasKey($0) }
        let hasRelCoordinates = device.has(type: EventType.rel, code: RelCode.x) && device.has(type: EventType.rel, code: RelCode.y)
        // INPUT_PROP_POINTER without INPUT_PROP_DIRECT is the kernel's own word for "indirect".
        let isPointer = device.has(property: InputProperty.pointer) && !isDirect

        var result: DeviceClass = .other
        if hasAbsCoordinates {
            if stylusOrPen { result = .tablet }
            else if (fingerButNoPen || isPointer) && !isDirect { result = .touchpad }
            else if hasMouseButton { result = .mouse }
            else if hasTouch || isDirect { result = .touchscreen }
            else if hasJoystickButtons { result = .joystick }
        } else if hasJoystickButtons {
            result = .joystick
        }
        if hasMTCoordinates {
            if stylusOrPen { result = .tablet }
            else if (fingerButNoPen || isPointer) && !isDirect { result = .touchpad }
            else if hasTouch || isDirect { result = .touchscreen }
        }
        if result == .other && hasMouseButton && (hasRelCoordinates || !hasAbsCoordinates) { result = .mouse }
        self = result
    }
}
