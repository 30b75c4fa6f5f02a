import ScrollEngine

/// Writes a whole stream: the header first, then each event as it comes.
public final class DelegateStreamWriter {
    public let sink: ByteSink
    public private(set) var eventCount = 0

    public init(sink: ByteSink, header: StreamHeader) throws(StreamWriteError) {
        self.sink = sink
        try sink.write(header.encodedLine())
    }

    public func write(_ event: DelegateEvent) throws(StreamWriteError) {
        try sink.write(DelegateEventEncoder.encodedLine(event))
        eventCount += 1
    }

    public func write(_ events: [DelegateEvent]) throws(StreamWriteError) {
        for event in events { try write(event) }
    }

    public func flush() throws(StreamWriteError) {
        try sink.flush()
    }
}
