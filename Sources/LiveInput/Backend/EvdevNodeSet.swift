import SystemInterface
import CInputShim
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The raw evdev backend for the nodes named on the command line (`--backend evdev --device NODE…`),
/// as one source of the run loop that keeps working while devices come and go: an unplugged
/// device's backend reports `.deviceRemoved` and is dropped; when its node appears again (an inotify
/// watch on its directory: the kernel creates the node, udev then sets its permissions) it is
/// opened again and reports `.deviceAdded`, as libinput's udev backend does for hotplugged devices.
///
/// Its descriptor is an epoll set of its own holding every open device and the inotify watch, so
/// the run loop's set does not change when devices do; at rest nothing wakes.
public final class EvdevNodeSet: InputBackend {
    public typealias Open = (_ node: String, _ index: Int) throws(InputError) -> EvdevBackend

    public let fileDescriptor: Int32
    private let system: SystemCalls
    private let nodes: [String]
    private let open: Open
    private var open_: [String: EvdevBackend] = [:]
    private var watches: [Int32: String] = [:]
    /// Opened and not read yet: read at the next `readEvents` even when quiet, so each announces
    /// itself (`.deviceAdded`) without waiting for a touch.
    private var unread: [EvdevBackend] = []
    private let logger: Logger
    public private(set) var isClosed = false

    /// Opens every node (a node that cannot be opened now is an error: a run that cannot read its
    /// devices says so at once) and watches their directories.
    public init(nodes: [String], system: SystemCalls = .live, logger: Logger, open: @escaping Open) throws(InputError) {
        self.nodes = nodes
        self.system = system
        self.open = open
        self.logger = logger
        fileDescriptor = try system.checked("epoll_create1") { () throws(Errno) in try system.epollCreate() }
        do {
            for (index, node) in nodes.enumerated() { try add(try open(node, index)) }
        } catch {
            close()
            throw error
        }
        for directory in Set(nodes.map(Self.directory(of:))) {
            do {
                let fd = try system.watchDirectory(directory)
                try system.epollAdd(fileDescriptor, fd)
                watches[fd] = directory
            } catch {
                logger.warning("cannot watch \(directory) (\(error)): an unplugged device is not picked up again")
            }
        }
    }

    /// The devices open now, by node.
    public var openNodes: [String] { open_.keys.sorted() }

    private func add(_ backend: EvdevBackend) throws(InputError) {
        let node = backend.summary.node
        try system.checked("epoll_ctl", device: node) { [fileDescriptor] () throws(Errno) in try system.epollAdd(fileDescriptor, backend.fileDescriptor) }
        open_[node] = backend
        unread.append(backend)
    }

    public func readEvents() throws(InputError) -> [LiveInputEvent] {
        var events: [LiveInputEvent] = []
        let ready = try system.checked("epoll_wait") { [fileDescriptor] () throws(Errno) in try system.epollWait(fileDescriptor, 0) }
        for fd in ready {
            if watches[fd] != nil {
                try reopenReturnedNodes(drain: fd)
                continue
            }
            guard let backend = open_.values.first(where: { $0.fileDescriptor == fd }) else { continue }
            events += try read(backend)
        }
        while let backend = unread.first { events += try read(backend) }
        if watches.isEmpty && open_.isEmpty { isClosed = true }
        return events
    }

    /// Reads one device; one that went away leaves the set.
    private func read(_ backend: EvdevBackend) throws(InputError) -> [LiveInputEvent] {
        unread.removeAll { $0 === backend }
        let events = try backend.readEvents()
        if backend.isClosed {
            let node = backend.summary.node
            _ = try? system.epollRemove(fileDescriptor, backend.fileDescriptor)
            open_[node] = nil
            logger.info("\(node) is gone; it is opened again when it comes back")
        }
        return events
    }

    /// The watched directory changed: any named node that is missing and present now is opened
    /// (a node created before udev made it readable fails with EACCES and is tried again at the
    /// attribute change that follows).
    private func reopenReturnedNodes(drain fd: Int32) throws(InputError) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        // What changed does not matter (the names are checked below): read until EAGAIN.
        while (try? buffer.withUnsafeMutableBytes { raw throws(Errno) in try system.read(fd, raw.baseAddress!, raw.count) }) ?? 0 > 0 {}
        for (index, node) in nodes.enumerated() where open_[node] == nil {
            guard let backend = try? open(node, index) else { continue }
            try add(backend)
            logger.info("\(node) is back")
        }
    }

    public func close() {
        for backend in open_.values { backend.close() }
        open_ = [:]
        unread = []
        for fd in watches.keys { system.close(fd) }
        watches = [:]
        system.close(fileDescriptor)
        isClosed = true
    }

    static func directory(of node: String) -> String {
        guard let slash = node.lastIndex(of: "/") else { return "." }
        return slash == node.startIndex ? "/" : String(node[..<slash])
    }
}
