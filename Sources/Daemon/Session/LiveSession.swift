import SystemInterface
#if canImport(Glibc)
import Glibc
#endif
import Configuration
import LiveInput
import Logging
import Renderer
import ScrollEngine
import StreamOutput

/// One live session: the run loop, the scroll view and everything around it. `touchscroll run`
/// and `touchscroll daemon` are both this type with different parts turned on (`Parts`):
///
/// - always: the input backends, the live driver (one schedule with `replay`) and the JSON Lines
///   stream, whose header shows the scroll view as it starts (restored position included);
/// - a display (fbdev, DRM/KMS, PNG) drawing the content as it moves — touches, keys and control
///   commands alike — and surviving the display going away (`SessionDisplay`), powered down after
///   `display.blankAfter` seconds without input (`DisplayBlanking`: the waking touch is swallowed);
/// - the touch tee (`--tee-touches`): the frames fed, as a touch script;
/// - state preservation: contentOffset, zoomScale and contentInset saved when the content settles
///   and at shutdown, restored at start;
/// - the control channel: the socket and/or standard input (docs/control.md);
/// - systemd: READY/STATUS/RELOADING/STOPPING and the watchdog; SIGHUP reloads the configuration.
///
/// One thread, one epoll set: the input descriptors, a signalfd, the control channel's own epoll
/// set, and one timerfd armed for the earliest of the next animation frame, the engine's next
/// timer, the display's next fade step and the next watchdog ping. At rest nothing wakes.
public final class LiveSession {
    /// The optional parts.
    public struct Parts {
        /// The configuration file; with `reloadsOnHangUp`, SIGHUP reads it again.
        public var configurationPath: String?
        public var reloadsOnHangUp = false
        /// What to draw for a configuration (the file's `display:` section with the command
        /// line's overrides); nil from the closure, or no closure: nothing is drawn.
        public var display: ((TouchscrollConfiguration) -> DisplaySettings?)?
        /// Opens a display's outputs (tests put a fake device here).
        public var openOutput: (DisplaySettings, RendererConfiguration) throws -> FrameOutput = { settings, config in
            try settings.openOutputs(for: config) { Logger(label: "touchscroll.display").warning("\($0)") }
        }
        /// Receives every touch frame fed to the engine, rounded as a touch script keeps it.
        public var tee: ((TouchFrame) throws -> Void)?
        /// Where the state file lives; nil: the position is not preserved.
        public var stateDirectory: String?
        public var restorationIdentifier = "scrollView"
        public var controlSocket: String?
        public var controlStandardInput = false
        /// Talk to systemd ($NOTIFY_SOCKET, $WATCHDOG_USEC) when the environment says so.
        public var systemd = false
        public var environment: [String: String] = [:]
        public var toolVersion = "0"

        public init() {}
    }

    public let parts: Parts
    public private(set) var configuration: TouchscrollConfiguration
    /// The engine; made at start, or at the first input when the touches are teed (so the tee
    /// replays with the very same frame grid).
    private var engine: ScrollViewTree?
    /// The screen's scroll views as the engine is built from them (the first one restored and
    /// sized to the content drawn); validated when the session is built.
    private var screenDefinition: ScrollViewTree
    private var driver: LiveScrollDriver!
    private let loop: RunLoop
    private let backends: [any InputBackend]
    public let stream: DelegateStreamWriter
    private let supervisor: ServiceSupervisor
    private let preserver: StatePreserver?
    private let controlDescriptors: ControlDescriptorSet
    private var control: ControlServer?
    private var controlInput: ControlStandardInput?
    private var display: SessionDisplay?
    /// `display.blankAfter`: when the panel powers down, and the touch that wakes it.
    private var blanking: DisplayBlanking?
    private var devices: [String: InputDeviceSummary] = [:]
    private var pendingEvents: [DelegateEvent] = []
    private let logger: Logger
    /// Every system call of the session: the loop's, the state file's, the sockets'.
    private let system: SystemCalls
    /// The signal that ended the run.
    public private(set) var stopSignal: Int32?

    /// Builds the session: restores the preserved state into the configuration, loads the content
    /// (its size becomes the contentSize), writes the stream header, opens the display and the
    /// control socket. Nothing runs until `run()`.
    /// Errors: `InputError` (run loop), `StreamWriteError`, `RendererError` (content, display),
    /// `SystemCallError`, `WatchdogSettings.ParseError`.
    public init(configuration: TouchscrollConfiguration, backends: [any InputBackend], sink: ByteSink, parts: Parts,
                system: SystemCalls = .live, logger: Logger) throws {
        self.parts = parts
        self.backends = backends
        self.logger = logger
        self.system = system
        loop = try RunLoop(system: system, logger: Logger(label: "touchscroll.runloop"))
        let start = loop.now

        if let stateDirectory = parts.stateDirectory {
            preserver = StatePreserver(store: StateStore(directory: stateDirectory, system: system),
                                       restorationIdentifier: parts.restorationIdentifier, logger: Logger(label: "touchscroll.state"))
        } else {
            preserver = nil
            if parts.systemd {
                logger.notice("no state directory (--state-dir or $STATE_DIRECTORY): the position is not preserved")
            }
        }
        var configuration = configuration
        // Drawing: the content's size becomes the scroll view's contentSize.
        let drawing = try Self.prepareDisplay(parts: parts, configuration: &configuration, logger: logger)
        let preserver = self.preserver
        let key = { (id: String) in Self.restorationKey(configuration, view: id, preserver: preserver) }
        if let primaryID = configuration.viewTree.first?.id {
            configuration.scrollView = preserver?.restore(into: configuration.scrollView, identifier: key(primaryID)) ?? configuration.scrollView
        }
        self.configuration = configuration
        screenDefinition = try Self.screen(configuration, startTime: start) { id, c in
            preserver?.restore(into: c, identifier: key(id)) ?? c
        }

        supervisor = ServiceSupervisor(
            notifier: parts.systemd ? try SystemdNotifier.fromEnvironment(parts.environment, system: system) : nil,
            watchdog: parts.systemd ? try WatchdogSettings.fromEnvironment(parts.environment, pid: getpid()) : nil,
            start: start, logger: Logger(label: "touchscroll.systemd"))
        controlDescriptors = try ControlDescriptorSet(system: system)

        // The header shows the scroll view as it starts: restored offset, zoom and inset, and the
        // contentSize the engine really has (the zoom view's size times the scale when it has one).
        var headerView = configuration.scrollView
        headerView.contentSize = ScrollView(configuration: configuration.scrollView, startTime: start).contentSize
        headerView.boundsSize = configuration.screen.size
        stream = try DelegateStreamWriter(sink: sink, header: StreamHeader(
            toolVersion: parts.toolVersion, scrollView: headerView,
            views: StreamHeader.views(of: screenDefinition),
            screenWidthMM: configuration.screen.widthMM, screenHeightMM: configuration.screen.heightMM,
            frameRate: configuration.output.frameRate))
        try stream.flush()

        if let drawing {
            display = try SessionDisplay(settings: drawing.settings, picture: drawing.picture(for: configuration), screen: screenDefinition,
                                         now: start, frameRate: configuration.output.frameRate, openOutput: parts.openOutput, logger: Logger(label: "touchscroll.display"))
        }
        blanking = Self.makeBlanking(configuration, hasDisplay: display != nil, now: start)
        driver = makeDriver()
        if parts.tee == nil { try startEngine() }
    }

    private static func makeBlanking(_ configuration: TouchscrollConfiguration, hasDisplay: Bool, now: Timestamp) -> DisplayBlanking? {
        guard hasDisplay, let seconds = configuration.display?.blankAfter else { return nil }
        return DisplayBlanking(idleSeconds: seconds, now: now)
    }

    private struct Drawing {
        var settings: DisplaySettings
        /// One scroll view: its content and drawing; nil for a screen of several.
        var one: (content: ContentImage, config: RendererConfiguration)?
        /// A screen of several scroll views (`scrollViews:`): every view's drawing.
        var screen: [ScreenView] = []

        /// What the display draws, with the scroll view's configuration as the session runs it.
        func picture(for configuration: TouchscrollConfiguration) -> SessionDisplay.Picture {
            guard let (content, config) = one else { return .screen(screen, size: configuration.screen.size) }
            var running = config
            running.scrollView = configuration.scrollView
            return .one(content: content, configuration: running)
        }
    }

    /// The display settings for `configuration` and the content they name; sets each scroll
    /// view's contentSize to its content's.
    private static func prepareDisplay(parts: Parts, configuration: inout TouchscrollConfiguration,
                                       logger: Logger) throws -> Drawing? {
        guard let settings = parts.display?(configuration), !settings.targets.isEmpty else { return nil }
        if !configuration.scrollViews.isEmpty {
            let (views, nodes) = try settings.screenViews(for: configuration.scrollViews) { logger.warning("\($0)") }
            configuration.scrollViews = nodes
            configuration.scrollView = nodes[0].configuration
            return Drawing(settings: settings, screen: views)
        }
        let content = try settings.loadContent()
        let config = settings.rendererConfiguration(scrollView: configuration.scrollView, content: content) { logger.warning("\($0)") }
        configuration.scrollView = config.scrollView
        return Drawing(settings: settings, one: (content, config))
    }

    // MARK: - Running

    /// Runs until SIGTERM or SIGINT, then finishes the frame, saves the state, tells systemd it is
    /// stopping and closes everything. Throws when the output fails or the loop cannot go on.
    public func run() throws {
        for (index, backend) in backends.enumerated() {
            try loop.addSource(backend.fileDescriptor, name: "input \(index)") { [unowned self] in try self.readInput() }
        }
        try loop.addSource(controlDescriptors.descriptor, name: "control") { [unowned self] in try self.serviceControl() }
        let signals = parts.reloadsOnHangUp ? [SIGTERM, SIGINT, SIGHUP] : [SIGTERM, SIGINT]
        try loop.handleSignals(signals) { [unowned self] signal in
            if signal == SIGHUP {
                try self.reload()
            } else {
                self.logger.info("signal \(signal): stopping")
                self.stopSignal = signal
                self.loop.stop()
            }
        }
        loop.nextDeadline = { [unowned self] in
            [self.driver.nextDeadline, self.display?.nextDeadline, self.blanking?.deadline,
             self.supervisor.nextWatchdogDeadline].compactMap { $0 }.min()
        }
        loop.onDeadline = { [unowned self] now in
            // Input stamped before the wakeup goes first, so it is not fed after a later tick.
            try self.readInput()
            try self.driver.advanceDue(until: now)
            if let engine = self.engine { self.display?.deadlinePassed(now: now, screen: engine) }
            self.checkIdle(now: now)
            self.supervisor.serviceWatchdog(now: now)
        }
        openControl()

        // Devices already present are announced by the first read; then the session is ready.
        display?.draw(at: loop.now)
        try readInput()
        if let controlInput, !controlInput.isWatched {
            let (engine, now) = try synchroniseEngine()
            controlInput.readToEnd(scrollView: engine, now: now)
            try publish(engine.drainEvents(), at: now)
        }
        try stream.flush()
        supervisor.ready(status: status)
        logger.info("ready", metadata: ["status": "\(status)"])

        try loop.run()
        try shutdown()
    }

    /// The current STATUS= line.
    public var status: String {
        let state = engine?.primaryView.state ?? ScrollViewState(contentOffset: configuration.scrollView.contentOffset,
                                                     zoomScale: configuration.scrollView.zoomScale,
                                                     contentSize: configuration.scrollView.contentSize)
        return StatusSummary.line(devices: devices.values.sorted { $0.node < $1.node }, state: state, isAtRest: engine?.isAtRest ?? true)
    }

    /// A one-line summary for the log at the end.
    public var summary: String {
        var text = "\(driver.framesFed) touch frames, \(driver.ticksAdvanced) animation steps, \(loop.wakeups) wakeups"
        if let display { text += ", \(display.framesDrawn) frames drawn" }
        return text
    }

    /// How many times the loop woke (for tests: zero at rest).
    public var wakeups: Int { loop.wakeups }
    /// Frames the display drew, nil without a display.
    public var framesDrawn: Int? { display?.framesDrawn }
    /// True while a display is configured but unavailable.
    public var isDisplayLost: Bool { display?.isLost ?? false }
    /// True while the panel is powered down (`display.blankAfter`).
    public var isDisplayBlank: Bool { display?.isBlank ?? false }
    /// The scroll view's state now.
    public var state: ScrollViewState? { engine?.primaryView.state }

    // MARK: - Wiring

    /// A live driver that makes the engine at its first input (or returns the one running) and
    /// whose events this session publishes.
    private func makeDriver() -> LiveScrollDriver {
        LiveScrollDriver(
            frameRate: configuration.output.frameRate,
            locationDecimals: parts.tee == nil ? nil : 3,
            logger: Logger(label: "touchscroll.driver"),
            makeTarget: { [unowned self] time in
                if let engine = self.engine { return engine }
                let made = self.screenDefinition.fresh(startTime: time)
                self.engine = made
                return made
            },
            tee: parts.tee,
            emit: { [unowned self] events in try self.publish(events, at: self.driver.now ?? self.loop.now) })
    }

    /// Starts the engine's clock now: an empty touch frame (no touches, so nothing happens to the
    /// content) is the driver's first input, so control commands have a clock before any touch.
    private func startEngine() throws {
        try driver.deliver(.touches(TouchFrame(time: loop.now, samples: [])))
    }

    private func openControl() {
        if let path = parts.controlSocket {
            do {
                control = try ControlServer(socketPath: path, watcher: controlDescriptors,
                                            eventLine: { String(decoding: DelegateEventEncoder.encodedLine($0), as: UTF8.self) },
                                            logger: Logger(label: "touchscroll.control"), system: system)
                logger.info("control socket open", metadata: ["path": "\(path)"])
            } catch {
                logger.error("control socket unavailable, running without it", metadata: ["error": "\(error)"])
            }
        } else if parts.systemd {
            logger.notice("no runtime directory (--runtime-dir or $RUNTIME_DIRECTORY): no control socket")
        }
        if parts.controlStandardInput {
            do {
                controlInput = try ControlStandardInput(watcher: controlDescriptors, logger: Logger(label: "touchscroll.control"), system: system) {
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

    /// Reads every backend; a backend whose only device went away leaves the epoll set. Devices
    /// coming and going are tracked the same way for every backend (log line, STATUS=).
    private func readInput() throws {
        for backend in backends where !backend.isClosed {
            let fd = backend.fileDescriptor
            for event in try backend.readEvents() {
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
                guard passesBlanking(event) else { continue }
                try driver.deliver(event)
            }
            if backend.isClosed { loop.removeSource(fd) }
        }
        supervisor.serviceWatchdog(now: loop.now)
    }

    /// Runs an input through the blanking state machine: false when it is swallowed (it woke the
    /// panel, or belongs to the touch that did).
    private func passesBlanking(_ event: LiveInputEvent) -> Bool {
        guard var machine = blanking else { return true }
        let input: DisplayBlanking.Input
        switch event {
        case .touches(let frame): input = .touches(frame)
        case .key(_, let time), .wheel(_, let time): input = .otherInput(at: time)
        case .deviceAdded, .deviceRemoved: return true
        }
        let before = machine.state
        let action = machine.handle(input)
        blanking = machine
        if machine.state != before { logger.debug("blanking: \(before) → \(machine.state)") }
        switch action {
        case .deliver, .none, .powerDown: return true
        case .swallow: return false
        case .powerUpAndSwallow:
            logger.info("display woken by input; the waking touch is swallowed")
            display?.setBlanked(false, at: loop.now)
            return false
        }
    }

    /// The idle time may have run out: power the panel down if nothing moves.
    private func checkIdle(now: Timestamp) {
        guard var machine = blanking else { return }
        let before = machine.state
        let action = machine.handle(.tick(now: now, atRest: engine?.isAtRest ?? true))
        blanking = machine
        if machine.state != before { logger.debug("blanking: \(before) → \(machine.state)") }
        if action == .powerDown {
            logger.info("display blanked after \(Double(machine.idleMicroseconds) / 1_000_000) s without input")
            display?.setBlanked(true, at: now)
        }
    }

    private func serviceControl() throws {
        let (engine, now) = try synchroniseEngine()
        for (fd, readiness) in controlDescriptors.ready() {
            if let controlInput, fd == controlInput.descriptor {
                controlInput.handleReadable(scrollView: engine, now: now)
            } else {
                control?.handle(fd, readiness, scrollView: engine, now: now)
            }
        }
        try publish(engine.drainEvents(), at: now)
        supervisor.serviceWatchdog(now: loop.now)
    }

    /// Brings the engine to the present (animation frames that were due first, then an empty
    /// frame now) and returns it with its time, at which a command is then applied.
    private func synchroniseEngine() throws -> (ScrollViewTree, Timestamp) {
        try driver.deliver(.touches(TouchFrame(time: loop.now, samples: [])))
        guard let engine else { preconditionFailure("the driver makes the engine at its first input") }
        return (engine, driver.now ?? loop.now)
    }

    /// Everything the scroll view said goes to stdout and to subscribers, and is drawn; then the
    /// state is saved if the content came to rest, and the status follows. A control command
    /// that changes only what is drawn (flashScrollIndicators, setContentInset) is drawn too.
    /// The screen's scroll views: the configuration's tree, whose first top-level view is
    /// `configuration.scrollView` (restored, and sized to the content drawn). The display and the
    /// preserved state follow that first view.
    /// `restore` gives every other view its starting position (preserved, or kept across a reload).
    static func screen(_ configuration: TouchscrollConfiguration, startTime: Timestamp,
                       restore: (String, ScrollViewConfiguration) -> ScrollViewConfiguration = { $1 }) throws -> ScrollViewTree {
        func restored(_ nodes: [ScrollViewTree.Node]) -> [ScrollViewTree.Node] {
            nodes.map { node in
                var node = node
                node.configuration = restore(node.id, node.configuration)
                node.children = restored(node.children)
                return node
            }
        }
        var views = configuration.viewTree
        views[0].children = restored(views[0].children)
        views[0].configuration = configuration.scrollView
        views = [views[0]] + restored(Array(views.dropFirst()))
        return try ScrollViewTree(screenSize: configuration.screen.size, views: views, startTime: startTime)
    }

    /// The key a view's state is preserved under: the daemon's restoration identifier for the one
    /// view of a `scrollView:` configuration (as always), the view's id on a screen of several.
    static func restorationKey(_ configuration: TouchscrollConfiguration, view id: String, preserver: StatePreserver?) -> String {
        configuration.scrollViews.isEmpty ? (preserver?.restorationIdentifier ?? id) : id
    }

    /// Every view's state goes to the preserver (written when the screen is at rest somewhere new).
    private func preserve(_ engine: ScrollViewTree, shutdown: Bool) {
        guard let preserver else { return }
        for id in engine.ids {
            guard let view = engine.view(id) else { continue }
            let key = Self.restorationKey(configuration, view: id, preserver: preserver)
            if shutdown {
                preserver.shutdown(view.state, contentInset: view.configuration.contentInset, identifier: key)
            } else {
                preserver.scrollViewChanged(view.state, contentInset: view.configuration.contentInset, isAtRest: engine.isAtRest, identifier: key)
            }
        }
    }

    private func publish(_ events: [DelegateEvent], at time: Timestamp) throws {
        if let engine { display?.show(events, screen: engine, at: time) }
        guard !events.isEmpty else { return }
        try stream.write(events)
        try stream.flush()
        control?.publish(events)
        if let engine { preserve(engine, shutdown: false) }
        supervisor.status(status)
    }

    // MARK: - Reload and stop

    /// SIGHUP: RELOADING=1, read the configuration file again; a good one replaces the scroll
    /// view's configuration (keeping where the content is) and the display (content and output,
    /// reopened); a bad one is logged and everything running stays; READY=1 either way.
    private func reload() throws {
        supervisor.reloading(monotonicNow: loop.now)
        defer { supervisor.ready(status: status) }
        guard let path = parts.configurationPath else {
            logger.notice("reload: running without a configuration file, nothing to reload")
            return
        }
        var next: TouchscrollConfiguration
        do {
            next = try ConfigurationLoader.load(contentsOfFile: path)
        } catch {
            logger.error("reload rejected, the running configuration stays",
                         metadata: ["path": "\(path)", "errors": "\(error.errors.map(\.description).joined(separator: "; "))"])
            return
        }
        if next.screen != configuration.screen || next.input != configuration.input {
            logger.notice("screen and input changes take effect at the next restart")
        }
        next.screen = configuration.screen
        next.input = configuration.input
        next.scrollView.boundsSize = configuration.screen.size
        let drawing: Drawing?
        do {
            drawing = try Self.prepareDisplay(parts: parts, configuration: &next, logger: logger)
        } catch {
            logger.error("reload rejected: the content cannot be used, the running configuration stays",
                         metadata: ["path": "\(path)", "error": "\(error)"])
            return
        }
        do {
            _ = try Self.screen(next, startTime: loop.now)
        } catch {
            logger.error("reload rejected, the running configuration stays", metadata: ["path": "\(path)", "error": "\(error)"])
            return
        }
        let (engine, now) = try synchroniseEngine()
        engine.cancelAllTouches(at: now)
        try publish(engine.drainEvents(), at: now)

        // The display is closed before the new one opens: the same device cannot be opened twice.
        let previousDisplay = display
        try? display?.finish()
        display = nil
        let position = PreservedScrollViewState(contentOffset: engine.state.contentOffset, zoomScale: engine.state.zoomScale,
                                                contentInset: next.scrollView.contentInset)
        next.scrollView = StateRestoration.restore(position, into: next.scrollView)
        // The ids were checked above: only the views' positions changed since. Every view keeps
        // where it is.
        let nextScreen = try Self.screen(next, startTime: now) { id, c in
            guard let running = engine.view(id) else { return c }
            return StateRestoration.restore(PreservedScrollViewState(contentOffset: running.contentOffset, zoomScale: running.zoomScale,
                                                                     contentInset: c.contentInset), into: c)
        }
        let made = nextScreen
        if let drawing {
            // A display another program holds now is tried again until it is free.
            display = try SessionDisplay(settings: drawing.settings, picture: drawing.picture(for: next), screen: made,
                                         now: now, frameRate: next.output.frameRate,
                                         retriesWhenUnavailable: true, openOutput: parts.openOutput,
                                         logger: Logger(label: "touchscroll.display"))
        } else if previousDisplay != nil {
            logger.notice("reload: the configuration draws nothing now; the display is closed")
        }
        configuration = next
        screenDefinition = nextScreen
        blanking = Self.makeBlanking(next, hasDisplay: display != nil, now: now)
        self.engine = made
        driver = makeDriver()
        try startEngine()
        display?.draw(at: now)
        logger.info("configuration reloaded", metadata: ["path": "\(path)"])
    }

    private func shutdown() throws {
        // Finish the frame: everything due up to now, so the saved state is where the content is.
        if engine != nil {
            let (engine, now) = try synchroniseEngine()
            try publish(engine.drainEvents(), at: now)
            preserve(engine, shutdown: true)
        }
        supervisor.stopping()
        try stream.flush()
        control?.shutdown()
        try? display?.finish()
        for backend in backends { backend.close() }
        logger.info("stopped: \(summary)", metadata: ["status": "\(status)"])
    }
}
