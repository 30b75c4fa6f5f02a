import Logging
import ScrollEngine

/// Turns libinput event records into `LiveInputEvent`s: touch events gathered until TOUCH_FRAME,
/// per-device slot bookkeeping so a removed device's touches are cancelled, keys and wheels converted.
///
/// A value type with one `handle` function and no I/O, tested with scripted records.
public struct LibinputTouchAssembler: Sendable {
    /// Points one wheel detent scrolls (a line). libinput reports wheels in degrees, 15° a detent.
    public static let pointsPerWheelDetent = 40.0
    static let degreesPerWheelDetent = 15.0

    private var devices: [LibinputDeviceID: LibinputDeviceInfo] = [:]
    /// Slots down per device, with their last location (an up carries no position in libinput).
    private var activeSlots: [LibinputDeviceID: [Int: Point]] = [:]
    private var pending: [TouchSample] = []
    private var pendingTime: Timestamp?
    private var lastTime: Timestamp = .zero
    /// Accept touches only from devices libinput gives the touch capability (touchscreens).
    public var acceptsKeyboards: Bool
    public var acceptsWheels: Bool

    public init(acceptsKeyboards: Bool = true, acceptsWheels: Bool = true) {
        self.acceptsKeyboards = acceptsKeyboards
        self.acceptsWheels = acceptsWheels
    }

    /// Devices currently known, by id.
    public var knownDevices: [LibinputDeviceID: LibinputDeviceInfo] { devices }

    /// Touches currently down, over all devices.
    public var touchesDown: Int { activeSlots.values.reduce(0) { $0 + $1.count } }

    public mutating func handle(_ record: LibinputEventRecord) -> [LiveInputEvent] {
        switch record {
        case let .deviceAdded(id, info):
            devices[id] = info
            return [.deviceAdded(summary(of: info))]
        case let .deviceRemoved(id):
            var out = flush()
            let down = activeSlots.removeValue(forKey: id) ?? [:]
            if !down.isEmpty {
                let samples = down.sorted { $0.key < $1.key }.map {
                    TouchSample(slot: TouchSlot($0.key), phase: .cancel, location: $0.value)
                }
                out.append(.touches(TouchFrame(time: lastTime, samples: samples)))
            }
            if let info = devices.removeValue(forKey: id) {
                out.append(.deviceRemoved(summary(of: info), time: lastTime))
            }
            return out
        case let .touchDown(id, slot, location, time):
            var out = samplesBeforeAdding(slot: slot, time: time)
            activeSlots[id, default: [:]][slot] = location
            out += add(TouchSample(slot: TouchSlot(slot), phase: .down, location: location), time: time)
            return out
        case let .touchMotion(id, slot, location, time):
            guard activeSlots[id]?[slot] != nil else { return [] }
            var out = samplesBeforeAdding(slot: slot, time: time)
            activeSlots[id]![slot] = location
            out += add(TouchSample(slot: TouchSlot(slot), phase: .move, location: location), time: time)
            return out
        case let .touchUp(id, slot, time), let .touchCancel(id, slot, time):
            guard let location = activeSlots[id]?[slot] else { return [] }
            var out = samplesBeforeAdding(slot: slot, time: time)
            activeSlots[id]![slot] = nil
            let phase: TouchPhase = if case .touchUp = record { .up } else { .cancel }
            out += add(TouchSample(slot: TouchSlot(slot), phase: phase, location: location), time: time)
            return out
        case let .touchFrame(_, time):
            lastTime = max(lastTime, time)
            if pendingTime != nil { pendingTime = max(pendingTime!, time) }
            return flush()
        case let .key(_, code, pressed, time):
            lastTime = max(lastTime, time)
            guard acceptsKeyboards, pressed, let command = ScrollKey(linuxKeyCode: code) else { return [] }
            return flush() + [.key(command, time: time)]
        case let .scroll(_, source, delta, time):
            lastTime = max(lastTime, time)
            guard acceptsWheels, delta != .zero else { return [] }
            let points = source == .wheel
                ? delta * (Self.pointsPerWheelDetent / Self.degreesPerWheelDetent)
                : delta
            return flush() + [.wheel(delta: points, time: time)]
        case .ignored:
            return []
        }
    }

    /// A slot changing twice within one frame (down and up before TOUCH_FRAME) closes the frame
    /// first, so a TouchFrame never lists the same slot twice.
    private mutating func samplesBeforeAdding(slot: Int, time: Timestamp) -> [LiveInputEvent] {
        pending.contains { $0.slot.rawValue == slot } ? flush() : []
    }

    private mutating func add(_ sample: TouchSample, time: Timestamp) -> [LiveInputEvent] {
        pending.append(sample)
        pendingTime = max(pendingTime ?? time, time)
        lastTime = max(lastTime, time)
        return []
    }

    private mutating func flush() -> [LiveInputEvent] {
        guard let time = pendingTime, !pending.isEmpty else { return [] }
        defer {
            pending = []
            pendingTime = nil
        }
        return [.touches(TouchFrame(time: time, samples: pending))]
    }

    private func summary(of info: LibinputDeviceInfo) -> InputDeviceSummary {
        let kind: DeviceKind = info.hasTouch ? .touchscreen
            : info.hasKeyboard ? .keyboard
            : info.hasPointer ? .pointer : .other
        return InputDeviceSummary(name: info.name, node: info.node, kind: kind)
    }
}
