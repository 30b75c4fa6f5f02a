import FuzzSupport
import Recordings

/// libinput-record YAML: read device 0, decode to touch frames, and write back with
/// LibinputRecordWriter, which must read again to the same device and events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard var reader = try? LibinputRecordReader(source: MemoryByteSource(name: "fuzz.yml", bytes: bytes)),
          let events = try? readEvents(&reader) else { return 0 }
    checkFrames(device: reader.device, events: events, name: "fuzz.yml")
    var writer = LibinputRecordWriter()
    var text = LibinputRecordWriter.header(device: reader.device)
    for event in events { text += writer.write(event) ?? "" }
    text += writer.flush() ?? ""
    do {
        var again = try LibinputRecordReader(source: MemoryByteSource(name: "written.yml", text: text))
        require(again.device == reader.device, "libinput-record round trip changed the device:\n\(reader.device)\n\(again.device)")
        let reread = try readEvents(&again)
        require(reread == events, "libinput-record round trip changed the events")
    } catch {
        require(false, "libinput-record round trip: the written text does not read: \(error)")
    }
    return 0
}
