import SystemInterface
import Logging
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// Reads touchscreens (and keyboards, wheels) through libinput, from a udev seat with hotplug or
/// from fixed device nodes.
public final class LibinputBackend: InputBackend {
    /// Where libinput finds devices.
    public enum Source: Hashable, Sendable {
        /// Every input device of the udev seat, added and removed as they come and go.
        case udev(seat: String)
        /// Exactly these nodes (`--device /dev/input/eventN`), for systems without a udev seat.
        case paths([String])
    }

    public let source: Source
    /// The screen size touch positions are transformed to, in px.
    public let screen: Size
    public let transform: ScreenTransform
    private let calls: LibinputCalls
    private let opener: LibinputDeviceOpener
    private let logger: Logger
    private let context: OpaquePointer
    private var assembler: LibinputTouchAssembler
    /// Touchscreens only (`input.touchOnly`): other devices are suspended as they appear, so their
    /// nodes are not even kept open.
    private let touchOnly: Bool
    public let fileDescriptor: Int32
    private var closed = false
    /// libinput itself handles devices going away; the context stays open until `close()`.
    public var isClosed: Bool { closed }

    public init(source: Source, screen: Size, transform: ScreenTransform = .identity,
                acceptsKeyboards: Bool = true, acceptsWheels: Bool = true,
                system: SystemCalls = .live, calls: LibinputCalls = .live,
                logger: Logger = Logger(label: "touchscroll.libinput")) throws(InputError) {
        self.source = source
        self.screen = screen
        self.transform = transform
        self.calls = calls
        self.logger = logger
        self.assembler = LibinputTouchAssembler(acceptsKeyboards: acceptsKeyboards, acceptsWheels: acceptsWheels)
        self.touchOnly = !acceptsKeyboards && !acceptsWheels
        let opener = LibinputDeviceOpener(system: system, logger: logger)
        self.opener = opener
        switch source {
        case let .udev(seat):
            context = try calls.createUdevContext(opener, seat)
        case let .paths(nodes):
            // Each node is opened once here first, so a missing node or a permission problem is
            // reported as such (libinput itself only logs "Invalid path").
            for node in nodes { system.close(try system.checkedOpen(node, flags: O_RDONLY | O_NONBLOCK)) }
            context = try calls.createPathContext(opener)
            for node in nodes where calls.addPathDevice(context, node) == nil {
                let failure = opener.takeFailures().first
                    ?? InputError(call: "libinput_path_add_device", errno: .invalidArgument, device: node,
                                  detail: "libinput refused the device (not an evdev input device?)")
                calls.destroyContext(context)
                throw failure
            }
        }
        fileDescriptor = calls.fileDescriptor(context)
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        calls.destroyContext(context)
    }

    /// Devices libinput has open now.
    public var devices: [LibinputDeviceInfo] { Array(assembler.knownDevices.values) }

    /// Open failures since the last call (EACCES for nodes the user may not read), for the caller's
    /// "no devices" message.
    public func takeOpenFailures() -> [InputError] { opener.takeFailures() }

    public func readEvents() throws(InputError) -> [LiveInputEvent] {
        do {
            try calls.dispatch(context)
        } catch {
            // libinput_dispatch reports EAGAIN when nothing was pending; anything else is real.
            if error != .wouldBlock {
                throw InputError(call: "libinput_dispatch", errno: error)
            }
        }
        var out: [LiveInputEvent] = []
        while let record = calls.nextEvent(context, screen) {
            if case let .deviceAdded(id, info) = record, touchOnly, !info.hasTouch, calls.suspendDevice(id) {
                logger.info("not reading \(info.node) \"\(info.name)\": not a touchscreen (touch only)")
                continue
            }
            if case let .deviceAdded(id, info) = record, info.hasTouch, !transform.matrix.isIdentity {
                if let matrix = calls.applyTransform(id, transform) {
                    logger.info("\(info.node): calibration matrix \(matrix)")
                } else {
                    logger.warning("\(info.node): device has no calibration matrix; rotation/flip not applied")
                }
            }
            let events = assembler.handle(record)
            for event in events {
                switch event {
                case let .deviceAdded(d): logger.info("device added: \(d)")
                case let .deviceRemoved(d, _): logger.info("device removed: \(d)")
                default: break
                }
            }
            out += events
        }
        return out
    }
}
