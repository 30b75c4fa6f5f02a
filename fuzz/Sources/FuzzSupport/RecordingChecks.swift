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
/// engine would see is a valid coordinate at a valid time.
public func checkFrames(device: EvdevDevice, events: [EvdevEvent], name: String) {
    struct Replay: EvdevEventReader {
        var device: EvdevDevice
        var name: String
        var events: IndexingIterator<[EvdevEvent]>
        var warnings: [RecordingWarning] { [] }
        var currentLine: Int? { nil }
        mutating func nextEvent() throws -> EvdevEvent? { events.next() }
    }
    guard var frames = try? EvdevTouchFrameReader(events: Replay(device: device, name: name, events: events.makeIterator()), mapping: fuzzMapping) else { return }
    while let frame = try? frames.nextFrame() {
        checkFrame(frame)
    }
}

/// Every sample of `frame` holds a coordinate the engine accepts, at a valid time.
public func checkFrame(_ frame: TouchFrame) {
    require(Timestamp.isValidInput(microseconds: frame.time.microseconds), "frame time \(frame.time) outside the input range")
    for sample in frame.samples {
        require(InputLimits.coordinateProblem(sample.location.x) == nil && InputLimits.coordinateProblem(sample.location.y) == nil,
                "sample location \(sample.location) outside ±1e7")
    }
}
