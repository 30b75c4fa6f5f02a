import CJPEGShim
#if canImport(Glibc)
import Glibc
#endif

/// Reading JPEG files with libjpeg-turbo (through the C shim, which keeps libjpeg's longjmp error
/// handling on the C side).
public enum JPEGFile {
    /// Reads a JPEG into an opaque ARGB8888 buffer.
    public static func read(path: String) throws -> PixelBuffer {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let bytes = ts_jpeg_decode_bgra(path, &width, &height, &message, message.count) else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw RendererError(.imageRead, path: path, "not a readable JPEG: \(text)")
        }
        defer { free(bytes) }
        let buffer = PixelBuffer(size: PixelSize(width: Int(width), height: Int(height)), format: .argb8888)
        memcpy(buffer.pixels, bytes, buffer.byteCount)
        return buffer
    }
}

/// Content images by file name: `.jpg`/`.jpeg` through libjpeg, anything else as PNG.
public enum ImageFile {
    public static func read(path: String) throws -> PixelBuffer {
        let lower = path.lowercased()
        return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") ? try JPEGFile.read(path: path) : try PNGFile.read(path: path)
    }
}
