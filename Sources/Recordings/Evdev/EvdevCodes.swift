/// The evdev constants this module uses, with the values of linux/input-event-codes.h.
///
/// Written out by hand rather than imported from the kernel header: the decoder must stay usable
/// without a C module (tests, other platforms), and only these few dozen values are needed.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    public static let sw: UInt16 = 0x05
    /// EV_MAX: the highest event type the kernel defines.
    public static let max: UInt16 = 0x1f

    /// Highest code per type (KEY_MAX, REL_MAX, ABS_MAX, …; SYN_MAX for EV_SYN).
    public static func maximumCode(of type: UInt16) -> UInt16 {
        switch type {
        case syn: 0x0f
        case key: 0x2ff
        case rel: 0x0f
        case abs: 0x3f
        case msc: 0x07
        case sw: 0x11
        case 0x11: 0x0f // EV_LED
        case 0x12: 0x7f // EV_SND
        case 0x14: 0x01 // EV_REP
        case 0x15: 0x7f // EV_FF
        case 0x16, 0x17: 0x01 // EV_PWR, EV_FF_STATUS
        default: 0x2ff
        }
    }
}

public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

public enum KeyCode {
    /// BTN_MOUSE … BTN_TASK: mouse buttons (udev's has_mouse_button range is BTN_MOUSE..<BTN_JOYSTICK).
    public static let mouseButtons: ClosedRange<UInt16> = 0x110...0x11f
    public static let joystickButtons: ClosedRange<UInt16> = 0x120...0x13f
    public static let toolPen: UInt16 = 0x140
    public static let toolFinger: UInt16 = 0x145
    public static let touch: UInt16 = 0x14a
    public static let stylus: UInt16 = 0x14b
}

public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let z: UInt16 = 0x02
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtTrackingID: UInt16 = 0x39
}

public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
}

/// ABS_MT_TOOL_TYPE values.
public enum MTToolType {
    public static let finger: Int32 = 0
    public static let pen: Int32 = 1
    public static let palm: Int32 = 2
}

/// INPUT_PROP_* bits.
public enum InputProperty {
    public static let pointer: Int = 0
    public static let direct: Int = 1
    public static let buttonpad: Int = 2
    public static let semiMT: Int = 3
    public static let accelerometer: Int = 6
}
