import CDRM
import Glibc
import SystemInterface
import Renderer

/// A DRM/KMS card in memory behind `DRMCalls`: one connected connector (id 40) with one preferred
/// mode, one encoder (60) driving one CRTC (50), dumb buffers in plain memory, page flips whose
/// completion event is delivered at the next `drmHandleEvent`. The card's open, close and mmap go
/// through `faults`, which can fail any of them; `takeMaster` makes mode setting and page flips fail
/// as they do when another program became DRM master.
public final class FakeCard: @unchecked Sendable {
    public let faults = SystemCallFaults()
    public let width: Int
    public let height: Int
    /// Set: drmModeSetCrtc and drmModePageFlip fail with this errno, drmSetMaster with EBUSY
    /// (another program is DRM master).
    public private(set) var masterLostWith: Errno?
    public private(set) var crtcSets: [UInt32] = []
    public private(set) var flips: [UInt32] = []
    public private(set) var closed: [Int32] = []
    private var pendingFlip: UnsafeMutableRawPointer?
    private var mappings: [UnsafeMutableRawPointer: Int] = [:]
    private var nextHandle: UInt32 = 1

    public init(width: Int = 8, height: Int = 6) {
        self.width = width
        self.height = height
    }

    /// Another program becomes DRM master: mode setting and page flips are refused with `errno`.
    public func takeMaster(with errno: Errno = .permissionDenied) { masterLostWith = errno }
    /// The other program exits: this one may set modes again.
    public func giveMasterBack() { masterLostWith = nil }

    /// The dumb buffers' memory still mapped.
    public var mappedBuffers: Int { mappings.count }

    public var calls: DRMCalls {
        var system = SystemCalls()
        system.open = { _, _ throws(Errno) in 7 }
        system.closeDescriptor = { [unowned self] fd throws(Errno) in closed.append(fd) }
        system.mapShared = { [unowned self] _, length, _ throws(Errno) in
            let p = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
            mappings[p] = length
            return p
        }
        system.unmap = { [unowned self] p, _ in
            if mappings.removeValue(forKey: p) != nil { p.deallocate() }
        }
        system.waitReadable = { [unowned self] _, _ throws(Errno) in pendingFlip != nil }
        let width = width, height = height
        var drm = DRMCalls(system: faults.calls(over: system))
        drm.isMaster = { [unowned self] _ in masterLostWith == nil }
        drm.setMaster = { [unowned self] _ throws(Errno) in
            // The kernel refuses a second master with EBUSY while the other holds it.
            if masterLostWith != nil { throw Errno.busy }
        }
        drm.capability = { _, _ throws(Errno) in 1 }
        drm.getResources = { _ throws(Errno) in
            let r = UnsafeMutablePointer<drmModeRes>.allocate(capacity: 1)
            r.initialize(to: drmModeRes())
            r.pointee.count_connectors = 1
            r.pointee.connectors = Self.array([40])
            r.pointee.count_crtcs = 1
            r.pointee.crtcs = Self.array([50])
            return r
        }
        drm.freeResources = { r in
            r.pointee.connectors.deallocate()
            r.pointee.crtcs.deallocate()
            r.deallocate()
        }
        drm.getConnector = { _, id in
            guard id == 40 else { return nil }
            var mode = drmModeModeInfo()
            mode.hdisplay = UInt16(width)
            mode.vdisplay = UInt16(height)
            mode.vrefresh = 60
            mode.type = UInt32(DRM_MODE_TYPE_PREFERRED)
            let modes = UnsafeMutablePointer<drmModeModeInfo>.allocate(capacity: 1)
            modes.initialize(to: mode)
            let c = UnsafeMutablePointer<drmModeConnector>.allocate(capacity: 1)
            c.initialize(to: drmModeConnector())
            c.pointee.connector_id = 40
            c.pointee.connection = DRM_MODE_CONNECTED
            c.pointee.count_modes = 1
            c.pointee.modes = modes
            c.pointee.encoder_id = 60
            return c
        }
        drm.freeConnector = { c in
            c.pointee.modes.deallocate()
            c.deallocate()
        }
        drm.getEncoder = { _, id in
            guard id == 60 else { return nil }
            let e = UnsafeMutablePointer<drmModeEncoder>.allocate(capacity: 1)
            e.initialize(to: drmModeEncoder())
            e.pointee.encoder_id = 60
            e.pointee.crtc_id = 50
            return e
        }
        drm.freeEncoder = { $0.deallocate() }
        drm.getCrtc = { _, _ in nil }
        drm.freeCrtc = { $0.deallocate() }
        drm.setCrtc = { [unowned self] _, _, framebuffer, _, _, _, _ throws(Errno) in
            if let e = masterLostWith { throw e }
            crtcSets.append(framebuffer)
        }
        drm.createDumbBuffer = { [unowned self] _, w, h throws(Errno) in
            defer { nextHandle += 1 }
            return (nextHandle, w * 4, UInt64(w * h * 4))
        }
        drm.addFramebuffer = { _, _, _, _, handle throws(Errno) in 100 + handle }
        drm.mapDumbBuffer = { _, handle throws(Errno) in UInt64(handle) << 12 }
        drm.removeFramebuffer = { _, _ in }
        drm.destroyDumbBuffer = { _, _ in }
        drm.pageFlip = { [unowned self] _, _, framebuffer, userData throws(Errno) in
            if let e = masterLostWith { throw e }
            flips.append(framebuffer)
            pendingFlip = userData
        }
        drm.handleEvent = { [unowned self] fd, context throws(Errno) in
            guard let userData = pendingFlip else { return }
            pendingFlip = nil
            context.pointee.page_flip_handler(fd, 1, 0, 0, userData)
        }
        drm.connectorProperty = { _, _, name throws(Errno) in name == "DPMS" ? 70 : nil }
        drm.setConnectorProperty = { _, _, _, _ throws(Errno) in }
        return drm
    }

    private static func array(_ values: [UInt32]) -> UnsafeMutablePointer<UInt32> {
        let p = UnsafeMutablePointer<UInt32>.allocate(capacity: values.count)
        p.initialize(from: values, count: values.count)
        return p
    }
}
