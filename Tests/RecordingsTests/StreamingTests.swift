import ScrollEngine
import XCTest
@testable import Recordings

/// Large inputs are read with bounded memory: the line reader never holds more than a chunk and
/// the current line, however long the recording.
final class StreamingTests: XCTestCase {
    /// An endless-looking evemu recording produced on demand: a header, then `frames` frames of a
    /// finger moving back and forth. Never exists in memory as a whole.
    struct GeneratedEvemu: ByteSource {
        let name = "generated.evemu"
        let frames: Int
        private var frame = -1
        private var pending: [UInt8] = []

        init(frames: Int) {
            self.frames = frames
        }

        mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
            while pending.count < maximum && frame < frames {
                if frame < 0 {
                    pending += Array(EvemuWriter.header(device: SyntheticSession.device).utf8)
                } else {
                    let time = Timestamp(microseconds: Int64(frame) * 8000)
                    var events = [EvdevEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(frame % 1000)),
                                  EvdevEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0)]
                    if frame == 0 { events.insert(EvdevEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: 1), at: 0) }
                    if frame == frames - 1 { events.insert(EvdevEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1), at: 1) }
                    pending += Array(events.map(EvemuWriter.eventLine).joined().utf8)
                }
                frame += 1
            }
            let count = min(maximum, pending.count)
            buffer += pending[0..<count]
            pending.removeFirst(count)
            return count
        }
    }

    func testReadingALongRecordingKeepsTheBufferBounded() throws {
        var reader = try EvemuReader(source: GeneratedEvemu(frames: 60_000))
        var decoder = try EvdevDecoder(device: reader.device, mapping: ScreenMapping(screenSize: SyntheticSession.screenSize))
        var frames = 0, largestBuffer = 0, count = 0
        while let event = try reader.nextEvent() {
            if decoder.feed(event) != nil { frames += 1 }
            count += 1
            if count % 1000 == 0 { largestBuffer = max(largestBuffer, reader.bufferedByteCount) }
        }
        XCTAssertEqual(frames, 60_000) // about 3 MB of text, 12 times the bound below
        XCTAssertLessThanOrEqual(largestBuffer, 256 * 1024, "the line buffer grew with the input")
    }
}
