import CPNG
import CPixman

/// Reading and writing PNG files with libpng's simplified API (`png_image_*`).
public enum PNGFile {
    /// Reads a PNG into a premultiplied ARGB8888 buffer (any PNG colour type; libpng converts).
    public static func read(path: String) throws -> PixelBuffer {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw RendererError(.imageRead, path: path, "not a readable PNG: \(message(of: &image))")
        }
        image.format = UInt32(PNG_FORMAT_BGRA)  // bytes B,G,R,A = native word 0xAARRGGBB on little-endian
        let buffer = PixelBuffer(size: PixelSize(width: Int(image.width), height: Int(image.height)), format: .argb8888)
        guard png_image_finish_read(&image, nil, buffer.pixels, Int32(buffer.stride), nil) != 0 else {
            throw RendererError(.imageRead, path: path, "decoding failed: \(message(of: &image))")
        }
        premultiply(buffer)
        return buffer
    }

    /// Writes a frame as an 8-bit RGB PNG. pixman converts x8r8g8b8/a8r8g8b8 to packed 24-bit
    /// (r8g8b8 is bytes B,G,R in memory), which libpng writes as PNG_FORMAT_BGR.
    public static func write(_ buffer: PixelBuffer, to path: String) throws {
        let width = buffer.width, height = buffer.height
        let stride = (width * 3 + 3) & ~3
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { bytes.deallocate() }
        let packed = pixman_image_create_bits(PIXMAN_r8g8b8, Int32(width), Int32(height), bytes.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        defer { pixman_image_unref(packed) }
        pixman_image_composite32(PIXMAN_OP_SRC, buffer.image, nil, packed, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_BGR)
        guard png_image_write_to_file(&image, path, 0, bytes, Int32(stride), nil) != 0 else {
            throw RendererError(.imageWrite, path: path, "libpng could not write the file: \(message(of: &image))")
        }
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// libpng's simplified API yields straight alpha for 8-bit output; pixman wants premultiplied.
    /// No library call does this conversion in place, so it is done here: each channel times alpha/255.
    private static func premultiply(_ buffer: PixelBuffer) {
        for i in 0..<buffer.size.pixelCount {
            let p = buffer.pixels[i]
            let a = p >> 24
            if a == 255 { continue }
            func channel(_ shift: UInt32) -> UInt32 { (((p >> shift) & 0xFF) * a + 127) / 255 }
            buffer.pixels[i] = a << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
    }
}
