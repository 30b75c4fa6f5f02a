import Recordings
import ScrollEngine

/// The screen every recording harness maps onto.
public let fuzzMapping = ScreenMapping(screenSize: Size(width: 1280, height: 800))

/// Reads every event of `reader` (at most `limit`), checking each time against the input range.
public func readEvents(_ reader: inout some EvdevEventReader, limit: Int = 100_000) throws -> [EvdevEvent] {
    var events: [EvdevEvent] = []
    while events.count < limit, let event = try reader.nextEvent() {
        require(Timestamp.isValidInput(microseconds: event.time.microseconds), "event time \(event.time) outside the input range")
        events.append(event)
    }
    return events
}

/// Decodes `events` of `device` into touch frames as replay does, checking that every sample the
/// engine would see is a valid coordinate at a valid time; returns the frames.
@discardableResult
public func checkFrames(device: EvdevDevice, events: [EvdevEvent], name: String) -> [TouchFrame] {
    struct Replay: EvdevEventReader {
        var device: EvdevDevice
        var name: String
        var events: IndexingIterator<[EvdevEvent]>
        var warnings: [RecordingWarning] { [] }
        var currentLine: Int? { nil }
        mutating func nextEvent() throws -> EvdevEvent? { events.next() }
    }
    // The events never fail to read, so the frames are nil only when the device cannot be decoded.
    let frames = framesRead(Replay(device: device, name: name, events: events.makeIterator()), limit: .max) ?? []
    frames.forEach(checkFrame)
    return frames
}

/// The frames a frame reader gives over `reader` itself (which may hand the decoder its buffered
/// events in one pass, `feedReadyEvents`), at most `limit`; nil if reading fails.
public func framesRead(_ reader: some EvdevEventReader, limit: Int = 100_000) -> [TouchFrame]? {
    guard var frames = try? EvdevTouchFrameReader(events: reader, mapping: fuzzMapping) else { return nil }
    var decoded: [TouchFrame] = []
    do {
        while decoded.count < limit, let frame = try frames.nextFrame() { decoded.append(frame) }
    } catch {
        return nil
    }
    return decoded
}

/// Every sample of `frame` holds a coordinate the engine accepts, at a valid time.
public func checkFrame(_ frame: TouchFrame) {
    require(Timestamp.isValidInput(microseconds: frame.time.microseconds), "frame time \(frame.time) outside the input range")
    for sample in frame.samples {
        require(InputLimits.coordinateProblem(sample.location.x) == nil && InputLimits.coordinateProblem(sample.location.y) == nil,
                "sample location \(sample.location) outside ±1e7")
    }
}
