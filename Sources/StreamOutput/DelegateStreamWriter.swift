import ScrollEngine

/// Writes a whole stream: the header first, then each event as it comes.
public final class DelegateStreamWriter {
    public let sink: ByteSink
    public private(set) var eventCount = 0
    /// The line being encoded, reused for every event (no allocation per line).
    private var line: [UInt8] = []
    /// The view name, zoom scale and flags the last line wrote, which the next line mostly repeats.
    private var recent = RecentFields()

    public init(sink: ByteSink, header: StreamHeader) throws(StreamWriteError) {
        self.sink = sink
        line.reserveCapacity(1024)
        try sink.write(header.encodedLine())
    }

    public func write(_ event: DelegateEvent) throws(StreamWriteError) {
        if try !sink.append({ DelegateEventEncoder.appendLine(event, to: &$0, recent: &recent) }) {
            line.removeAll(keepingCapacity: true)
            DelegateEventEncoder.appendLine(event, to: &line, recent: &recent)
            try sink.write(line)
        }
        eventCount += 1
    }

    /// The lines go straight into the sink's buffer when it keeps one, else into `line` and then to
    /// the sink.
    public func write(_ events: [DelegateEvent]) throws(StreamWriteError) {
        let appended = try sink.append { DelegateEventEncoder.appendLines(events, to: &$0, recent: &recent) }
        if !appended {
            line.removeAll(keepingCapacity: true)
            DelegateEventEncoder.appendLines(events, to: &line, recent: &recent)
            try sink.write(line)
        }
        eventCount += events.count
    }

    public func flush() throws(StreamWriteError) {
        try sink.flush()
    }
}
