import CLibevdev
import Recordings

extension DeviceKind {
    /// Touchscreen and touchpad as udev's input_id decides them (`Recordings.DeviceClass`, so an
    /// old panel with an empty property bitmap still counts as a touchscreen); then pointers
    /// (mice, wheels) and keyboards (letter or arrow keys).
    public init(_ device: EvdevDevice) {
        switch DeviceClass(device: device) {
        case .touchscreen: self = .touchscreen
        case .touchpad: self = .touchpad
        case .mouse: self = .pointer
        case .tablet, .joystick, .accelerometer, .other:
            if device.has(type: UInt16(EV_REL), code: UInt16(REL_WHEEL)) || device.has(type: UInt16(EV_REL), code: UInt16(REL_X)) {
                self = .pointer
            } else if device.hasKey(UInt16(KEY_A)) || device.hasKey(UInt16(KEY_UP)) {
                self = .keyboard
            } else {
                self = .other
            }
        }
    }
}

extension EvdevDevice {
    /// The bus as a word (`usb`, `i2c`, `virtual` for uinput devices, …), hex when unknown.
    public var busName: String {
        switch Int32(id.bustype) {
        case BUS_USB: "usb"
        case BUS_I2C: "i2c"
        case BUS_VIRTUAL: "virtual"
        case BUS_BLUETOOTH: "bluetooth"
        case BUS_I8042: "i8042"
        case BUS_HOST: "host"
        case BUS_SPI: "spi"
        default: "0x" + String(id.bustype, radix: 16)
        }
    }

    /// The axes that carry touch positions: the multitouch ones when present.
    public var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        if let x = absinfo[AbsCode.mtPositionX], let y = absinfo[AbsCode.mtPositionY] { return (x, y) }
        if let x = absinfo[AbsCode.x], let y = absinfo[AbsCode.y] { return (x, y) }
        return nil
    }
}
