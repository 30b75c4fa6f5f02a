import Configuration
import LiveInput
import Logging
import Renderer
import ScrollEngine
import StreamOutput

#if canImport(Glibc)
import Glibc
#endif

/// One `touchscroll run`: the backend's descriptor and a signalfd in a `RunLoop`, the live driver
/// between them and the scroll view, the stream writer at the end, and optionally the renderer:
/// it draws after every step that produced events, and wakes the loop only for what it animates
/// by itself (the scroll indicators fading out) — nothing moves, nothing wakes.
final class LiveSession {
    let loop: RunLoop
    let backends: [any InputBackend]
    let driver: LiveScrollDriver
    let logger: Logger
    let presenter: FramePresenter?
    private var readAll: () throws -> Void = {}

    init(configuration: TouchscrollConfiguration, backends: [any InputBackend], tee: LiveTouchTee?,
         stream: DelegateStreamWriter, presenter: FramePresenter? = nil, logger: Logger) throws(InputError) {
        self.backends = backends
        self.logger = logger
        self.presenter = presenter
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
                if let presenter, let last = events.last {
                    presenter.handle(events)
                    try presenter.update(at: last.time)
                }
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
        // The renderer's own wakeups (indicator fades) count from the last instant it drew.
        var drawnAt: Timestamp? { presenter?.lastUpdate }
        loop.nextDeadline = {
            let redraw = drawnAt.flatMap { presenter?.nextWakeup(after: $0) }
            switch (driver.nextDeadline, redraw) {
            case let (a?, b?): return min(a, b)
            case let (a, b): return a ?? b
            }
        }
        loop.onDeadline = { now in
            // Input stamped before the wakeup goes first, so it is not fed after a later tick.
            for backend in backends { try read(backend) }
            try driver.advanceDue(until: now)
            if let presenter, let drawn = drawnAt, let wake = presenter.nextWakeup(after: drawn), wake <= now {
                try presenter.update(at: now)
            }
        }
        self.readAll = { for backend in backends { try read(backend) } }
        try loop.handleSignals([SIGINT, SIGTERM]) { signal in
            logger.info("signal \(signal): stopping")
            loop.stop()
        }
    }

    func run() throws {
        // The display shows the content where it rests before the first touch.
        try presenter?.update(at: Timestamp(microseconds: MonotonicClock.microseconds()))
        // Devices already present are announced by the first dispatch.
        try readAll()
        try loop.run()
        for backend in backends { backend.close() }
    }

    var summary: String {
        "\(driver.framesFed) touch frames, \(driver.ticksAdvanced) animation steps, \(loop.wakeups) wakeups"
    }
}
