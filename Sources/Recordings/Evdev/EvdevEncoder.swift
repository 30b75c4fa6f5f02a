import ScrollEngine

/// The inverse of `EvdevDecoder` for protocol-B devices: turns touch frames (screen px) into
/// the events a kernel driver would send (ABS_MT_SLOT, ABS_MT_TRACKING_ID, positions, BTN_TOUCH,
/// ABS_X/ABS_Y for the first finger, SYN_REPORT). Used to write synthetic recordings.
public struct EvdevEncoder {
    public let device: EvdevDevice
    public let mapping: ScreenMapping

    public init(device: EvdevDevice, mapping: ScreenMapping) {
        self.device = device
        self.mapping = mapping
    }

    public func encode(_ frames: [TouchFrame]) -> [EvdevEvent] {
        let xAxis = device.absinfo[AbsCode.mtPositionX]!, yAxis = device.absinfo[AbsCode.mtPositionY]!
        var events: [EvdevEvent] = []
        var currentSlot = 0
        var nextTrackingID: Int32 = 0
        var positions: [Int: (x: Int32, y: Int32)] = [:]
        var down = Set<Int>()
        for frame in frames {
            let wasTouching = !down.isEmpty
            func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
                events.append(EvdevEvent(time: frame.time, type: type, code: code, value: value))
            }
            for sample in frame.samples {
                let slot = sample.slot.rawValue
                if slot != currentSlot {
                    emit(EventType.abs, AbsCode.mtSlot, Int32(slot))
                    currentSlot = slot
                }
                let position = mapping.devicePosition(of: sample.location, xAxis: xAxis, yAxis: yAxis)
                switch sample.phase {
                case .down:
                    emit(EventType.abs, AbsCode.mtTrackingID, nextTrackingID)
                    nextTrackingID = (nextTrackingID + 1) % 65536
                    down.insert(slot)
                case .up, .cancel:
                    break
                case .move:
                    break
                }
                if sample.phase != .cancel {
                    if positions[slot]?.x != position.x { emit(EventType.abs, AbsCode.mtPositionX, position.x) }
                    if positions[slot]?.y != position.y { emit(EventType.abs, AbsCode.mtPositionY, position.y) }
                    positions[slot] = position
                }
                if sample.phase == .up || sample.phase == .cancel {
                    emit(EventType.abs, AbsCode.mtTrackingID, -1)
                    down.remove(slot)
                }
            }
            if wasTouching != !down.isEmpty { emit(EventType.key, KeyCode.touch, down.isEmpty ? 0 : 1) }
            if let first = down.min(), let position = positions[first] {
                emit(EventType.abs, AbsCode.x, position.x)
                emit(EventType.abs, AbsCode.y, position.y)
            }
            emit(EventType.syn, SynCode.report, 0)
        }
        return events
    }
}
