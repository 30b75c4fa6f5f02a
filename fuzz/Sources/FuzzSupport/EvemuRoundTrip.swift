import Recordings

/// Writing a device and its events as evemu text and reading that back gives them unchanged.
public func checkEvemuRoundTrip(device: EvdevDevice, events: [EvdevEvent]) {
    let text = EvemuWriter.header(device: device) + events.map(EvemuWriter.eventLine).joined()
    do {
        var again = try EvemuReader(source: MemoryByteSource(name: "written.evemu", text: text))
        require(again.device == device, "evemu round trip changed the device:\n\(device)\n\(again.device)")
        let reread = try readEvents(&again)
        require(reread == events, "evemu round trip changed the events")
    } catch {
        require(false, "evemu round trip: the written text does not read: \(error)")
    }
}
