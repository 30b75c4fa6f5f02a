import CPNG
import CPNGShim

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

    /// Writes a frame as an 8-bit RGB PNG (the alpha byte of each word is dropped). libpng takes
    /// the rows straight from the frame, one at a time, stripping the fourth byte as it goes: no
    /// packed 24-bit copy of the frame is made (3 MiB at 1280×800). The file is byte for byte the one
    /// libpng's simplified API writes for PNG_FORMAT_BGR.
    public static func write(_ buffer: PixelBuffer, to path: String) throws {
        var message = [CChar](repeating: 0, count: 256)
        let result = ts_png_write_xrgb(path, buffer.pixels, UInt32(buffer.width), UInt32(buffer.height), buffer.stride,
                                       &message, message.count)
        guard result == 0 else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw RendererError(.imageWrite, path: path, "libpng could not write the file: \(text)")
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
