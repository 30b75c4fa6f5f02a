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
    /// libdrm's calls and the card's open, close and mmap.
    private let drm: DRMCalls

    public convenience init(path: String = "/dev/dri/card0", logger: Logger = Logger(label: "touchscroll.renderer.drm")) throws {
        try self.init(path: path, drm: .live, logger: logger)
    }

    /// The output over `drm` (a test passes a fake card or a fault-injecting system-call table).
    public init(path: String, drm: DRMCalls, logger: Logger) throws {
        self.path = path
        self.logger = logger
        self.drm = drm
        let fd: Int32
        do {
            fd = try drm.system.open(path, O_RDWR)
        } catch {
            throw RendererError.deviceOpen(path: path, device: "DRM device", errno: error.rawValue)
        }
        self.fd = fd
        var ok = false
        defer { if !ok { drm.system.close(fd) } }

        if !drm.isMaster(fd) {
            do { try drm.setMaster(fd) } catch { throw DisplaySelection.masterError(path: path, operation: "drmSetMaster", errno: error) }
        }
        guard let dumb = try? drm.capability(fd, UInt64(DRM_CAP_DUMB_BUFFER)), dumb != 0 else {
            throw RendererError(.deviceQuery, path: path, "the driver has no dumb buffers (DRM_CAP_DUMB_BUFFER)")
        }
        let resources: UnsafeMutablePointer<drmModeRes>
        do {
            resources = try drm.getResources(fd)
        } catch {
            throw RendererError(.deviceQuery, path: path, "drmModeGetResources failed: not a KMS device?", errno: error)
        }
        defer { drm.freeResources(resources) }

        // Read every connector into values, choose, then keep the chosen raw mode.
        var connectors: [UnsafeMutablePointer<drmModeConnector>] = []
        defer { connectors.forEach { drm.freeConnector($0) } }
        for i in 0..<Int(resources.pointee.count_connectors) {
            if let c = drm.getConnector(fd, resources.pointee.connectors[i]) { connectors.append(c) }
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
        guard let crtc = DRMOutput.findCrtc(fd: fd, drm: drm, resources: resources, connector: connector) else {
            throw RendererError(.modeSetting, path: path, "no CRTC can drive connector \(connectorID)")
        }
        self.crtcID = crtc
        self.savedCrtc = drm.getCrtc(fd, crtc)

        // Every stored property is set from here on, so a failure below runs deinit, which
        // releases the buffers made so far and closes the card: the defer above must not close it
        // a second time (a descriptor number another thread may already have been given).
        ok = true
        for _ in 0..<2 { buffers.append(try makeDumbBuffer()) }
        logger.info("\(path): connector \(connectorID), CRTC \(crtcID), \(panelSize)@\(refreshHz)Hz, two dumb buffers, page-flip pacing")
    }

    deinit {
        if let savedCrtc {
            var m = savedCrtc.pointee.mode
            try? drm.setCrtc(fd, savedCrtc.pointee.crtc_id, savedCrtc.pointee.buffer_id, savedCrtc.pointee.x, savedCrtc.pointee.y, connectorID, &m)
            drm.freeCrtc(savedCrtc)
        }
        for b in buffers {
            drm.system.unmap(b.memory, b.size)
            drm.removeFramebuffer(fd, b.framebufferID)
            drm.destroyDumbBuffer(fd, b.handle)
        }
        drm.system.close(fd)
    }

    /// The connector's current encoder's CRTC, else any CRTC one of its encoders can drive.
    private static func findCrtc(fd: Int32, drm: DRMCalls, resources: UnsafeMutablePointer<drmModeRes>,
                                 connector: UnsafeMutablePointer<drmModeConnector>) -> UInt32? {
        if connector.pointee.encoder_id != 0, let e = drm.getEncoder(fd, connector.pointee.encoder_id) {
            defer { drm.freeEncoder(e) }
            if e.pointee.crtc_id != 0 { return e.pointee.crtc_id }
        }
        for i in 0..<Int(connector.pointee.count_encoders) {
            guard let e = drm.getEncoder(fd, connector.pointee.encoders[i]) else { continue }
            defer { drm.freeEncoder(e) }
            for j in 0..<Int(resources.pointee.count_crtcs) where e.pointee.possible_crtcs & (1 << UInt32(j)) != 0 {
                return resources.pointee.crtcs[j]
            }
        }
        return nil
    }

    private func makeDumbBuffer() throws -> DumbBuffer {
        let created: (handle: UInt32, pitch: UInt32, size: UInt64)
        do {
            created = try drm.createDumbBuffer(fd, UInt32(panelSize.width), UInt32(panelSize.height))
        } catch {
            throw RendererError(.modeSetting, path: path, "drmModeCreateDumbBuffer \(panelSize) failed", errno: error)
        }
        let fbID: UInt32
        do {
            fbID = try drm.addFramebuffer(fd, UInt32(panelSize.width), UInt32(panelSize.height), created.pitch, created.handle)
        } catch {
            drm.destroyDumbBuffer(fd, created.handle)
            throw RendererError(.modeSetting, path: path, "drmModeAddFB failed", errno: error)
        }
        let offset: UInt64
        do {
            offset = try drm.mapDumbBuffer(fd, created.handle)
        } catch {
            throw RendererError(.deviceMap, path: path, "drmModeMapDumbBuffer failed", errno: error)
        }
        do {
            let p = try drm.system.mapShared(fd, Int(created.size), Int(offset))
            memset(p, 0, Int(created.size))
            return DumbBuffer(handle: created.handle, framebufferID: fbID, pitch: Int(created.pitch), size: Int(created.size), memory: p)
        } catch {
            throw RendererError(.deviceMap, path: path, "mmap of a dumb buffer failed", errno: error)
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
            do {
                try drm.setCrtc(fd, crtcID, buffers[back].framebufferID, 0, 0, connectorID, &mode)
            } catch {
                throw DisplaySelection.masterError(path: path, operation: "drmModeSetCrtc", errno: error)
            }
            hasSetCrtc = true
            return
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        do {
            try drm.pageFlip(fd, crtcID, buffers[back].framebufferID, userData)
        } catch {
            throw DisplaySelection.masterError(path: path, operation: "drmModePageFlip", errno: error)
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
        do {
            try drm.handleEvent(fd, &context)
        } catch {
            throw RendererError(.pageFlip, path: path, "drmHandleEvent failed", errno: error)
        }
    }

    /// Blocks until the pending page flip completes (at most one second).
    public func waitForFlip() throws {
        while isFlipPending {
            let readable: Bool
            do {
                readable = try drm.system.waitReadable(fd, 1000)
            } catch {
                throw RendererError(.pageFlip, path: path, "no page-flip completion within a second", errno: error)
            }
            guard readable else { throw RendererError(.pageFlip, path: path, "no page-flip completion within a second") }
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
        let found: UInt32?
        do {
            found = try drm.connectorProperty(fd, connectorID, "DPMS")
        } catch {
            throw RendererError(.modeSetting, path: path, "cannot read the properties of connector \(connectorID)", errno: error)
        }
        guard let dpms = found else {
            throw RendererError(.modeSetting, path: path, "connector \(connectorID) has no DPMS property")
        }
        let value = UInt64(blanked ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
        do {
            try drm.setConnectorProperty(fd, connectorID, dpms, value)
        } catch {
            throw RendererError(.modeSetting, path: path, "setting connector \(connectorID) DPMS \(blanked ? "Off" : "On") failed", errno: error)
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
