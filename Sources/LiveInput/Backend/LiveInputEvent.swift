import ScrollEngine

/// What an input backend hands the run loop: touches, keys, wheel turns, and devices coming and going.
public enum LiveInputEvent: Hashable, Sendable {
    /// A touchscreen frame (one libinput TOUCH_FRAME or one evdev SYN_REPORT).
    case touches(TouchFrame)
    /// A key that scrolls, pressed at `time` (releases are not reported).
    case key(ScrollKey, time: Timestamp)
    /// Wheel or touchpad scrolling, in points; positive y scrolls the content up (the offset grows).
    case wheel(delta: Point, time: Timestamp)
    case deviceAdded(InputDeviceSummary)
    /// The device went away. Touches it had down were cancelled in a `.touches` frame just before.
    case deviceRemoved(InputDeviceSummary, time: Timestamp)
}

/// A device as the run loop reports it (log lines, daemon status).
public struct InputDeviceSummary: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var node: String
    public var kind: DeviceKind

    public init(name: String, node: String, kind: DeviceKind) {
        self.name = name
        self.node = node
        self.kind = kind
    }

    public var description: String { "\(node) \"\(name)\" (\(kind.rawValue))" }
}

/// What a device is to touchscroll.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable, Codable {
    case touchscreen, touchpad, keyboard, pointer, other
}
