import ScrollEngine

/// One `struct input_event`: what the kernel reports, with its time in µs.
public struct EvdevEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: Timestamp
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }

    public var description: String { "\(time.microseconds)µs type \(type) code \(code) value \(value)" }
}
