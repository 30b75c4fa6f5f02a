import SystemInterface
import Logging
import Recordings
import ScrollEngine

#if canImport(Glibc)
import Glibc
#endif

/// One evdev node opened through libevdev: its description, and its events as they come,
/// stamped with CLOCK_MONOTONIC. Used by the raw evdev backend and by `record`.
///
/// SYN_DROPPED switches libevdev to sync mode (LIBEVDEV_READ_FLAG_SYNC) until it has replayed the
/// device state; the drop and the sync events are passed on in order, so a decoder can resync.
public final class RawEvdevReader {
    /// What one read produced.
    public struct Batch: Hashable, Sendable {
        public var events: [EvdevEvent] = []
        /// ENODEV: the device was unplugged; the reader is closed.
        public var deviceRemoved = false
        /// SYN_DROPPED happened in this batch (events were lost).
        public var dropped = false
    }

    public let node: String
    public let device: EvdevDevice
    public let fileDescriptor: Int32
    private let system: SystemCalls
    private let evdev: LibevdevCalls
    private let handle: OpaquePointer
    private var syncing = false
    public private(set) var isClosed = false

    public init(node: String, grab: Bool = false, system: SystemCalls = .live, evdev: LibevdevCalls = .live) throws(InputError) {
        self.node = node
        self.system = system
        self.evdev = evdev
        try evdev.loadLibraries()
        let fd = try system.checkedOpen(node, flags: O_RDONLY | O_NONBLOCK)
        fileDescriptor = fd
        var created: OpaquePointer?
        do {
            let handle = try evdev.create(fd)
            created = handle
            try evdev.useMonotonicClock(handle)
            if grab { try evdev.grab(handle, true) }
        } catch {
            if let created { evdev.free(created) }
            system.close(fd)
            let call = created == nil ? "libevdev_new_from_fd" : grab ? "libevdev_grab / libevdev_set_clock_id" : "libevdev_set_clock_id"
            throw InputError(call: call, errno: error, device: node,
                             detail: error == .busy ? "another process holds an exclusive grab" : nil)
        }
        handle = created!
        device = evdev.describe(handle)
    }

    deinit { close() }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        evdev.free(handle)
        system.close(fileDescriptor)
    }

    /// Everything readable now (never blocks). EAGAIN ends the batch; ENODEV closes the reader.
    public func read() throws(InputError) -> Batch {
        var batch = Batch()
        guard !isClosed else { return batch }
        while true {
            let result: NextEventResult
            do {
                result = try evdev.nextEvent(handle, syncing)
            } catch {
                let failure = InputError(call: "libevdev_next_event", errno: error, device: node)
                switch failure.kind {
                case .noMoreEvents:
                    return batch
                case .deviceRemoved:
                    batch.deviceRemoved = true
                    close()
                    return batch
                default:
                    throw failure
                }
            }
            switch result {
            case let .event(raw), let .syncEvent(raw):
                batch.events.append(raw.evdevEvent)
            case let .dropped(raw):
                syncing = true
                batch.dropped = true
                batch.events.append(raw.evdevEvent)
            case .syncDone:
                syncing = false
            }
        }
    }
}
