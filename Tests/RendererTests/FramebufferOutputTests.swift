import SystemInterface
import XCTest
import Glibc
import Logging
import CFramebuffer
@testable import Renderer

final class FramebufferOutputTests: XCTestCase {
    let logger = Logger(label: "test")
    let colors: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF12_3456, 0xFF80_8080, 0xFFF8_FCF8, 0xFF07_0307]

    func frame(width: Int, height: Int) -> PixelBuffer {
        let f = PixelBuffer(size: PixelSize(width: width, height: height))
        for y in 0..<height { for x in 0..<width { f[x, y] = colors[(x + y * width) % colors.count] } }
        return f
    }

    static func rgb565(_ p: UInt32) -> UInt16 {
        let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
        return UInt16((r >> 3) << 11 | (g >> 2) << 5 | (b >> 3))
    }

    func testRGB565PacksFiveSixFiveBitsWithTheStrideFromLineLength() throws {
        // 10 pixels of 2 bytes, but rows 24 bytes apart.
        let fb = FakeFramebuffer(width: 10, height: 4, virtualHeight: 4, format: .rgb565, lineLength: 24)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertEqual(out.panelSize, PixelSize(width: 10, height: 4))
        let f = frame(width: 10, height: 4)
        try out.present(f)
        for y in 0..<4 { for x in 0..<10 {
            XCTAssertEqual(fb.word16(x: x, y: y), Self.rgb565(f[x, y]), "(\(x), \(y)) from \(String(f[x, y], radix: 16))")
        } }
        XCTAssertEqual(fb.word16(x: 0, y: 0), 0xF800, "pure red")
        XCTAssertEqual(fb.word16(x: 1, y: 0), 0x07E0, "pure green")
        XCTAssertEqual(fb.word16(x: 2, y: 0), 0x001F, "pure blue")
    }

    func testBGR565SwapsRedAndBlue() throws {
        let fb = FakeFramebuffer(width: 8, height: 1, virtualHeight: 1, format: .bgr565)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        let f = frame(width: 8, height: 1)
        try out.present(f)
        for x in 0..<8 {
            let p = f[x, 0], r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            XCTAssertEqual(fb.word16(x: x, y: 0), UInt16((b >> 3) << 11 | (g >> 2) << 5 | (r >> 3)))
        }
    }

    func testXBGR8888PutsRedInTheLowByte() throws {
        let fb = FakeFramebuffer(width: 8, height: 1, virtualHeight: 1, format: .xbgr8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        try out.present(frame(width: 8, height: 1))
        XCTAssertEqual(fb.word32(x: 0, y: 0) & 0x00FF_FFFF, 0x0000_00FF)
        XCTAssertEqual(fb.word32(x: 4, y: 0) & 0x00FF_FFFF, 0x0056_3412)
    }

    func testTwoScreensOfVirtualHeightFlipWithPanDisplay() throws {
        let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 6, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertEqual(out.buffering, .double)
        XCTAssertEqual(out.pacing, .waitsForVerticalBlank)
        let f = frame(width: 4, height: 3)
        try out.present(f)
        XCTAssertEqual(fb.pans, [3], "drawn into the second buffer, then panned to it")
        XCTAssertEqual(fb.word32(x: 1, y: 2, buffer: 1) & 0xFF_FFFF, f[1, 2] & 0xFF_FFFF)
        try out.present(f)
        XCTAssertEqual(fb.pans, [3, 0])
        XCTAssertEqual(fb.vsyncWaits, 1 + 2, "one probe, one wait per frame")
    }

    func testWithoutVsyncOrPanningItFallsBackToOneBufferAndATimer() throws {
        let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 6, format: .xrgb8888)
        fb.failures[ts_FBIO_WAITFORVSYNC] = ENOTTY
        fb.failures[ts_FBIOPAN_DISPLAY] = EINVAL
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertEqual(out.pacing, .timer(intervalMicroseconds: 16_667))
        let f = frame(width: 4, height: 3)
        try out.present(f)
        XCTAssertEqual(out.buffering, .single)
        XCTAssertEqual(fb.word32(x: 3, y: 2, buffer: 0) & 0xFF_FFFF, f[3, 2] & 0xFF_FFFF, "the refused frame still shows, in the visible buffer")
    }

    func testASingleScreenIsSingleBuffered() throws {
        let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        XCTAssertEqual(out.buffering, .single)
        try out.present(frame(width: 4, height: 3))
        XCTAssertEqual(fb.pans, [])
    }

    func testBlankingPowersThePanelDownAndUpWithoutTouchingTheFrame() throws {
        let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        let out = try FramebufferOutput(path: "/dev/fb-test", calls: fb.calls, logger: logger)
        try out.present(frame(width: 4, height: 3))
        let before = Data(bytes: fb.memory, count: 4 * 3 * 4)
        try out.setBlanked(true)
        try out.setBlanked(false)
        XCTAssertEqual(fb.blankLevels, [4, 0], "FB_BLANK_POWERDOWN, then FB_BLANK_UNBLANK")
        XCTAssertEqual(Data(bytes: fb.memory, count: 4 * 3 * 4), before)
        fb.failures[ts_FBIOBLANK] = EINVAL
        XCTAssertThrowsError(try out.setBlanked(true)) { e in
            XCTAssertEqual((e as? RendererError)?.errno, Errno(rawValue: EINVAL))
            XCTAssertTrue("\(e)".contains("FBIOBLANK powerdown failed"), "\(e)")
        }
    }

    func testFailuresAreErrorsThatSayWhatAndWhere() {
        let denied = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        denied.openError = EACCES
        XCTAssertThrowsError(try FramebufferOutput(path: "/dev/fb7", calls: denied.calls, logger: logger)) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .deviceOpen)
            XCTAssertEqual((e as? RendererError)?.errno, Errno(rawValue: EACCES))
            XCTAssertEqual((e as? RendererError)?.path, "/dev/fb7")
            XCTAssertTrue("\(e)".contains("group video"), "\(e)")
        }
        let missing = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        missing.openError = ENOENT
        XCTAssertThrowsError(try FramebufferOutput(path: "/dev/fb7", calls: missing.calls, logger: logger)) { e in
            XCTAssertEqual((e as? RendererError)?.errno, Errno(rawValue: ENOENT))
            XCTAssertFalse("\(e)".contains("group video"), "a missing node is not a permission problem: \(e)")
            XCTAssertTrue("\(e)".contains("no such device node"), "\(e)")
        }
        let notFB = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        notFB.failures[ts_FBIOGET_VSCREENINFO] = ENOTTY
        XCTAssertThrowsError(try FramebufferOutput(path: "/dev/null", calls: notFB.calls, logger: logger)) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .deviceQuery)
        }
        let unmappable = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        unmappable.mapError = ENOMEM
        XCTAssertThrowsError(try FramebufferOutput(path: "/dev/fb0", calls: unmappable.calls, logger: logger)) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .deviceMap)
        }
        let odd = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3,
                                  format: FramebufferPixelFormat(bitsPerPixel: 16, red: .init(offset: 12, length: 4), green: .init(offset: 8, length: 4), blue: .init(offset: 4, length: 4)))
        XCTAssertThrowsError(try FramebufferOutput(path: "/dev/fb0", calls: odd.calls, logger: logger)) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .unsupportedPixelFormat)
        }
    }

    func testTheMappingIsReleasedWithTheOutput() throws {
        let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
        do { _ = try FramebufferOutput(path: "/dev/fb0", calls: fb.calls, logger: logger) }
        XCTAssertTrue(fb.unmapped)
    }

    /// The fbdev failures through the fault-injecting system calls, with the exact texts the
    /// user reads (the executable prints them after "touchscroll: " and exits with 1).
    func testInjectedFailuresGiveTheDocumentedMessages() {
        func opening(_ plan: (SystemCallFaults) -> Void) -> String {
            let fb = FakeFramebuffer(width: 4, height: 3, virtualHeight: 3, format: .xrgb8888)
            let faults = SystemCallFaults()
            plan(faults)
            do {
                _ = try FramebufferOutput(path: "/dev/fb0", calls: faults.calls(over: fb.calls), logger: logger)
                return "opened"
            } catch {
                let openFailed = faults.injected.first?.hasPrefix("open:") ?? false
                XCTAssertEqual(fb.closed, openFailed ? [] : [42], "an opened device is closed again, nothing else")
                return "\(error)"
            }
        }
        XCTAssertEqual(opening { $0.fail(.open, with: Errno(rawValue: ENOENT)) },
                       "/dev/fb0: deviceOpen: cannot open the framebuffer: no such device node: check the path (`ls /dev/fb*`); when there is none, the display driver is not loaded (fbdev needs a framebuffer driver, e.g. simpledrm's or the board's fbdev emulation) (errno 2: No such file or directory)")
        XCTAssertEqual(opening { $0.fail(.open, with: Errno(rawValue: EACCES)) },
                       "/dev/fb0: deviceOpen: cannot open the framebuffer: permission denied: add the user to group video (`usermod -aG video USER`, then log in again), or run as the touchscroll service user (errno 13: Permission denied)")
        XCTAssertEqual(opening { $0.failIoctl(ts_FBIOGET_VSCREENINFO, with: Errno(rawValue: ENOTTY)) },
                       "/dev/fb0: deviceQuery: FBIOGET_VSCREENINFO/FBIOGET_FSCREENINFO failed: not an fbdev device? (errno 25: Inappropriate ioctl for device)")
        XCTAssertEqual(opening { $0.fail(.mapShared, with: Errno(rawValue: ENOMEM)) },
                       "/dev/fb0: deviceMap: mmap of 48 bytes failed (errno 12: Cannot allocate memory)")
        XCTAssertEqual(opening { _ in }, "opened")
    }
}
