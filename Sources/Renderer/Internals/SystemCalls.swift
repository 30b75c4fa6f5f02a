import CDRM
import SystemInterface
#if canImport(Glibc)
import Glibc
#endif

/// The DRM/KMS calls of the DRM output, as replaceable function values beside the one system-call
/// layer (`SystemInterface.SystemCalls`, which opens, maps and closes the card): the live table
/// calls libdrm; a test fakes a card (resources, a connector, dumb buffers) and injects failures —
/// another program taking DRM master makes `setCrtc` and `pageFlip` fail with EACCES.
///
/// The getters return libdrm's own structures (freed with the matching `free…`), so the output
/// reads them as it reads libdrm's. A failing call throws its errno.
public struct DRMCalls: @unchecked Sendable {
    /// The card's open, close and mmap.
    public var system: SystemCalls
    public var isMaster: (_ fd: Int32) -> Bool
    public var setMaster: (_ fd: Int32) throws(Errno) -> Void
    /// drmGetCap.
    public var capability: (_ fd: Int32, _ capability: UInt64) throws(Errno) -> UInt64
    public var getResources: (_ fd: Int32) throws(Errno) -> UnsafeMutablePointer<drmModeRes>
    public var freeResources: (UnsafeMutablePointer<drmModeRes>) -> Void
    public var getConnector: (_ fd: Int32, _ id: UInt32) -> UnsafeMutablePointer<drmModeConnector>?
    public var freeConnector: (UnsafeMutablePointer<drmModeConnector>) -> Void
    public var getEncoder: (_ fd: Int32, _ id: UInt32) -> UnsafeMutablePointer<drmModeEncoder>?
    public var freeEncoder: (UnsafeMutablePointer<drmModeEncoder>) -> Void
    public var getCrtc: (_ fd: Int32, _ id: UInt32) -> UnsafeMutablePointer<drmModeCrtc>?
    public var freeCrtc: (UnsafeMutablePointer<drmModeCrtc>) -> Void
    /// drmModeSetCrtc of one connector.
    public var setCrtc: (_ fd: Int32, _ crtc: UInt32, _ framebuffer: UInt32, _ x: UInt32, _ y: UInt32,
                  _ connector: UInt32, _ mode: UnsafeMutablePointer<drmModeModeInfo>) throws(Errno) -> Void
    /// drmModeCreateDumbBuffer at 32 bits per pixel: the handle, pitch and size.
    public var createDumbBuffer: (_ fd: Int32, _ width: UInt32, _ height: UInt32) throws(Errno) -> (handle: UInt32, pitch: UInt32, size: UInt64)
    /// drmModeAddFB, depth 24 at 32 bits per pixel: the framebuffer id.
    public var addFramebuffer: (_ fd: Int32, _ width: UInt32, _ height: UInt32, _ pitch: UInt32, _ handle: UInt32) throws(Errno) -> UInt32
    /// drmModeMapDumbBuffer: the offset to mmap the buffer at.
    public var mapDumbBuffer: (_ fd: Int32, _ handle: UInt32) throws(Errno) -> UInt64
    public var removeFramebuffer: (_ fd: Int32, _ id: UInt32) -> Void
    public var destroyDumbBuffer: (_ fd: Int32, _ handle: UInt32) -> Void
    /// drmModePageFlip asking for a completion event carrying `userData`.
    public var pageFlip: (_ fd: Int32, _ crtc: UInt32, _ framebuffer: UInt32, _ userData: UnsafeMutableRawPointer) throws(Errno) -> Void
    /// drmHandleEvent: reads the card's pending events and calls the context's handlers.
    public var handleEvent: (_ fd: Int32, _ context: UnsafeMutablePointer<drmEventContext>) throws(Errno) -> Void
    /// The id of the connector's property named `name` (DPMS), nil when it has none.
    public var connectorProperty: (_ fd: Int32, _ connector: UInt32, _ name: String) throws(Errno) -> UInt32?
    public var setConnectorProperty: (_ fd: Int32, _ connector: UInt32, _ property: UInt32, _ value: UInt64) throws(Errno) -> Void

    /// The errno of a libdrm call that returned `result` (≠ 0): libdrm returns −errno from some
    /// calls and −1 with errno set from others.
    public static func failure(_ result: Int32) -> Errno {
        result < -1 ? Errno(rawValue: -result) : .current
    }

    /// libdrm's calls, the card opened, mapped and closed through `system`.
    public init(system: SystemCalls = .live) {
        self.system = system
        isMaster = { drmIsMaster($0) != 0 }
        setMaster = { fd throws(Errno) in
            let r = drmSetMaster(fd)
            if r != 0 { throw DRMCalls.failure(r) }
        }
        capability = { fd, capability throws(Errno) in
            var value: UInt64 = 0
            let r = drmGetCap(fd, capability, &value)
            if r != 0 { throw DRMCalls.failure(r) }
            return value
        }
        getResources = { fd throws(Errno) in
            guard let resources = drmModeGetResources(fd) else { throw Errno.current }
            return resources
        }
        freeResources = { drmModeFreeResources($0) }
        getConnector = { drmModeGetConnector($0, $1) }
        freeConnector = { drmModeFreeConnector($0) }
        getEncoder = { drmModeGetEncoder($0, $1) }
        freeEncoder = { drmModeFreeEncoder($0) }
        getCrtc = { drmModeGetCrtc($0, $1) }
        freeCrtc = { drmModeFreeCrtc($0) }
        setCrtc = { fd, crtc, framebuffer, x, y, connector, mode throws(Errno) in
            var connector = connector
            let r = drmModeSetCrtc(fd, crtc, framebuffer, x, y, &connector, 1, mode)
            if r != 0 { throw DRMCalls.failure(r) }
        }
        createDumbBuffer = { fd, width, height throws(Errno) in
            var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
            let r = drmModeCreateDumbBuffer(fd, width, height, 32, 0, &handle, &pitch, &size)
            if r != 0 { throw DRMCalls.failure(r) }
            return (handle, pitch, size)
        }
        addFramebuffer = { fd, width, height, pitch, handle throws(Errno) in
            var id: UInt32 = 0
            let r = drmModeAddFB(fd, width, height, 24, 32, pitch, handle, &id)
            if r != 0 { throw DRMCalls.failure(r) }
            return id
        }
        mapDumbBuffer = { fd, handle throws(Errno) in
            var offset: UInt64 = 0
            let r = drmModeMapDumbBuffer(fd, handle, &offset)
            if r != 0 { throw DRMCalls.failure(r) }
            return offset
        }
        removeFramebuffer = { _ = drmModeRmFB($0, $1) }
        destroyDumbBuffer = { _ = drmModeDestroyDumbBuffer($0, $1) }
        pageFlip = { fd, crtc, framebuffer, userData throws(Errno) in
            let r = drmModePageFlip(fd, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData)
            if r != 0 { throw DRMCalls.failure(r) }
        }
        handleEvent = { fd, context throws(Errno) in
            let r = drmHandleEvent(fd, context)
            if r != 0 { throw DRMCalls.failure(r) }
        }
        connectorProperty = { fd, connector, name throws(Errno) in
            guard let properties = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else {
                throw Errno.current
            }
            defer { drmModeFreeObjectProperties(properties) }
            for i in 0..<Int(properties.pointee.count_props) {
                guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
                defer { drmModeFreeProperty(property) }
                let found = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if found == name { return property.pointee.prop_id }
            }
            return nil
        }
        setConnectorProperty = { fd, connector, property, value throws(Errno) in
            let r = drmModeConnectorSetProperty(fd, connector, property, value)
            if r != 0 { throw DRMCalls.failure(r) }
        }
    }

    /// libdrm on the real card.
    public static let live = DRMCalls()
}
