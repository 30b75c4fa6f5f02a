import SystemInterface
import CLibevdev
import Recordings
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// One raw evdev event with its kernel time.
public struct RawInputEvent: Hashable, Sendable {
    public var seconds: Int
    public var microseconds: Int
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(seconds: Int, microseconds: Int, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }
}

/// What `libevdev_next_event` returned.
public enum NextEventResult: Hashable, Sendable {
    /// An event in normal mode.
    case event(RawInputEvent)
    /// SYN_DROPPED: the kernel's buffer overflowed; read in sync mode until `.syncDone`.
    case dropped(RawInputEvent)
    /// An event of the resynchronisation (sync mode).
    case syncEvent(RawInputEvent)
    /// Sync mode has nothing more: the device state is consistent again.
    case syncDone
}

/// Every libevdev call, as replaceable function values (see `SystemCalls`).
public struct LibevdevCalls: @unchecked Sendable {
    public var create: (_ fd: Int32) throws(Errno) -> OpaquePointer
    public var free: (_ device: OpaquePointer) -> Void
    /// Stamps events with CLOCK_MONOTONIC (libinput's clock) instead of the default CLOCK_REALTIME.
    public var useMonotonicClock: (_ device: OpaquePointer) throws(Errno) -> Void
    /// The next event; `sync` reads in LIBEVDEV_READ_FLAG_SYNC mode. Throws EAGAIN when empty.
    public var nextEvent: (_ device: OpaquePointer, _ sync: Bool) throws(Errno) -> NextEventResult
    public var grab: (_ device: OpaquePointer, _ exclusive: Bool) throws(Errno) -> Void
    public var describe: (_ device: OpaquePointer) -> EvdevDevice
    /// Makes libevdev callable (`InputLibraries.load`); called before `create`.
    public var loadLibraries: () throws(InputError) -> Void

    public init(create: @escaping (Int32) throws(Errno) -> OpaquePointer,
                free: @escaping (OpaquePointer) -> Void,
                useMonotonicClock: @escaping (OpaquePointer) throws(Errno) -> Void,
                nextEvent: @escaping (OpaquePointer, Bool) throws(Errno) -> NextEventResult,
                grab: @escaping (OpaquePointer, Bool) throws(Errno) -> Void,
                describe: @escaping (OpaquePointer) -> EvdevDevice,
                loadLibraries: @escaping () throws(InputError) -> Void = {}) {
        self.create = create
        self.free = free
        self.useMonotonicClock = useMonotonicClock
        self.nextEvent = nextEvent
        self.grab = grab
        self.describe = describe
        self.loadLibraries = loadLibraries
    }
}

extension LibevdevCalls {
    /// The real libevdev.
    public static let live = LibevdevCalls(
        create: { fd throws(Errno) in
            var device: OpaquePointer?
            let rc = libevdev_new_from_fd(fd, &device)
            guard rc == 0, let device else { throw Errno(rawValue: -rc) }
            return device
        },
        free: { libevdev_free($0) },
        useMonotonicClock: { device throws(Errno) in
            let rc = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
            if rc != 0 { throw Errno(rawValue: -rc) }
        },
        nextEvent: { device, sync throws(Errno) in
            var event = input_event()
            let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
            let rc = libevdev_next_event(device, flags, &event)
            let raw = RawInputEvent(seconds: Int(event.time.tv_sec), microseconds: Int(event.time.tv_usec),
                                    type: event.type, code: event.code, value: event.value)
            switch rc {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue): return sync ? .syncEvent(raw) : .event(raw)
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue): return sync ? .syncEvent(raw) : .dropped(raw)
            case -EAGAIN where sync: return .syncDone
            default: throw Errno(rawValue: -rc)
            }
        },
        grab: { device, exclusive throws(Errno) in
            let rc = libevdev_grab(device, exclusive ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
            if rc != 0 { throw Errno(rawValue: -rc) }
        },
        describe: { device in
            var codes: [UInt16: Set<UInt16>] = [:]
            var axes: [UInt16: AbsInfo] = [:]
            for type in 0..<UInt32(EV_CNT) where type != UInt32(EV_SYN) && libevdev_has_event_type(device, type) != 0 {
                let maximum = libevdev_event_type_get_max(type)
                guard maximum >= 0 else { continue }
                var set = Set<UInt16>()
                for code in 0...UInt32(maximum) where libevdev_has_event_code(device, type, code) != 0 {
                    set.insert(UInt16(code))
                    if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(device, code) {
                        axes[UInt16(code)] = AbsInfo(value: info.pointee.value, minimum: info.pointee.minimum,
                                                     maximum: info.pointee.maximum, fuzz: info.pointee.fuzz,
                                                     flat: info.pointee.flat, resolution: info.pointee.resolution)
                    }
                }
                codes[UInt16(type)] = set
            }
            var properties = Set<Int>()
            for p in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(device, p) != 0 {
                properties.insert(Int(p))
            }
            return EvdevDevice(
                name: String(cString: libevdev_get_name(device)),
                id: InputID(bustype: UInt16(libevdev_get_id_bustype(device)), vendor: UInt16(libevdev_get_id_vendor(device)),
                            product: UInt16(libevdev_get_id_product(device)), version: UInt16(libevdev_get_id_version(device))),
                properties: properties, codes: codes, absinfo: axes)
        },
        loadLibraries: { () throws(InputError) in try InputLibraries.load() }
    )
}

extension RawInputEvent {
    /// As the shared decoder takes it; the time is CLOCK_MONOTONIC after `useMonotonicClock`.
    public var evdevEvent: EvdevEvent {
        EvdevEvent(time: Timestamp(microseconds: Int64(seconds) * 1_000_000 + Int64(microseconds)),
                   type: type, code: code, value: value)
    }
}
