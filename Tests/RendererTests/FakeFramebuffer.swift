import SystemInterface
import CFramebuffer
import Glibc
@testable import Renderer

/// An fbdev device in memory behind the SystemCalls table: answers the screeninfo ioctls, maps
/// its memory, records pans and vsync waits, and fails any request it is told to.
final class FakeFramebuffer: @unchecked Sendable {
    var variable = fb_var_screeninfo()
    var fixed = fb_fix_screeninfo()
    let memory: UnsafeMutableRawPointer
    let length: Int
    var failures: [UInt: Int32] = [:]
    var openError: Int32?
    var mapError: Int32?
    var pans: [UInt32] = []
    var vsyncWaits = 0
    var unmapped = false

    init(width: Int, height: Int, virtualHeight: Int, format: FramebufferPixelFormat, lineLength: Int? = nil) {
        variable.xres = UInt32(width); variable.yres = UInt32(height)
        variable.xres_virtual = UInt32(width); variable.yres_virtual = UInt32(virtualHeight)
        variable.bits_per_pixel = UInt32(format.bitsPerPixel)
        variable.red = fb_bitfield(offset: UInt32(format.red.offset), length: UInt32(format.red.length), msb_right: 0)
        variable.green = fb_bitfield(offset: UInt32(format.green.offset), length: UInt32(format.green.length), msb_right: 0)
        variable.blue = fb_bitfield(offset: UInt32(format.blue.offset), length: UInt32(format.blue.length), msb_right: 0)
        let line = lineLength ?? width * format.bitsPerPixel / 8
        fixed.line_length = UInt32(line)
        length = line * virtualHeight
        fixed.smem_len = UInt32(length)
        memory = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        memset(memory, 0, length)
    }

    deinit { memory.deallocate() }

    /// Every descriptor closed.
    var closed: [Int32] = []

    var calls: SystemCalls {
        var c = SystemCalls()
        c.open = { [unowned self] _, _ throws(Errno) in
            if let e = openError { throw Errno(rawValue: e) }
            return 42
        }
        c.closeDescriptor = { [unowned self] fd throws(Errno) in closed.append(fd) }
        c.ioctl = { [unowned self] _, request, argument throws(Errno) in
            if let e = failures[request] { throw Errno(rawValue: e) }
            switch request {
            case ts_FBIOGET_VSCREENINFO: argument.storeBytes(of: variable, as: fb_var_screeninfo.self)
            case ts_FBIOGET_FSCREENINFO: argument.storeBytes(of: fixed, as: fb_fix_screeninfo.self)
            case ts_FBIOPAN_DISPLAY:
                let info = argument.load(as: fb_var_screeninfo.self)
                pans.append(info.yoffset)
                variable.yoffset = info.yoffset
            case ts_FBIO_WAITFORVSYNC: vsyncWaits += 1
            default: throw Errno(rawValue: ENOTTY)
            }
        }
        c.mapShared = { [unowned self] _, _, _ throws(Errno) in
            if let e = mapError { throw Errno(rawValue: e) }
            return memory
        }
        c.unmap = { [unowned self] _, _ in unmapped = true }
        c.ioctlValue = { [unowned self] _, request, value throws(Errno) in
            if let e = failures[request] { throw Errno(rawValue: e) }
            guard request == ts_FBIOBLANK else { throw Errno(rawValue: ENOTTY) }
            blankLevels.append(value)
        }
        return c
    }

    /// Every FBIOBLANK level set (4 FB_BLANK_POWERDOWN, 0 FB_BLANK_UNBLANK).
    var blankLevels: [UInt] = []

    func word16(x: Int, y: Int, buffer: Int = 0) -> UInt16 {
        memory.load(fromByteOffset: (buffer * Int(variable.yres) + y) * Int(fixed.line_length) + x * 2, as: UInt16.self)
    }

    func word32(x: Int, y: Int, buffer: Int = 0) -> UInt32 {
        memory.load(fromByteOffset: (buffer * Int(variable.yres) + y) * Int(fixed.line_length) + x * 4, as: UInt32.self)
    }
}
