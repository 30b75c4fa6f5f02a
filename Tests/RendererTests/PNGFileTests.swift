import XCTest
import CPNG
import CPixman
@testable import Renderer

final class PNGFileTests: XCTestCase {
    /// The row-by-row writer must produce the very file libpng's simplified API writes from a packed
    /// 24-bit copy (what the writer did before), so every PNG frame keeps its bytes.
    func testStreamedRowsWriteTheSameBytesAsTheSimplifiedAPIOverAPackedCopy() throws {
        let size = PixelSize(width: 97, height: 61)
        // A borrowed buffer with padding after each row: the writer must honour the stride.
        let stride = (size.width + 3) * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * size.height, alignment: 16)
        defer { memory.deallocate() }
        memset(memory, 0xA5, stride * size.height)
        let frame = PixelBuffer(borrowing: memory, size: size, stride: stride)
        var seed: UInt32 = 12345
        for y in 0..<size.height { for x in 0..<size.width {
            seed = seed &* 1_103_515_245 &+ 12345
            // Smooth gradients and noise, with junk in the unused top byte.
            frame[x, y] = (seed & 0xFF00_0000) | UInt32(x * 2) << 16 | UInt32(y * 4) << 8 | ((seed >> 8) & 0x3F)
        } }
        let directory = NSTemporaryDirectory() + "/png-identity-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        try PNGFile.write(frame, to: directory + "/streamed.png")

        let packedStride = (size.width * 3 + 3) & ~3
        let packed = UnsafeMutableRawPointer.allocate(byteCount: packedStride * size.height, alignment: 16)
        defer { packed.deallocate() }
        let packedImage = pixman_image_create_bits(PIXMAN_r8g8b8, Int32(size.width), Int32(size.height),
                                                   packed.assumingMemoryBound(to: UInt32.self), Int32(packedStride))!
        defer { pixman_image_unref(packedImage) }
        pixman_image_composite32(PIXMAN_OP_SRC, frame.image, nil, packedImage, 0, 0, 0, 0, 0, 0, Int32(size.width), Int32(size.height))
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(size.width)
        image.height = UInt32(size.height)
        image.format = UInt32(PNG_FORMAT_BGR)
        XCTAssertNotEqual(png_image_write_to_file(&image, directory + "/simplified.png", 0, packed, Int32(packedStride), nil), 0)

        let streamed = try XCTUnwrap(FileManager.default.contents(atPath: directory + "/streamed.png"))
        let simplified = try XCTUnwrap(FileManager.default.contents(atPath: directory + "/simplified.png"))
        XCTAssertGreaterThan(streamed.count, 1000)
        XCTAssertEqual(streamed, simplified)
        let back = try PNGFile.read(path: directory + "/streamed.png")
        XCTAssertEqual(back[5, 7], 0xFF00_0000 | frame[5, 7] & 0xFF_FFFF)
    }

    func testWritingIntoAMissingDirectoryIsAnImageWriteErrorNamingTheFile() {
        let frame = PixelBuffer(size: PixelSize(width: 4, height: 4))
        XCTAssertThrowsError(try PNGFile.write(frame, to: "/nonexistent/frame.png")) { error in
            let e = error as? RendererError
            XCTAssertEqual(e?.kind, .imageWrite)
            XCTAssertEqual(e?.path, "/nonexistent/frame.png")
            XCTAssertEqual(e?.detail, "libpng could not write the file: No such file or directory")
        }
    }
}
