import Configuration
import LiveInput
import Logging
import ScrollEngine
import StreamOutput

#if canImport(Glibc)
import Glibc
#endif

/// One `touchscroll run`: the backend's descriptor and a signalfd in a `RunLoop`, the live driver
/// between them and the scroll view, the stream writer at the end.
final class LiveSession {
    let loop: RunLoop
    let backends: [any InputBackend]
    let driver: LiveScrollDriver
    let logger: Logger
    private var readAll: () throws -> Void = {}

    init(configuration: TouchscrollConfiguration, backends: [any InputBackend], tee: LiveTouchTee?,
         stream: DelegateStreamWriter, logger: Logger) throws(InputError) {
        self.backends = backends
        self.logger = logger
        loop = try RunLoop(logger: Logger(label: "touchscroll.runloop"))
        let scrollView = configuration.scrollView
        driver = LiveScrollDriver(
            frameRate: configuration.output.frameRate,
            locationDecimals: 3,
            logger: Logger(label: "touchscroll.driver"),
            makeTarget: { ScrollView(configuration: scrollView, startTime: $0) },
            tee: tee.map { tee in { frame in try tee.write(frame) } },
            emit: { events in
                try stream.write(events)
                try stream.flush()
            }
        )
        let driver = driver, loop = loop
        /// Reads one backend; a backend whose device went away (raw evdev) leaves the epoll set.
        func read(_ backend: any InputBackend) throws {
            guard !backend.isClosed else { return }
            let fd = backend.fileDescriptor
            for event in try backend.readEvents() { try driver.deliver(event) }
            if backend.isClosed { loop.removeSource(fd) }
        }
        for backend in backends {
            try loop.addSource(backend.fileDescriptor, name: "input") { try read(backend) }
        }
        loop.nextDeadline = { driver.nextDeadline }
        loop.onDeadline = { now in
            // Input stamped before the wakeup goes first, so it is not fed after a later tick.
            for backend in backends { try read(backend) }
            try driver.advanceDue(until: now)
        }
        self.readAll = { for backend in backends { try read(backend) } }
        try loop.handleSignals([SIGINT, SIGTERM]) { signal in
            logger.info("signal \(signal): stopping")
            loop.stop()
        }
    }

    func run() throws {
        // Devices already present are announced by the first dispatch.
        try readAll()
        try loop.run()
        for backend in backends { backend.close() }
    }

    var summary: String {
        "\(driver.framesFed) touch frames, \(driver.ticksAdvanced) animation steps, \(loop.wakeups) wakeups"
    }
}
