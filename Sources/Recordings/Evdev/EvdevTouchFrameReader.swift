import ScrollEngine

/// Touch frames from any recorded event stream: events from `EvdevEventReader` through
/// `EvdevDecoder`. At the end, touches still down are cancelled so downs and ups balance.
///
/// The type itself puts no requirement on `Events`; everything it does is in the extension below,
/// for an `EvdevEventReader`. Making a generic type's metadata checks its requirements, and the
/// first check of a protocol conformance walks every conformance record of the executable: a
/// recording source holds one of these for each evdev format, whose metadata are made when the
/// source is destroyed, whatever the format it read.
public struct EvdevTouchFrameReader<Events> {
    public fileprivate(set) var events: Events
    public fileprivate(set) var decoder: EvdevDecoder
    fileprivate var decoderWarnings: [RecordingWarning] = []
    fileprivate var droppedWarnings = 0
    fileprivate var lastTime = Timestamp.zero
    fileprivate var finished = false

    fileprivate init(events: Events, decoder: EvdevDecoder) {
        self.events = events
        self.decoder = decoder
    }
}

extension EvdevTouchFrameReader: TouchFrameReader where Events: EvdevEventReader {
    public init(events: Events, mapping: ScreenMapping) throws {
        do {
            self.init(events: events, decoder: try EvdevDecoder(device: events.device, mapping: mapping))
        } catch let error as RecordingError {
            throw RecordingError(file: events.name, line: nil, expected: "a device with usable touch axes: \(error.expected)")
        }
        collectDecoderWarnings()
    }

    public var device: EvdevDevice { events.device }

    public var warnings: [RecordingWarning] {
        guard droppedWarnings > 0 else { return events.warnings + decoderWarnings }
        return events.warnings + decoderWarnings + [RecordingWarning(file: events.name, message: "\(droppedWarnings) more warning(s) like these not shown")]
    }

    public mutating func nextFrame() throws -> TouchFrame? {
        guard !finished else { return nil }
        while true {
            // The events ready in the reader's buffer, straight into the decoder; then one read
            // the usual way (which reads more input, or reports a line the first way left).
            let ready = events.feedReadyEvents(to: &decoder, lastTime: &lastTime)
            collectDecoderWarnings()
            if let ready { return ready }
            guard let event = try events.nextEvent() else { break }
            lastTime = event.time
            let frame = decoder.feed(event)
            collectDecoderWarnings()
            if let frame { return frame }
        }
        finished = true
        let frame = decoder.finish(at: lastTime)
        collectDecoderWarnings()
        return frame
    }

    /// Takes back a frame's storage for the frames after it.
    public mutating func recycle(_ frame: consuming TouchFrame) {
        decoder.recycle(frame)
    }

    /// The most decoder warnings kept: a recording of nothing but SYN_DROPPED would otherwise
    /// hold one per event. The rest are counted in a last warning.
    public static var maximumWarnings: Int { 100 }

    /// Asked after every event: the common answer (nothing to collect) is inlined at the call.
    @inline(__always) private mutating func collectDecoderWarnings() {
        if decoder.hasWarnings { takeDecoderWarnings() }
    }

    private mutating func takeDecoderWarnings() {
        for warning in decoder.takeWarnings() {
            if decoderWarnings.count < Self.maximumWarnings {
                decoderWarnings.append(RecordingWarning(file: events.name, line: events.currentLine, message: warning.message))
            } else {
                droppedWarnings += 1
            }
        }
    }
}
