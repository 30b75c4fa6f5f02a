import ScrollEngine

/// A libinput device, named by the address of its `struct libinput_device` while it exists.
public struct LibinputDeviceID: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// What libinput says about a device when it is added.
public struct LibinputDeviceInfo: Hashable, Sendable {
    public var name: String
    /// The kernel name, `event5`.
    public var sysname: String
    /// The node, `/dev/input/event5` (from udev; derived from the sysname without one).
    public var node: String
    public var hasTouch: Bool
    public var hasKeyboard: Bool
    public var hasPointer: Bool
    /// Physical size in mm, when libinput knows it.
    public var sizeMillimetres: Size?
    /// Simultaneous touches the device supports (0 when it has no touch capability, -1 unknown).
    public var touchCount: Int

    public init(name: String, sysname: String, node: String, hasTouch: Bool, hasKeyboard: Bool, hasPointer: Bool,
                sizeMillimetres: Size? = nil, touchCount: Int = 0) {
        self.name = name
        self.sysname = sysname
        self.node = node
        self.hasTouch = hasTouch
        self.hasKeyboard = hasKeyboard
        self.hasPointer = hasPointer
        self.sizeMillimetres = sizeMillimetres
        self.touchCount = touchCount
    }
}

/// Where a scroll event came from (libinput's POINTER_SCROLL_WHEEL / _FINGER / _CONTINUOUS).
public enum ScrollSource: String, Hashable, Sendable {
    case wheel, finger, continuous
}

/// One libinput event, copied out of libinput into plain values at the C boundary so everything
/// after it (frame assembly, key mapping, hotplug) is testable without libinput or devices.
public enum LibinputEventRecord: Hashable, Sendable {
    case deviceAdded(LibinputDeviceID, LibinputDeviceInfo)
    case deviceRemoved(LibinputDeviceID)
    /// `location` is already transformed to the screen size (`libinput_event_touch_get_x_transformed`).
    case touchDown(LibinputDeviceID, seatSlot: Int, location: Point, time: Timestamp)
    case touchMotion(LibinputDeviceID, seatSlot: Int, location: Point, time: Timestamp)
    case touchUp(LibinputDeviceID, seatSlot: Int, time: Timestamp)
    case touchCancel(LibinputDeviceID, seatSlot: Int, time: Timestamp)
    case touchFrame(LibinputDeviceID, time: Timestamp)
    /// A key press or release, `code` as in linux/input-event-codes.h.
    case key(LibinputDeviceID, code: UInt32, pressed: Bool, time: Timestamp)
    /// Scroll amounts as libinput reports them: degrees for wheels (15 per detent), pixel-like units
    /// for fingers and continuous sources; positive y is "down".
    case scroll(LibinputDeviceID, source: ScrollSource, delta: Point, time: Timestamp)
    /// Anything the backends do not use (gestures, tablet events, switches, pointer motion).
    case ignored(type: Int32)
}
