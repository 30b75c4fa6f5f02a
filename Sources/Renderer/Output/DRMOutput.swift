import SystemInterface
import CDRM
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The DRM/KMS output (`/dev/dri/card0`, `--drm PATH`) through libdrm: the first connected
/// connector at its preferred mode, two dumb buffers (XRGB8888), the first frame shown with
/// drmModeSetCrtc and every later one with a page flip whose completion event paces frames. The
/// device fd is public so a run loop can epoll it and call `handleEvents()` when it is readable;
/// `present` also waits for a pending flip itself, so a plain loop is paced correctly.
public final class DRMOutput: FrameOutput {
    public let path: String
    public let panelSize: PixelSize
    public let fd: Int32
    public let connectorID: UInt32
    public let crtcID: UInt32
    public let refreshHz: Int
    public private(set) var isFlipPending = false
    public private(set) var flipsCompleted = 0
    public var pacing: FramePacing { .pageFlipEvents(fd: fd) }

    private struct DumbBuffer {
        var handle: UInt32
        var framebufferID: UInt32
        var pitch: Int
        var size: Int
        var memory: UnsafeMutableRawPointer
    }

    private var mode: drmModeModeInfo
    private var buffers: [DumbBuffer] = []
    private var front = 0
    private var hasSetCrtc = false
    private var savedCrtc: UnsafeMutablePointer<drmModeCrtc>?
    private let logger: Logger
    /// The open, close and mmap of the card (the libdrm calls are libdrm's own).
    private let calls: SystemCalls

    public convenience init(path: String = "/dev/dri/card0", logger: Logger = Logger(label: "touchscroll.renderer.drm")) throws {
        try self.init(path: path, calls: .live, logger: logger)
    }

    init(path: String, calls: SystemCalls, logger: Logger) throws {
        self.path = path
        self.logger = logger
        self.calls = calls
        let fd = calls.open(path, O_RDWR)
        guard fd >= 0 else { throw RendererError.deviceOpen(path: path, device: "DRM device", errno: -fd) }
        self.fd = fd
        var ok = false
        defer { if !ok { _ = calls.close(fd) } }

        if drmIsMaster(fd) == 0 && drmSetMaster(fd) != 0 {
            throw DisplaySelection.masterError(path: path, operation: "drmSetMaster", errno: .current)
        }
        var dumb: UInt64 = 0
        guard drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0, dumb != 0 else {
            throw RendererError(.deviceQuery, path: path, "the driver has no dumb buffers (DRM_CAP_DUMB_BUFFER)")
        }
        guard let resources = drmModeGetResources(fd) else {
            throw RendererError(.deviceQuery, path: path, "drmModeGetResources failed: not a KMS device?", errno: .current)
        }
        defer { drmModeFreeResources(resources) }

        // Read every connector into values, choose, then keep the chosen raw mode.
        var connectors: [UnsafeMutablePointer<drmModeConnector>] = []
        defer { connectors.forEach { drmModeFreeConnector($0) } }
        for i in 0..<Int(resources.pointee.count_connectors) {
            if let c = drmModeGetConnector(fd, resources.pointee.connectors[i]) { connectors.append(c) }
        }
        let candidates = connectors.map { c in
            ConnectorCandidate(id: c.pointee.connector_id, isConnected: c.pointee.connection == DRM_MODE_CONNECTED,
                               modes: (0..<Int(c.pointee.count_modes)).map { m in
                                   let info = c.pointee.modes[m]
                                   return .init(width: Int(info.hdisplay), height: Int(info.vdisplay), refreshHz: Int(info.vrefresh),
                                                isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
                               })
        }
        guard let choice = DisplaySelection.choose(candidates) else {
            throw RendererError(.noConnectedDisplay, path: path, "no connected connector with a mode among \(candidates.count)")
        }
        let connector = connectors[choice.connector]
        self.connectorID = connector.pointee.connector_id
        self.mode = connector.pointee.modes[choice.mode]
        self.panelSize = PixelSize(width: Int(mode.hdisplay), height: Int(mode.vdisplay))
        self.refreshHz = Int(mode.vrefresh)
        guard let crtc = DRMOutput.findCrtc(fd: fd, resources: resources, connector: connector) else {
            throw RendererError(.modeSetting, path: path, "no CRTC can drive connector \(connectorID)")
        }
        self.crtcID = crtc
        self.savedCrtc = drmModeGetCrtc(fd, crtc)

        for _ in 0..<2 { buffers.append(try makeDumbBuffer()) }
        ok = true
        logger.info("\(path): connector \(connectorID), CRTC \(crtcID), \(panelSize)@\(refreshHz)Hz, two dumb buffers, page-flip pacing")
    }

    deinit {
        if let savedCrtc {
            var connector = connectorID
            var m = savedCrtc.pointee.mode
            _ = drmModeSetCrtc(fd, savedCrtc.pointee.crtc_id, savedCrtc.pointee.buffer_id, savedCrtc.pointee.x, savedCrtc.pointee.y, &connector, 1, &m)
            drmModeFreeCrtc(savedCrtc)
        }
        for b in buffers {
            munmap(b.memory, b.size)
            _ = drmModeRmFB(fd, b.framebufferID)
            _ = drmModeDestroyDumbBuffer(fd, b.handle)
        }
        _ = calls.close(fd)
    }

    /// The connector's current encoder's CRTC, else any CRTC one of its encoders can drive.
    private static func findCrtc(fd: Int32, resources: UnsafeMutablePointer<drmModeRes>, connector: UnsafeMutablePointer<drmModeConnector>) -> UInt32? {
        if connector.pointee.encoder_id != 0, let e = drmModeGetEncoder(fd, connector.pointee.encoder_id) {
            defer { drmModeFreeEncoder(e) }
            if e.pointee.crtc_id != 0 { return e.pointee.crtc_id }
        }
        for i in 0..<Int(connector.pointee.count_encoders) {
            guard let e = drmModeGetEncoder(fd, connector.pointee.encoders[i]) else { continue }
            defer { drmModeFreeEncoder(e) }
            for j in 0..<Int(resources.pointee.count_crtcs) where e.pointee.possible_crtcs & (1 << UInt32(j)) != 0 {
                return resources.pointee.crtcs[j]
            }
        }
        return nil
    }

    private func makeDumbBuffer() throws -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(fd, UInt32(panelSize.width), UInt32(panelSize.height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw RendererError(.modeSetting, path: path, "drmModeCreateDumbBuffer \(panelSize) failed", errno: .current)
        }
        var fbID: UInt32 = 0
        guard drmModeAddFB(fd, UInt32(panelSize.width), UInt32(panelSize.height), 24, 32, pitch, handle, &fbID) == 0 else {
            let e = Errno.current
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw RendererError(.modeSetting, path: path, "drmModeAddFB failed", errno: e)
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(fd, handle, &offset) == 0 else {
            throw RendererError(.deviceMap, path: path, "drmModeMapDumbBuffer failed", errno: .current)
        }
        switch calls.mapShared(fd, Int(size), Int(offset)) {
        case .success(let p):
            memset(p, 0, Int(size))
            return DumbBuffer(handle: handle, framebufferID: fbID, pitch: Int(pitch), size: Int(size), memory: p)
        case .failure(let e):
            throw RendererError(.deviceMap, path: path, "mmap of a dumb buffer failed", errno: e)
        }
    }

    public func present(_ frame: PixelBuffer) throws {
        precondition(frame.size == panelSize, "frame \(frame.size) for a \(panelSize) display")
        if isFlipPending { try waitForFlip() }
        let back = hasSetCrtc ? 1 - front : front
        FramebufferPixelFormat.xrgb8888.convert(frame, into: buffers[back].memory, stride: buffers[back].pitch)
        try show(back)
    }

    /// Scans out buffer `back`: drmModeSetCrtc for the first frame, a page flip for every later one.
    private func show(_ back: Int) throws {
        if !hasSetCrtc {
            var connector = connectorID
            guard drmModeSetCrtc(fd, crtcID, buffers[back].framebufferID, 0, 0, &connector, 1, &mode) == 0 else {
                throw DisplaySelection.masterError(path: path, operation: "drmModeSetCrtc", errno: .current)
            }
            hasSetCrtc = true
            return
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard drmModePageFlip(fd, crtcID, buffers[back].framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0 else {
            throw DisplaySelection.masterError(path: path, operation: "drmModePageFlip", errno: .current)
        }
        isFlipPending = true
        front = back
    }

    /// The dumb buffers as pixel buffers over their mapped memory (made on first use), for drawing
    /// frames straight into the one not scanned out.
    private lazy var mappedBuffers: [PixelBuffer] = buffers.map {
        PixelBuffer(borrowing: $0.memory, size: panelSize, stride: $0.pitch)
    }

    /// Reads and dispatches pending DRM events (call when `fd` is readable).
    public func handleEvents() throws {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            output.isFlipPending = false
            output.flipsCompleted += 1
        }
        guard drmHandleEvent(fd, &context) == 0 else {
            throw RendererError(.pageFlip, path: path, "drmHandleEvent failed", errno: .current)
        }
    }

    /// Blocks until the pending page flip completes (at most one second).
    public func waitForFlip() throws {
        while isFlipPending {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, 1000)
            if r < 0 && errno == EINTR { continue }
            guard r > 0 else { throw RendererError(.pageFlip, path: path, "no page-flip completion within a second", errno: r < 0 ? .current : nil) }
            try handleEvents()
        }
    }

    public func finish() throws {
        if isFlipPending { try waitForFlip() }
    }

    /// The connector's DPMS property set to Off or On (the legacy property every KMS driver keeps,
    /// /sys/class/drm/cardN-CONNECTOR/dpms reads it back); the CRTC keeps scanning out the same
    /// buffer, so the frame is there again at On.
    public func setBlanked(_ blanked: Bool) throws {
        if isFlipPending { try waitForFlip() }
        guard let properties = drmModeObjectGetProperties(fd, connectorID, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
            throw RendererError(.modeSetting, path: path, "cannot read the properties of connector \(connectorID)", errno: errno)
        }
        defer { drmModeFreeObjectProperties(properties) }
        var dpms: UInt32?
        for i in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { dpms = property.pointee.prop_id }
        }
        guard let dpms else {
            throw RendererError(.modeSetting, path: path, "connector \(connectorID) has no DPMS property")
        }
        let value = UInt64(blanked ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
        let r = drmModeConnectorSetProperty(fd, connectorID, dpms, value)
        guard r == 0 else {
            throw RendererError(.modeSetting, path: path, "setting connector \(connectorID) DPMS \(blanked ? "Off" : "On") failed", errno: -r)
        }
    }
}

extension DRMOutput: DirectFrameOutput {
    /// The dumb buffer the next frame goes into (XRGB8888, like every frame), once a pending page
    /// flip has completed (until then it may still be scanned out).
    public func backBuffer() throws -> PixelBuffer? {
        if isFlipPending { try waitForFlip() }
        return mappedBuffers[hasSetCrtc ? 1 - front : front]
    }

    /// Flips to the buffer `backBuffer()` returned.
    public func presentBackBuffer() throws {
        if isFlipPending { try waitForFlip() }
        try show(hasSetCrtc ? 1 - front : front)
    }
}
