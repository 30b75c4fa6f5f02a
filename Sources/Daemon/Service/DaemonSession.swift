#if canImport(Glibc)
import Glibc
#endif
import Configuration
import LiveInput
import Logging
import ScrollEngine
import StreamOutput

/// `touchscroll daemon`: the live run loop (LiveInput's `RunLoop` and `LiveScrollDriver`) with the
/// service around it — systemd readiness, status, watchdog, reload and stop; state preservation;
/// the control socket and `--control-stdin`.
///
/// One thread, one epoll set: the input backends, a signalfd (SIGTERM, SIGINT, SIGHUP), the control
/// channel's own epoll set, and the timerfd armed for the earliest of the next animation frame, the
/// engine's next timer and the next watchdog ping. At rest and without a watchdog nothing wakes.
public final class DaemonSession {
    public struct Settings: Sendable {
        /// The configuration file; SIGHUP reloads it. nil: defaults, and SIGHUP has nothing to reload.
        public var configurationPath: String?
        /// The key of this scroll view in the state file.
        public var restorationIdentifier: String
        public var directories: DaemonDirectories
        /// Serve the control protocol on stdin (replies on stdout).
        public var controlStandardInput: Bool

        public init(configurationPath: String?, restorationIdentifier: String, directories: DaemonDirectories,
                    controlStandardInput: Bool) {
            self.configurationPath = configurationPath
            self.restorationIdentifier = restorationIdentifier
            self.directories = directories
            self.controlStandardInput = controlStandardInput
        }
    }

    public let settings: Settings
    public private(set) var configuration: TouchscrollConfiguration
    public private(set) var scrollView: ScrollView
    /// Made on first use and again at every reload (its engine is `scrollView`).
    private lazy var driver: LiveScrollDriver = makeDriver()
    private let loop: RunLoop
    private let backends: [any InputBackend]
    private let stream: DelegateStreamWriter
    private let supervisor: ServiceSupervisor
    private let preserver: StatePreserver?
    private let controlDescriptors: ControlDescriptorSet
    private var control: ControlServer?
    private var controlInput: ControlStandardInput?
    private var devices: [String: InputDeviceSummary] = [:]
    private let logger: Logger
    /// The signal that ended the run.
    public private(set) var stopSignal: Int32?

    /// Builds the session: restores the preserved state into the configuration, makes the scroll
    /// view, opens the control socket. Nothing runs until `run()`.
    public init(settings: Settings, configuration: TouchscrollConfiguration, backends: [any InputBackend],
                stream: DelegateStreamWriter, environment: [String: String], logger: Logger) throws {
        self.settings = settings
        self.configuration = configuration
        self.backends = backends
        self.stream = stream
        self.logger = logger
        loop = try RunLoop(logger: Logger(label: "touchscroll.runloop"))
        let start = loop.now

        if let stateDirectory = settings.directories.state {
            preserver = StatePreserver(store: StateStore(directory: stateDirectory),
                                       restorationIdentifier: settings.restorationIdentifier, logger: Logger(label: "touchscroll.state"))
        } else {
            preserver = nil
            logger.notice("no state directory (--state-dir or $STATE_DIRECTORY): the position is not preserved")
        }
        let restored = preserver?.restore(into: configuration.scrollView) ?? configuration.scrollView
        scrollView = ScrollView(configuration: restored, startTime: start)

        supervisor = ServiceSupervisor(
            notifier: try SystemdNotifier.fromEnvironment(environment),
            watchdog: try WatchdogSettings.fromEnvironment(environment, pid: getpid()),
            start: start, logger: Logger(label: "touchscroll.systemd"))
        controlDescriptors = try ControlDescriptorSet()
    }

    /// Runs until SIGTERM or SIGINT, then finishes the frame, saves the state, tells systemd it is
    /// stopping and closes everything. Throws when the output fails or the loop cannot go on.
    public func run() throws {
        try startDriver()
        for (index, backend) in backends.enumerated() {
            try loop.addSource(backend.fileDescriptor, name: "input \(index)") { [unowned self] in try self.readInput() }
        }
        try loop.addSource(controlDescriptors.descriptor, name: "control") { [unowned self] in try self.serviceControl() }
        try loop.handleSignals([SIGTERM, SIGINT, SIGHUP]) { [unowned self] signal in
            if signal == SIGHUP {
                try self.reload()
            } else {
                self.logger.info("signal \(signal): stopping")
                self.stopSignal = signal
                self.loop.stop()
            }
        }
        loop.nextDeadline = { [unowned self] in
            [self.driver.nextDeadline, self.supervisor.nextWatchdogDeadline].compactMap { $0 }.min()
        }
        loop.onDeadline = { [unowned self] now in
            try self.readInput()
            try self.driver.advanceDue(until: now)
            self.supervisor.serviceWatchdog(now: now)
        }
        openControl()

        // Devices already present are announced by the first read; then the daemon is ready.
        try readInput()
        if let controlInput, !controlInput.isWatched {
            controlInput.readToEnd(scrollView: scrollView, now: try synchroniseEngine())
            try publish(scrollView.drainEvents())
        }
        try stream.flush()
        supervisor.ready(status: status)
        logger.info("ready", metadata: ["status": "\(status)"])

        try loop.run()
        try shutdown()
    }

    /// The current STATUS= line.
    public var status: String {
        StatusSummary.line(devices: devices.values.sorted { $0.node < $1.node }, state: scrollView.state, isAtRest: scrollView.isAtRest)
    }

    // MARK: - Wiring

    /// A live driver whose engine is the current `scrollView` and whose events this session
    /// publishes.
    private func makeDriver() -> LiveScrollDriver {
        let scrollView = scrollView
        return LiveScrollDriver(frameRate: configuration.output.frameRate, logger: Logger(label: "touchscroll.driver"),
                                makeTarget: { _ in scrollView }, emit: { [unowned self] events in try self.publish(events) })
    }

    /// Starts the engine's clock now. The driver makes its engine at its first input; an empty
    /// touch frame is that input (no touches, so nothing happens to the content), so control
    /// commands have a clock before the first real touch.
    private func startDriver() throws {
        try driver.deliver(.touches(TouchFrame(time: loop.now, samples: [])))
    }

    private func openControl() {
        if let path = settings.directories.controlSocket {
            do {
                control = try ControlServer(socketPath: path, watcher: controlDescriptors,
                                            eventLine: { String(decoding: DelegateEventEncoder.encodedLine($0), as: UTF8.self) },
                                            logger: Logger(label: "touchscroll.control"))
                logger.info("control socket open", metadata: ["path": "\(path)"])
            } catch {
                logger.error("control socket unavailable, running without it", metadata: ["error": "\(error)"])
            }
        } else {
            logger.notice("no runtime directory (--runtime-dir or $RUNTIME_DIRECTORY): no control socket")
        }
        if settings.controlStandardInput {
            do {
                controlInput = try ControlStandardInput(watcher: controlDescriptors, logger: Logger(label: "touchscroll.control")) {
                    [unowned self] reply in
                    do {
                        try self.stream.sink.write(Array(reply.utf8))
                        try self.stream.sink.flush()
                    } catch {
                        self.logger.error("cannot write a control reply", metadata: ["error": "\(error)"])
                    }
                }
            } catch {
                logger.error("standard input cannot be watched; --control-stdin is off", metadata: ["error": "\(error)"])
            }
        }
    }

    // MARK: - Sources

    private func readInput() throws {
        for event in try backends.flatMap({ backend throws(InputError) in try backend.readEvents() }) {
            switch event {
            case .deviceAdded(let device):
                devices[device.node] = device
                logger.info("device added: \(device)")
                supervisor.status(status)
            case .deviceRemoved(let device, _):
                devices[device.node] = nil
                logger.info("device removed: \(device)")
                supervisor.status(status)
            default:
                break
            }
            try driver.deliver(event)
        }
        supervisor.serviceWatchdog(now: loop.now)
    }

    private func serviceControl() throws {
        let now = try synchroniseEngine()
        for (fd, readiness) in controlDescriptors.ready() {
            if let controlInput, fd == controlInput.descriptor {
                controlInput.handleReadable(scrollView: scrollView, now: now)
            } else {
                control?.handle(fd, readiness, scrollView: scrollView, now: now)
            }
        }
        try publish(scrollView.drainEvents())
        supervisor.serviceWatchdog(now: loop.now)
    }

    /// Brings the engine to the present (animation frames that were due first, then an empty
    /// frame now) and returns the engine's time, at which a command is then applied.
    private func synchroniseEngine() throws -> Timestamp {
        try driver.deliver(.touches(TouchFrame(time: loop.now, samples: [])))
        return driver.now ?? loop.now
    }

    /// Everything the scroll view said goes to stdout and to subscribers; then the state is saved
    /// if the content came to rest, and the status follows.
    private func publish(_ events: [DelegateEvent]) throws {
        guard !events.isEmpty else { return }
        try stream.write(events)
        try stream.flush()
        control?.publish(events)
        preserver?.scrollViewChanged(scrollView.state, contentInset: scrollView.configuration.contentInset,
                                     isAtRest: scrollView.isAtRest)
        supervisor.status(status)
    }

    // MARK: - Reload and stop

    /// SIGHUP: RELOADING=1, read the configuration file again; a good one replaces the scroll
    /// view's configuration (keeping where the content is), a bad one is logged and the running
    /// one stays; READY=1 either way.
    private func reload() throws {
        supervisor.reloading(monotonicNow: loop.now)
        defer { supervisor.ready(status: status) }
        guard let path = settings.configurationPath else {
            logger.notice("reload: running without a configuration file, nothing to reload")
            return
        }
        let next: TouchscrollConfiguration
        do {
            next = try ConfigurationLoader.load(contentsOfFile: path)
        } catch {
            logger.error("reload rejected, the running configuration stays",
                         metadata: ["path": "\(path)", "errors": "\(error.errors.map(\.description).joined(separator: "; "))"])
            return
        }
        try apply(next)
        logger.info("configuration reloaded", metadata: ["path": "\(path)"])
    }

    private func apply(_ next: TouchscrollConfiguration) throws {
        let now = try synchroniseEngine()
        scrollView.cancelAllTouches(at: now)
        try publish(scrollView.drainEvents())
        if next.screen != configuration.screen || next.input != configuration.input {
            logger.notice("screen and input changes take effect at the next restart")
        }
        var scrollConfiguration = next.scrollView
        scrollConfiguration.boundsSize = configuration.screen.size
        let position = PreservedScrollViewState(contentOffset: scrollView.state.contentOffset, zoomScale: scrollView.state.zoomScale,
                                                contentInset: next.scrollView.contentInset)
        scrollView = ScrollView(configuration: StateRestoration.restore(position, into: scrollConfiguration), startTime: now)
        var kept = next
        kept.screen = configuration.screen
        kept.input = configuration.input
        configuration = kept
        driver = makeDriver()
        try startDriver()
    }

    private func shutdown() throws {
        // Finish the frame: everything due up to now, so the saved state is where the content is.
        _ = try synchroniseEngine()
        try publish(scrollView.drainEvents())
        preserver?.shutdown(scrollView.state, contentInset: scrollView.configuration.contentInset)
        supervisor.stopping()
        try stream.flush()
        control?.shutdown()
        for backend in backends { backend.close() }
        logger.info("stopped", metadata: ["status": "\(status)", "wakeups": "\(loop.wakeups)"])
    }
}
