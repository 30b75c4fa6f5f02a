import ScrollEngine

/// Writes a whole stream: the header first, then each event as it comes.
public final class DelegateStreamWriter {
    public let sink: ByteSink
    public private(set) var eventCount = 0
    /// The line being encoded, reused for every event (no allocation per line).
    private var line: [UInt8] = []

    public init(sink: ByteSink, header: StreamHeader) throws(StreamWriteError) {
        self.sink = sink
        line.reserveCapacity(1024)
        try sink.write(header.encodedLine())
    }

    public func write(_ event: DelegateEvent) throws(StreamWriteError) {
        DelegateEventEncoder.encodeLine(event, into: &line)
        try sink.write(line)
        eventCount += 1
    }

    public func write(_ events: [DelegateEvent]) throws(StreamWriteError) {
        for event in events { try write(event) }
    }

    public func flush() throws(StreamWriteError) {
        try sink.flush()
    }
}
