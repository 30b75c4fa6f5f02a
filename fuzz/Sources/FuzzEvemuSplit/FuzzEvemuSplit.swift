import FuzzSupport
import Recordings

/// A headerless evemu events file with a separate description (`replay --desc`): the input is the
/// description, a NUL byte, then the events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuSplit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let description = Array(bytes[..<split])
    let events = split < bytes.endIndex ? Array(bytes[(split + 1)...]) : []
    guard var reader = try? EvemuReader(source: MemoryByteSource(name: "fuzz.events", bytes: events),
                                        description: MemoryByteSource(name: "fuzz.desc", bytes: description)),
          let read = try? readEvents(&reader) else { return 0 }
    checkFrames(device: reader.device, events: read, name: "fuzz.events")
    checkEvemuRoundTrip(device: reader.device, events: read)
    return 0
}
