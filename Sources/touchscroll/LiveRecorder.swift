import LiveInput
import Logging
import Recordings
import ScrollEngine
import StreamOutput

#if canImport(Glibc)
import Glibc
#endif

/// `record`'s loop: the device's events, as they come, through the evemu or libinput-record
/// writer into a sink; a timer for --duration; SIGINT/SIGTERM end it with the file complete.
final class LiveRecorder {
    let reader: RawEvdevReader
    let format: RecordCommand.Format
    let sink: ByteSink
    let logger: Logger
    private var libinputWriter = LibinputRecordWriter()
    /// Times are written relative to the first event, as evemu-record writes them.
    private var origin: Timestamp?
    private(set) var eventCount = 0

    init(node: String, format: RecordCommand.Format, sink: ByteSink, logger: Logger) throws {
        reader = try RawEvdevReader(node: node)
        self.format = format
        self.sink = sink
        self.logger = logger
        let header = switch format {
        case .evemu: EvemuWriter.header(device: reader.device, comments: ["recorded by touchscroll from \(node)"])
        case .libinput: LibinputRecordWriter.header(device: reader.device, node: node,
                                                    udevProperties: UdevCalls.live.inputDevice(node)?.properties ?? [:])
        }
        try sink.write(Array(header.utf8))
        try sink.flush()
        logger.info("recording \(node) \"\(reader.device.name)\" (\(DeviceKind(reader.device).rawValue))")
    }

    func run(duration: Double?) throws {
        let loop = try RunLoop(logger: Logger(label: "touchscroll.runloop"))
        try loop.handleSignals([SIGINT, SIGTERM]) { _ in loop.stop() }
        let end = duration.map { loop.now.adding(seconds: $0) }
        loop.nextDeadline = { end }
        loop.onDeadline = { now in
            try self.drain()
            if let end, now >= end { loop.stop() }
        }
        try loop.addSource(reader.fileDescriptor, name: reader.node) {
            try self.drain()
            if self.reader.isClosed {
                self.logger.warning("\(self.reader.node): device removed; recording ends")
                loop.stop()
            }
        }
        try loop.run()
        if format == .libinput, let rest = libinputWriter.flush() { try sink.write(Array(rest.utf8)) }
        try sink.flush()
        reader.close()
    }

    private func drain() throws {
        let batch = try reader.read()
        if batch.dropped { logger.warning("\(reader.node): SYN_DROPPED: the kernel dropped events; the recording has a gap") }
        for event in batch.events {
            let origin = self.origin ?? event.time
            self.origin = origin
            var relative = event
            relative.time = Timestamp(microseconds: event.time.microseconds - origin.microseconds)
            switch format {
            case .evemu:
                try sink.write(Array(EvemuWriter.eventLine(relative).utf8))
            case .libinput:
                if let text = libinputWriter.write(relative) { try sink.write(Array(text.utf8)) }
            }
            eventCount += 1
        }
        try sink.flush()
    }
}
