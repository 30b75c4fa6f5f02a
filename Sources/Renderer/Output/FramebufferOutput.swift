import SystemInterface
import CFramebuffer
import CPixman
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The fbdev output (`/dev/fb0`, `--fb PATH`): the frame converted into the framebuffer's pixel
/// format in its mmap'ed memory, rows `line_length` apart. Two buffers flipped with
/// FBIOPAN_DISPLAY when `yres_virtual` holds two screens (and panning works), else one.
/// FBIO_WAITFORVSYNC paces frames when the driver has it; otherwise the run loop uses a timer.
public final class FramebufferOutput: FrameOutput {
    public enum Buffering: Hashable, Sendable { case single, double }

    public let path: String
    public let panelSize: PixelSize
    public let pixelFormat: FramebufferPixelFormat
    /// Bytes per row (fb_fix_screeninfo.line_length).
    public let lineLength: Int
    public private(set) var buffering: Buffering
    public private(set) var pacing: FramePacing
    /// The buffer (0 or 1) being scanned out.
    public private(set) var frontBuffer = 0

    private let calls: SystemCalls
    private let fd: Int32
    private let memory: UnsafeMutableRawPointer
    private let memoryLength: Int
    private var screenInfo: fb_var_screeninfo
    private let logger: Logger

    public convenience init(path: String = "/dev/fb0", logger: Logger = Logger(label: "touchscroll.renderer.fbdev")) throws {
        try self.init(path: path, calls: .live, logger: logger)
    }

    init(path: String, calls: SystemCalls, logger: Logger) throws {
        self.path = path
        self.calls = calls
        self.logger = logger
        let fd: Int32
        do {
            fd = try calls.open(path, O_RDWR)
        } catch {
            throw RendererError.deviceOpen(path: path, device: "framebuffer", errno: error.rawValue)
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        do throws(Errno) {
            try calls.ioctl(fd, ts_FBIOGET_VSCREENINFO, &variable)
            try calls.ioctl(fd, ts_FBIOGET_FSCREENINFO, &fixed)
        } catch {
            calls.close(fd)
            throw RendererError(.deviceQuery, path: path, "FBIOGET_VSCREENINFO/FBIOGET_FSCREENINFO failed: not an fbdev device?", errno: error)
        }
        func field(_ b: fb_bitfield) -> FramebufferPixelFormat.Bitfield { .init(offset: Int(b.offset), length: Int(b.length)) }
        let format = FramebufferPixelFormat(bitsPerPixel: Int(variable.bits_per_pixel), red: field(variable.red),
                                            green: field(variable.green), blue: field(variable.blue), alpha: field(variable.transp))
        let lineLength = Int(fixed.line_length)
        guard format.isSupported else {
            calls.close(fd)
            throw RendererError(.unsupportedPixelFormat, path: path, "pixel format \(format) has no pixman equivalent")
        }
        guard lineLength % 4 == 0, lineLength * 8 >= Int(variable.xres) * format.bitsPerPixel else {
            calls.close(fd)
            throw RendererError(.unsupportedPixelFormat, path: path, "line_length \(lineLength) is not a multiple of 4 or too short for xres \(variable.xres)")
        }
        let length = Int(fixed.smem_len)
        let memory: UnsafeMutableRawPointer
        do {
            memory = try calls.mapShared(fd, length, 0)
        } catch {
            calls.close(fd)
            throw RendererError(.deviceMap, path: path, "mmap of \(length) bytes failed", errno: error)
        }

        self.fd = fd
        self.memory = memory
        self.memoryLength = length
        self.pixelFormat = format
        self.lineLength = lineLength
        self.panelSize = PixelSize(width: Int(variable.xres), height: Int(variable.yres))
        let screenBytes = lineLength * Int(variable.yres)
        self.buffering = variable.yres_virtual >= 2 * variable.yres && length >= 2 * screenBytes ? .double : .single
        variable.xoffset = 0
        self.screenInfo = variable
        self.frontBuffer = Int(variable.yoffset) >= Int(variable.yres) ? 1 : 0

        var zero: UInt32 = 0
        var vsyncError: Errno?
        do { try calls.ioctl(fd, ts_FBIO_WAITFORVSYNC, &zero) } catch { vsyncError = error }
        self.pacing = vsyncError == nil ? .waitsForVerticalBlank : .timer(intervalMicroseconds: 16_667)
        logger.info("\(path): \(panelSize) \(format), line_length \(lineLength), \(buffering) buffering, \(vsyncError.map { "no vsync ioctl (errno \($0.rawValue)), timer pacing" } ?? "FBIO_WAITFORVSYNC")")
    }

    deinit {
        calls.unmap(memory, memoryLength)
        calls.close(fd)
    }

    /// Where buffer `index` starts in the mapped memory.
    func bufferAddress(_ index: Int) -> UnsafeMutableRawPointer {
        memory + index * Int(screenInfo.yres) * lineLength
    }

    public func present(_ frame: PixelBuffer) throws {
        precondition(frame.size == panelSize, "frame \(frame.size) for a \(panelSize) framebuffer")
        switch buffering {
        case .single:
            if case .waitsForVerticalBlank = pacing { waitForVerticalBlank() }
            pixelFormat.convert(frame, into: bufferAddress(frontBuffer), stride: lineLength)
        case .double:
            let back = 1 - frontBuffer
            pixelFormat.convert(frame, into: bufferAddress(back), stride: lineLength)
            flip(to: back) { pixelFormat.convert(frame, into: bufferAddress(frontBuffer), stride: lineLength) }
        }
    }

    /// Pans the display to buffer `back` (FBIOPAN_DISPLAY) and waits for the vertical blank. When
    /// the driver refuses, `showInFront` puts the frame in the visible buffer instead and the output
    /// stays single-buffered from now on.
    private func flip(to back: Int, showInFront: () -> Void) {
        var info = screenInfo
        info.yoffset = UInt32(back * Int(screenInfo.yres))
        do {
            try calls.ioctl(fd, ts_FBIOPAN_DISPLAY, &info)
            frontBuffer = back
            if case .waitsForVerticalBlank = pacing { waitForVerticalBlank() }
        } catch {
            // The driver advertised the room but refuses to pan: show this frame in the
            // visible buffer and stay single-buffered from now on.
            logger.warning("\(path): FBIOPAN_DISPLAY failed (errno \(error.rawValue)); falling back to single buffering")
            buffering = .single
            showInFront()
        }
    }

    /// The two halves of a double-buffered XRGB8888 framebuffer as pixel buffers over the mapped
    /// memory (made on first use), for drawing frames straight into the hidden one.
    private lazy var mappedBuffers: [PixelBuffer] = (0..<2).map {
        PixelBuffer(borrowing: bufferAddress($0), size: panelSize, stride: lineLength)
    }

    private func waitForVerticalBlank() {
        var zero: UInt32 = 0
        do {
            try calls.ioctl(fd, ts_FBIO_WAITFORVSYNC, &zero)
        } catch {
            logger.warning("\(path): FBIO_WAITFORVSYNC failed (errno \(error.rawValue)); pacing with a timer from now on")
            pacing = .timer(intervalMicroseconds: 16_667)
        }
    }

    public func finish() throws {}

    /// FBIOBLANK: FB_BLANK_POWERDOWN (the panel off, /sys/class/graphics/fbN/blank reads 4) or
    /// FB_BLANK_UNBLANK; the framebuffer memory, and so the frame, is untouched.
    public func setBlanked(_ blanked: Bool) throws {
        let level = UInt(blanked ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK)
        do {
            try calls.ioctlValue(fd, ts_FBIOBLANK, level)
        } catch {
            throw RendererError(.deviceQuery, path: path, "FBIOBLANK \(blanked ? "powerdown" : "unblank") failed", errno: error)
        }
        if !blanked { rewriteVisibleBuffer() }
    }

    /// Writes the visible buffer's bytes again. A DRM driver's fbdev emulation keeps the picture in
    /// a shadow buffer and copies only what was written since the last copy (deferred I/O); a CRTC
    /// powered up again may scan out a cleared buffer (QEMU's bochs clears its memory on re-enable),
    /// so the kept frame is marked written to be copied again. On a plain framebuffer it is a no-op.
    private func rewriteVisibleBuffer() {
        let address = bufferAddress(frontBuffer), length = Int(screenInfo.yres) * lineLength
        let copy = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        defer { copy.deallocate() }
        copy.copyMemory(from: address, byteCount: length)
        address.copyMemory(from: copy, byteCount: length)
    }
}

extension FramebufferOutput: DirectFrameOutput {
    /// The hidden half when the framebuffer is double-buffered XRGB8888 (the frame's own format:
    /// nothing to convert), else nil (frames go through `present`, which converts).
    public func backBuffer() throws -> PixelBuffer? {
        guard buffering == .double, pixelFormat.pixmanFormat == PIXMAN_x8r8g8b8 else { return nil }
        return mappedBuffers[1 - frontBuffer]
    }

    /// Pans to the half `backBuffer()` returned.
    public func presentBackBuffer() throws {
        let back = 1 - frontBuffer
        flip(to: back) {
            bufferAddress(frontBuffer).copyMemory(from: bufferAddress(back), byteCount: Int(screenInfo.yres) * lineLength)
        }
    }
}
