import ScrollEngine

/// Turns raw evdev events into `TouchFrame`s, one frame per SYN_REPORT that changed a touch.
///
/// Shared by the file readers and the live raw-evdev backend (which feeds it events read through
/// libevdev); it never touches files or clocks. Handles multitouch protocol B (slots and tracking
/// ids), protocol A (SYN_MT_REPORT contacts matched to slots by tracking id or nearest
/// neighbour) and single-touch devices (ABS_X/ABS_Y + BTN_TOUCH); SYN_DROPPED; palms
/// (MT_TOOL_PALM cancels the touch); slot numbers beyond the device's slot count. Locations are
/// screen px through `ScreenMapping`. Tolerated oddities become `warnings`, never crashes.
///
/// Output rules: every `down` is followed by exactly one `up` or `cancel` for that slot; a new
/// tracking id on a slot that is still down gives `up` then `down` for that slot in one frame.
public struct EvdevDecoder: Sendable {
    public let device: EvdevDevice
    public let mapping: ScreenMapping
    public let touchProtocol: TouchProtocol
    public let droppedEvents: DroppedEventsPolicy
    /// Slots this decoder tracks (protocol B: the device's, capped at `maximumSlots`).
    public let slotCount: Int
    /// More slots than this are not tracked (a device claiming millions is broken, not big).
    public static let maximumSlots = ChangedSlots.capacity

    private let xAxis: AbsInfo
    private let yAxis: AbsInfo
    private var slots: [SlotState]
    /// The slots that had an event since the last SYN_REPORT: only they can change at the commit,
    /// so it visits them alone, in slot order.
    private var changedSlots = ChangedSlots()
    private var currentSlot: Int?
    private var contacts = ContactAssembler()
    private var activeContacts: [ActiveContact] = []
    private var single: SingleTouchState
    private var dropping = false
    private var warnedSlotOutOfRange = false
    private var warnedTooManyContacts = false
    private var pendingWarnings: [RecordingWarning] = []
    /// A protocol-B frame's samples as they are collected, in storage reused from frame to frame (no
    /// allocation per frame).
    private var frameSamples = FrameSamples()

    /// Fails when the device has no usable position axes for its protocol.
    public init(device: EvdevDevice, mapping: ScreenMapping, droppedEvents: DroppedEventsPolicy = .cancelTouches) throws {
        self.device = device
        self.mapping = mapping
        self.droppedEvents = droppedEvents
        touchProtocol = device.touchProtocol
        let (xCode, yCode) = touchProtocol == .singleTouch ? (AbsCode.x, AbsCode.y) : (AbsCode.mtPositionX, AbsCode.mtPositionY)
        for code in [xCode, yCode] {
            guard let info = device.absinfo[code], device.hasAbs(code) else {
                throw RecordingError(file: device.name, line: nil,
                                     expected: "an absolute axis \(AbsCodeName.name(code)) for a \(touchProtocol.rawValue) device")
            }
            guard info.isUsableRange else {
                throw RecordingError(file: device.name, line: nil,
                                     expected: "\(AbsCodeName.name(code)) with minimum < maximum, got \(info.minimum)…\(info.maximum)")
            }
        }
        xAxis = device.absinfo[xCode]!
        yAxis = device.absinfo[yCode]!
        var count = 1
        if touchProtocol == .multitouchB {
            count = device.slotCount ?? 1
            if count > Self.maximumSlots {
                pendingWarnings.append(RecordingWarning(message: "device claims \(count) slots; only slots 0…\(Self.maximumSlots - 1) are tracked"))
                count = Self.maximumSlots
            }
            count = max(count, 1)
            let initialSlot = Int(device.absinfo[AbsCode.mtSlot]?.value ?? 0)
            currentSlot = (0..<count).contains(initialSlot) ? initialSlot : 0
        }
        slotCount = count
        slots = Array(repeating: SlotState(x: xAxis.value, y: yAxis.value), count: touchProtocol == .multitouchB ? count : 0)
        single = SingleTouchState(x: xAxis.value, y: yAxis.value)
    }

    /// Millimetres per screen px along the screen's x and y, when the device states its resolution
    /// (the panel covers the screen). Turns screen distances into physical ones, e.g. for
    /// thresholds in mm.
    public var millimetresPerPixel: (x: Double, y: Double)? {
        guard xAxis.resolution > 0, yAxis.resolution > 0 else { return nil }
        let panelWidth = (Double(Int64(xAxis.maximum) - Int64(xAxis.minimum)) + 1) / Double(xAxis.resolution)
        let panelHeight = (Double(Int64(yAxis.maximum) - Int64(yAxis.minimum)) + 1) / Double(yAxis.resolution)
        switch mapping.rotation {
        case .none, .half: return (panelWidth / mapping.screenSize.width, panelHeight / mapping.screenSize.height)
        case .quarter, .threeQuarters: return (panelHeight / mapping.screenSize.width, panelWidth / mapping.screenSize.height)
        }
    }

    /// Whether `takeWarnings` has anything to return (asked after every event: cheaper than taking
    /// an empty array each time).
    public var hasWarnings: Bool { !pendingWarnings.isEmpty }

    /// Warnings since the last call (each says what was skipped and why).
    public mutating func takeWarnings() -> [RecordingWarning] {
        defer { pendingWarnings.removeAll() }
        return pendingWarnings
    }

    /// How many touches are down (reported and not yet lifted).
    public var touchesDown: Int {
        switch touchProtocol {
        case .multitouchB: slots.filter { $0.life == .down }.count
        case .multitouchA: activeContacts.count
        case .singleTouch: single.reported ? 1 : 0
        }
    }

    /// Feeds one event; returns a frame when a SYN_REPORT completes one with touch changes.
    public mutating func feed(_ event: EvdevEvent) -> TouchFrame? {
        if event.type == EventType.syn && event.code == SynCode.dropped {
            switch droppedEvents {
            case .cancelTouches:
                dropping = true
            case .applyResyncEvents:
                // What follows up to the next SYN_REPORT is libevdev's state delta: a normal frame.
                pendingWarnings.append(RecordingWarning(message: "SYN_DROPPED at \(event.time.microseconds)µs: applying the resync events that follow"))
            }
            return nil
        }
        if dropping {
            guard event.isSynReport else { return nil }
            dropping = false
            return resynchronise(at: event.time)
        }
        if event.isSynReport {
            let samples: [TouchSample]
            switch touchProtocol {
            case .multitouchB: samples = commitSlots()
            case .multitouchA: samples = commitContacts()
            case .singleTouch: samples = commitSingleTouch()
            }
            return samples.isEmpty ? nil : TouchFrame(time: event.time, samples: samples)
        }
        switch touchProtocol {
        case .multitouchB: feedSlotEvent(event)
        case .multitouchA: feedContactEvent(event)
        case .singleTouch: feedSingleTouchEvent(event)
        }
        return nil
    }

    /// Ends the stream: cancels every touch still down (a recording cut off mid-touch).
    public mutating func finish(at time: Timestamp) -> TouchFrame? {
        let samples = cancelAll()
        if !samples.isEmpty {
            pendingWarnings.append(RecordingWarning(message: "input ended with \(samples.count) touch(es) down; cancelled them"))
        }
        return samples.isEmpty ? nil : TouchFrame(time: time, samples: samples)
    }

    private func location(_ x: Int32, _ y: Int32) -> Point {
        mapping.screenPoint(x: x, y: y, xAxis: xAxis, yAxis: yAxis)
    }

    // MARK: SYN_DROPPED

    /// After SYN_DROPPED nothing is known about the touches: cancel the ones that are down, and
    /// ignore slots until they start a new touch (a new tracking id).
    private mutating func resynchronise(at time: Timestamp) -> TouchFrame? {
        var samples: [TouchSample] = []
        for index in slots.indices {
            let (life, phases) = slots[index].life.next(.dropped)
            for phase in phases {
                samples.append(TouchSample(slot: TouchSlot(index), phase: phase, location: location(slots[index].x, slots[index].y)))
            }
            slots[index].life = life
            slots[index].frame = SlotFrame()
        }
        changedSlots.removeAll()
        samples += cancelContactsAndSingleTouch()
        single.unknown = true
        contacts = ContactAssembler()
        pendingWarnings.append(RecordingWarning(message: "SYN_DROPPED at \(time.microseconds)µs: events lost, \(samples.count) touch(es) cancelled, resynchronised at the next SYN_REPORT"))
        return samples.isEmpty ? nil : TouchFrame(time: time, samples: samples)
    }

    private mutating func cancelAll() -> [TouchSample] {
        var samples: [TouchSample] = []
        for index in slots.indices where slots[index].life == .down {
            samples.append(TouchSample(slot: TouchSlot(index), phase: .cancel, location: location(slots[index].x, slots[index].y)))
            slots[index].life = .idle
        }
        return samples + cancelContactsAndSingleTouch()
    }

    private mutating func cancelContactsAndSingleTouch() -> [TouchSample] {
        var samples: [TouchSample] = []
        for contact in activeContacts {
            samples.append(TouchSample(slot: contact.slot, phase: .cancel, location: location(contact.x, contact.y)))
        }
        activeContacts.removeAll()
        if single.reported {
            samples.append(TouchSample(slot: TouchSlot(0), phase: .cancel, location: location(single.x, single.y)))
            single.reported = false
        }
        return samples
    }

    // MARK: protocol B

    private mutating func feedSlotEvent(_ event: EvdevEvent) {
        guard event.type == EventType.abs else { return }
        if event.code == AbsCode.mtSlot {
            if event.value >= 0 && Int(event.value) < slotCount {
                currentSlot = Int(event.value)
            } else {
                currentSlot = nil
                if !warnedSlotOutOfRange {
                    warnedSlotOutOfRange = true
                    pendingWarnings.append(RecordingWarning(message: "slot \(event.value) is outside the device's \(slotCount) slot(s); its events are ignored (warned once)"))
                }
            }
            return
        }
        guard let index = currentSlot else { return }
        switch event.code {
        case AbsCode.mtTrackingID:
            slots[index].setTrackingID(event.value)
        case AbsCode.mtPositionX:
            slots[index].x = event.value
            slots[index].frame.moved = true
        case AbsCode.mtPositionY:
            slots[index].y = event.value
            slots[index].frame.moved = true
        case AbsCode.mtToolType:
            slots[index].toolType = event.value
        default:
            return
        }
        // The commit visits this slot.
        changedSlots.insert(index)
    }

    private mutating func commitSlots() -> [TouchSample] {
        // Only the slots with an event in this frame are visited (`changedSlots`): for any other
        // the transition is the identity. An idle, unknown or palm slot with no change stays as it
        // is, and so does a finger that is down and did not move (its tool type can only turn to
        // palm through an event, which marks the slot). The slots are walked through their storage,
        // with the frame's samples in a local array (swapped in and out, so its storage is still
        // reused): no uniqueness check per slot.
        let (mapping, xAxis, yAxis) = (mapping, xAxis, yAxis)
        var samples: [TouchSample] = []
        swap(&samples, &frameSamples.current)
        // Taken out of `self` (left empty for the next frame), since the walk changes the slots.
        var changed = ChangedSlots()
        swap(&changed, &changedSlots)
        slots.withUnsafeMutableBufferPointer { slots in
            changed.drain { index in
                var frame = slots[index].frame
                frame.touching = slots[index].trackingID >= 0
                frame.palm = slots[index].toolType == MTToolType.palm
                let (life, phases) = slots[index].life.next(.frame(frame))
                for phase in phases {
                    samples.append(TouchSample(slot: TouchSlot(index), phase: phase,
                                               location: mapping.screenPoint(x: slots[index].x, y: slots[index].y, xAxis: xAxis, yAxis: yAxis)))
                }
                slots[index].life = life
                slots[index].frame = SlotFrame()
            }
        }
        swap(&samples, &frameSamples.current)
        return frameSamples.handOut()
    }

    /// Takes back a frame's storage for the frames after it (`TouchFrameReader.recycle(_:)`).
    public mutating func recycle(_ frame: consuming TouchFrame) {
        frameSamples.takeBack(&frame.samples)
    }

    // MARK: protocol A

    private mutating func feedContactEvent(_ event: EvdevEvent) {
        if event.type == EventType.syn && event.code == SynCode.mtReport {
            contacts.endContact()
            return
        }
        guard event.type == EventType.abs else { return }
        switch event.code {
        case AbsCode.mtPositionX: contacts.current.x = event.value
        case AbsCode.mtPositionY: contacts.current.y = event.value
        case AbsCode.mtTrackingID: contacts.current.trackingID = event.value
        case AbsCode.mtToolType: contacts.current.toolType = event.value
        default: break
        }
    }

    private mutating func commitContacts() -> [TouchSample] {
        var reported = contacts.finishFrame()
        if contacts.skippedWithoutPosition > 0 {
            pendingWarnings.append(RecordingWarning(message: "\(contacts.skippedWithoutPosition) protocol-A contact(s) without a position skipped"))
        }
        contacts = ContactAssembler()
        reported.removeAll { $0.toolType == MTToolType.palm }
        if reported.count > Self.maximumSlots {
            if !warnedTooManyContacts {
                warnedTooManyContacts = true
                pendingWarnings.append(RecordingWarning(message: "more than \(Self.maximumSlots) contacts in a frame; the rest are ignored (warned once)"))
            }
            reported.removeLast(reported.count - Self.maximumSlots)
        }
        let matches = ContactMatcher.match(active: activeContacts, reported: reported)
        var samples: [TouchSample] = []
        var next: [ActiveContact] = []
        for (activeIndex, contact) in activeContacts.enumerated() {
            if let reportedIndex = matches[activeIndex] {
                let update = reported[reportedIndex]
                var moved = contact
                moved.x = update.x!
                moved.y = update.y!
                if moved.x != contact.x || moved.y != contact.y {
                    samples.append(TouchSample(slot: contact.slot, phase: .move, location: location(moved.x, moved.y)))
                }
                next.append(moved)
            } else {
                samples.append(TouchSample(slot: contact.slot, phase: .up, location: location(contact.x, contact.y)))
            }
        }
        let matchedReported = Set(matches.values)
        var used = Set(next.map(\.slot.rawValue))
        for (index, contact) in reported.enumerated() where !matchedReported.contains(index) {
            var slot = 0
            while used.contains(slot) { slot += 1 }
            used.insert(slot)
            let active = ActiveContact(slot: TouchSlot(slot), x: contact.x!, y: contact.y!, trackingID: contact.trackingID)
            next.append(active)
            samples.append(TouchSample(slot: active.slot, phase: .down, location: location(active.x, active.y)))
        }
        activeContacts = next
        return samples
    }

    // MARK: single touch

    private mutating func feedSingleTouchEvent(_ event: EvdevEvent) {
        switch (event.type, event.code) {
        case (EventType.abs, AbsCode.x):
            single.x = event.value
            single.moved = true
        case (EventType.abs, AbsCode.y):
            single.y = event.value
            single.moved = true
        case (EventType.key, KeyCode.touch):
            single.touching = event.value != 0
            single.unknown = false
        default:
            break
        }
    }

    private mutating func commitSingleTouch() -> [TouchSample] {
        defer { single.moved = false }
        guard !single.unknown else { return [] }
        let here = location(single.x, single.y)
        switch (single.reported, single.touching) {
        case (false, true):
            single.reported = true
            return [TouchSample(slot: TouchSlot(0), phase: .down, location: here)]
        case (true, false):
            single.reported = false
            return [TouchSample(slot: TouchSlot(0), phase: .up, location: here)]
        case (true, true) where single.moved:
            return [TouchSample(slot: TouchSlot(0), phase: .move, location: here)]
        default:
            return []
        }
    }
}

/// What the decoder does after SYN_DROPPED.
public enum DroppedEventsPolicy: Hashable, Sendable {
    /// Drop every event up to the next SYN_REPORT, cancel the touches that were down and ignore
    /// slots until they start a new touch: for recordings and raw kernel reads, where no device
    /// state can be queried.
    case cancelTouches
    /// The events after SYN_DROPPED, up to the next SYN_REPORT, are a resynchronisation delta
    /// (what libevdev delivers with LIBEVDEV_READ_FLAG_SYNC): apply them as a normal frame, so
    /// fingers that stayed down continue and changed ones end or begin.
    case applyResyncEvents
}

/// One protocol-B slot as the decoder sees it. Position values persist across tracking ids, as
/// in the kernel: a new touch without position events starts where the last one was.
struct SlotState {
    var trackingID: Int32 = -1
    var x: Int32
    var y: Int32
    var toolType: Int32 = MTToolType.finger
    var life = SlotLife.idle
    /// Changes since the last SYN_REPORT.
    var frame = SlotFrame()

    init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    mutating func setTrackingID(_ id: Int32) {
        if id < 0 {
            if trackingID >= 0 { frame.ended = true }
            trackingID = -1
        } else if id != trackingID {
            if trackingID >= 0 { frame.ended = true }
            trackingID = id
            frame.started = true
        }
    }
}

/// A protocol-A contact being assembled between SYN_MT_REPORTs.
struct ReportedContact {
    var x: Int32?
    var y: Int32?
    var trackingID: Int32?
    var toolType: Int32?
    var isEmpty: Bool { x == nil && y == nil && trackingID == nil && toolType == nil }
}

struct ContactAssembler {
    var current = ReportedContact()
    var finished: [ReportedContact] = []
    var skippedWithoutPosition = 0

    mutating func endContact() {
        defer { current = ReportedContact() }
        if current.isEmpty { return }
        guard current.x != nil, current.y != nil else {
            skippedWithoutPosition += 1
            return
        }
        finished.append(current)
    }

    /// The contacts of the frame; a contact not closed by SYN_MT_REPORT still counts.
    mutating func finishFrame() -> [ReportedContact] {
        endContact()
        return finished
    }
}

/// A protocol-A contact that is down, with the slot number it was given.
struct ActiveContact {
    var slot: TouchSlot
    var x: Int32
    var y: Int32
    var trackingID: Int32?
}

/// Matches this frame's anonymous protocol-A contacts to the touches already down: by tracking
/// id when the device sends them, otherwise greedily by nearest neighbour (closest pair first).
enum ContactMatcher {
    /// For each active index, the reported index it continues as.
    static func match(active: [ActiveContact], reported: [ReportedContact]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        var takenReported = Set<Int>()
        for (activeIndex, contact) in active.enumerated() {
            guard let id = contact.trackingID,
                  let reportedIndex = reported.indices.first(where: { reported[$0].trackingID == id && !takenReported.contains($0) })
            else { continue }
            result[activeIndex] = reportedIndex
            takenReported.insert(reportedIndex)
        }
        var pairs: [(distance: Double, active: Int, reported: Int)] = []
        for (activeIndex, contact) in active.enumerated() where result[activeIndex] == nil {
            for (reportedIndex, candidate) in reported.enumerated() where !takenReported.contains(reportedIndex) {
                // Contacts with differing tracking ids are different touches.
                if let a = contact.trackingID, let b = candidate.trackingID, a != b { continue }
                let dx = Double(candidate.x!) - Double(contact.x), dy = Double(candidate.y!) - Double(contact.y)
                pairs.append((dx * dx + dy * dy, activeIndex, reportedIndex))
            }
        }
        pairs.sort { ($0.distance, $0.active, $0.reported) < ($1.distance, $1.active, $1.reported) }
        for pair in pairs where result[pair.active] == nil && !takenReported.contains(pair.reported) {
            result[pair.active] = pair.reported
            takenReported.insert(pair.reported)
        }
        return result
    }
}

struct SingleTouchState {
    var x: Int32
    var y: Int32
    var touching = false
    var reported = false
    var moved = false
    var unknown = false
}

/// Names of ABS codes for messages.
enum AbsCodeName {
    static func name(_ code: UInt16) -> String {
        switch code {
        case AbsCode.x: "ABS_X"
        case AbsCode.y: "ABS_Y"
        case AbsCode.mtSlot: "ABS_MT_SLOT"
        case AbsCode.mtPositionX: "ABS_MT_POSITION_X"
        case AbsCode.mtPositionY: "ABS_MT_POSITION_Y"
        case AbsCode.mtTrackingID: "ABS_MT_TRACKING_ID"
        default: "ABS code \(code)"
        }
    }
}
