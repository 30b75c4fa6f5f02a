import ArgumentParser
import Glibc
import LiveInput
import Logging
import Recordings
import ScrollEngine
import StreamOutput

/// `touchscroll record`: captures a live device's raw events to an evemu or libinput-record file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touchscreen's raw events (through libevdev) to an evemu or libinput-record file.",
        discussion: """
        Without --device, the first touchscreen udev lists is recorded. Event times are written relative \
        to the first event, as evemu-record does; `touchscroll replay OUT` and evemu-play / libinput replay \
        accept the file. Recording stops after --duration seconds, or on SIGINT/SIGTERM (the file is \
        complete either way).

        Exit codes: 0 recorded, 1 the file could not be written, 4 no device to record, 64 invalid command line.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case evemu, libinput
    }

    @Option(name: .customLong("device"), help: ArgumentHelp("The event node to record.", valueName: "node"))
    var device: String?

    @Option(help: "File format.")
    var format: Format = .evemu

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Flag(help: "Log debug lines.")
    var verbose = false

    @Argument(help: ArgumentHelp("Where to write the recording.", valueName: "out"))
    var output: String

    func validate() throws {
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
    }

    func run() throws {
        LiveLogging.bootstrap(verbose: verbose)
        let logger = Logger(label: "touchscroll.record")
        let node: String
        if let device {
            node = device
        } else {
            let listings = try ExitCodes.reporting { try DeviceCatalog().list() }
            guard let first = listings.first(where: { $0.kind == .touchscreen && $0.error == nil }) else {
                StandardError.error("no readable touchscreen found; name one with --device /dev/input/eventN")
                throw ExitCodes.inputUnavailable
            }
            node = first.node
        }
        let fd = try ExitCodes.reporting { try OutputFile.create(output) }
        let sink = FileDescriptorByteSink(fileDescriptor: fd)
        defer { OutputFile.close(fd) }
        try ExitCodes.reporting {
            let recorder = try LiveRecorder(node: node, format: format, sink: sink, logger: logger)
            try recorder.run(duration: duration)
            try sink.flush()
            logger.info("recorded \(recorder.eventCount) events from \(node) to \(output)")
        }
    }
}
