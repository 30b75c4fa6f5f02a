import SystemInterface
import CInputShim
import CLibinput
import CLibudev
import Logging
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// Every libinput call the backend makes, as replaceable function values (see `SystemCalls`).
///
/// A context is an `OpaquePointer` to `struct libinput`; tests hand out any non-nil pointer and
/// script `nextEvent`. Device nodes are opened through the context's `LibinputDeviceOpener`, which
/// uses `SystemCalls.open`, so a test can make opening fail with EACCES.
public struct LibinputCalls: @unchecked Sendable {
    public var createUdevContext: (_ opener: LibinputDeviceOpener, _ seat: String) throws(InputError) -> OpaquePointer
    public var createPathContext: (_ opener: LibinputDeviceOpener) throws(InputError) -> OpaquePointer
    /// Adds a device node to a path context; nil when libinput refused it.
    public var addPathDevice: (_ context: OpaquePointer, _ node: String) -> LibinputDeviceID?
    public var fileDescriptor: (_ context: OpaquePointer) -> Int32
    public var dispatch: (_ context: OpaquePointer) throws(Errno) -> Void
    /// Takes the next queued event out of libinput as a value (touch positions transformed to `screen`).
    public var nextEvent: (_ context: OpaquePointer, _ screen: Size) -> LibinputEventRecord?
    /// Sets the device's calibration matrix to `transform` applied after the udev default
    /// (LIBINPUT_CALIBRATION_MATRIX); returns the matrix set, or nil if the device has none.
    public var applyTransform: (_ device: LibinputDeviceID, _ transform: ScreenTransform) -> CalibrationMatrix?
    /// Stops libinput reading the device (send-events mode "disabled": libinput closes its node and
    /// keeps it on the seat); false when the device cannot be disabled.
    public var suspendDevice: (_ device: LibinputDeviceID) -> Bool
    public var destroyContext: (_ context: OpaquePointer) -> Void

    public init(
        createUdevContext: @escaping (LibinputDeviceOpener, String) throws(InputError) -> OpaquePointer,
        createPathContext: @escaping (LibinputDeviceOpener) throws(InputError) -> OpaquePointer,
        addPathDevice: @escaping (OpaquePointer, String) -> LibinputDeviceID?,
        fileDescriptor: @escaping (OpaquePointer) -> Int32,
        dispatch: @escaping (OpaquePointer) throws(Errno) -> Void,
        nextEvent: @escaping (OpaquePointer, Size) -> LibinputEventRecord?,
        applyTransform: @escaping (LibinputDeviceID, ScreenTransform) -> CalibrationMatrix?,
        suspendDevice: @escaping (LibinputDeviceID) -> Bool = { _ in false },
        destroyContext: @escaping (OpaquePointer) -> Void
    ) {
        self.createUdevContext = createUdevContext
        self.createPathContext = createPathContext
        self.addPathDevice = addPathDevice
        self.fileDescriptor = fileDescriptor
        self.dispatch = dispatch
        self.nextEvent = nextEvent
        self.applyTransform = applyTransform
        self.suspendDevice = suspendDevice
        self.destroyContext = destroyContext
    }
}

/// Opens and closes device nodes for libinput (its `open_restricted` / `close_restricted`), through
/// `SystemCalls`, remembering failures so the backend can report "add the user to group input".
public final class LibinputDeviceOpener {
    let system: SystemCalls
    let logger: Logger
    /// Every open that failed since the last `takeFailures()`.
    private(set) var failures: [InputError] = []

    public init(system: SystemCalls, logger: Logger) {
        self.system = system
        self.logger = logger
    }

    /// Opens `path` for libinput; returns the fd or a negative errno, as libinput expects.
    func open(path: String, flags: Int32) -> Int32 {
        do {
            return try system.checkedOpen(path, flags: flags)
        } catch {
            failures.append(error)
            logger.warning("\(error)")
            return -error.errno.rawValue
        }
    }

    func close(fd: Int32) { system.close(fd) }

    func takeFailures() -> [InputError] {
        defer { failures = [] }
        return failures
    }

    /// libinput's own log lines, forwarded to swift-log at the matching level.
    func log(priority: Int32, message: String) {
        let text = message.hasSuffix("\n") ? String(message.dropLast()) : message
        switch UInt32(priority) {
        case LIBINPUT_LOG_PRIORITY_ERROR.rawValue: logger.error("libinput: \(text)")
        case LIBINPUT_LOG_PRIORITY_INFO.rawValue: logger.info("libinput: \(text)")
        default: logger.debug("libinput: \(text)")
        }
    }
}

// The C callbacks cannot capture Swift context; they find the opener through libinput's user data.
nonisolated(unsafe) private let libinputInterface: UnsafeMutablePointer<libinput_interface> = {
    let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
    interface.initialize(to: libinput_interface(
        open_restricted: { path, flags, userData in
            guard let path, let userData else { return -EINVAL }
            let opener = Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).takeUnretainedValue()
            return opener.open(path: String(cString: path), flags: flags)
        },
        close_restricted: { fd, userData in
            guard let userData else { return }
            Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).takeUnretainedValue().close(fd: fd)
        }
    ))
    return interface
}()

private func installLogSink(_ context: OpaquePointer) {
    libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_INFO)
    touchscroll_libinput_set_log_sink(context) { context, priority, message in
        guard let context, let message, let userData = libinput_get_user_data(context) else { return }
        Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).takeUnretainedValue()
            .log(priority: priority, message: String(cString: message))
    }
}

extension LibinputCalls {
    /// The real libinput.
    public static let live = LibinputCalls(
        createUdevContext: { opener, seat throws(InputError) in
            try InputLibraries.load()
            guard let udev = udev_new() else {
                throw InputError(call: "udev_new", errno: .current, detail: "cannot reach udev")
            }
            defer { udev_unref(udev) }
            // The context keeps the opener alive (released in destroyContext).
            let userData = Unmanaged.passRetained(opener).toOpaque()
            guard let context = libinput_udev_create_context(libinputInterface, userData, udev) else {
                Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).release()
                throw InputError(call: "libinput_udev_create_context", errno: .current)
            }
            installLogSink(context)
            let rc = libinput_udev_assign_seat(context, seat)
            if rc != 0 {
                libinput_unref(context)
                Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).release()
                throw InputError(call: "libinput_udev_assign_seat", errno: Errno(rawValue: EINVAL), device: seat,
                                 detail: "udev seat could not be assigned; is udevd running?")
            }
            return context
        },
        createPathContext: { opener throws(InputError) in
            try InputLibraries.load()
            let userData = Unmanaged.passRetained(opener).toOpaque()
            guard let context = libinput_path_create_context(libinputInterface, userData) else {
                Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).release()
                throw InputError(call: "libinput_path_create_context", errno: .current)
            }
            installLogSink(context)
            return context
        },
        addPathDevice: { context, node in
            guard let device = libinput_path_add_device(context, node) else { return nil }
            return LibinputDeviceID(rawValue: Int(bitPattern: UnsafeRawPointer(device)))
        },
        fileDescriptor: { context in libinput_get_fd(context) },
        dispatch: { context throws(Errno) in
            let rc = libinput_dispatch(context)
            if rc < 0 { throw Errno(rawValue: -rc) }
        },
        nextEvent: { context, screen in
            guard let event = libinput_get_event(context) else { return nil }
            defer { libinput_event_destroy(event) }
            return LibinputEventReader.record(of: event, screen: screen)
        },
        applyTransform: { id, transform in
            guard let device = OpaquePointer(bitPattern: id.rawValue),
                  libinput_device_config_calibration_has_matrix(device) != 0 else { return nil }
            var defaults = [Float](repeating: 0, count: 6)
            _ = libinput_device_config_calibration_get_default_matrix(device, &defaults)
            let composed = transform.matrix.after(CalibrationMatrix(defaults.map(Double.init)))
            var values = composed.values.map(Float.init)
            guard libinput_device_config_calibration_set_matrix(device, &values)
                    == LIBINPUT_CONFIG_STATUS_SUCCESS else { return nil }
            return composed
        },
        suspendDevice: { id in
            guard let device = OpaquePointer(bitPattern: id.rawValue) else { return false }
            return libinput_device_config_send_events_set_mode(device, LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
                == LIBINPUT_CONFIG_STATUS_SUCCESS
        },
        destroyContext: { context in
            let userData = libinput_get_user_data(context)
            libinput_unref(context)
            if let userData { Unmanaged<LibinputDeviceOpener>.fromOpaque(userData).release() }
        }
    )
}

/// Copies a `struct libinput_event` into a `LibinputEventRecord`.
enum LibinputEventReader {
    static func record(of event: OpaquePointer, screen: Size) -> LibinputEventRecord {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return .ignored(type: Int32(type.rawValue)) }
        let id = LibinputDeviceID(rawValue: Int(bitPattern: UnsafeRawPointer(device)))
        let width = UInt32(max(screen.width, 1).rounded())
        let height = UInt32(max(screen.height, 1).rounded())
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return .deviceAdded(id, info(of: device))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return .deviceRemoved(id)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)!
            let location = Point(x: libinput_event_touch_get_x_transformed(touch, width),
                                 y: libinput_event_touch_get_y_transformed(touch, height))
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let time = Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(touch)))
            return type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(id, seatSlot: slot, location: location, time: time)
                : .touchMotion(id, seatSlot: slot, location: location, time: time)
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)!
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let time = Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(touch)))
            return type == LIBINPUT_EVENT_TOUCH_UP
                ? .touchUp(id, seatSlot: slot, time: time)
                : .touchCancel(id, seatSlot: slot, time: time)
        case LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)!
            return .touchFrame(id, time: Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(touch))))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let key = libinput_event_get_keyboard_event(event)!
            return .key(id, code: libinput_event_keyboard_get_key(key),
                        pressed: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                        time: Timestamp(microseconds: Int64(libinput_event_keyboard_get_time_usec(key))))
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
             LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            let pointer = libinput_event_get_pointer_event(event)!
            func value(_ axis: libinput_pointer_axis) -> Double {
                libinput_event_pointer_has_axis(pointer, axis) != 0
                    ? libinput_event_pointer_get_scroll_value(pointer, axis) : 0
            }
            let source: ScrollSource = switch type {
            case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL: .wheel
            case LIBINPUT_EVENT_POINTER_SCROLL_FINGER: .finger
            default: .continuous
            }
            return .scroll(id, source: source,
                           delta: Point(x: value(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
                                        y: value(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL)),
                           time: Timestamp(microseconds: Int64(libinput_event_pointer_get_time_usec(pointer))))
        default:
            return .ignored(type: Int32(type.rawValue))
        }
    }

    static func info(of device: OpaquePointer) -> LibinputDeviceInfo {
        let sysname = String(cString: libinput_device_get_sysname(device))
        var node = "/dev/input/\(sysname)"
        if let udevDevice = libinput_device_get_udev_device(device) {
            if let devnode = udev_device_get_devnode(udevDevice) { node = String(cString: devnode) }
            udev_device_unref(udevDevice)
        }
        var width = 0.0, height = 0.0
        let size: Size? = libinput_device_get_size(device, &width, &height) == 0
            ? Size(width: width, height: height) : nil
        let hasTouch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
        return LibinputDeviceInfo(
            name: String(cString: libinput_device_get_name(device)),
            sysname: sysname,
            node: node,
            hasTouch: hasTouch,
            hasKeyboard: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0,
            hasPointer: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0,
            sizeMillimetres: size,
            touchCount: hasTouch ? Int(libinput_device_touch_get_touch_count(device)) : 0
        )
    }
}
