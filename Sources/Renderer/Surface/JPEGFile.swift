import CJPEGShim

/// Reading JPEG files with libjpeg-turbo (through the C shim, which keeps libjpeg's longjmp error
/// handling on the C side).
public enum JPEGFile {
    /// Reads a JPEG into an opaque ARGB8888 buffer: libjpeg decodes each row straight into the
    /// buffer, with no intermediate copy of the image.
    public static func read(path: String) throws -> PixelBuffer {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        func text() -> String { message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
        guard let reader = ts_jpeg_open(path, &width, &height, &message, message.count) else {
            throw RendererError(.imageRead, path: path, "not a readable JPEG: \(text())")
        }
        guard width > 0, height > 0 else {
            ts_jpeg_close(reader)
            throw RendererError(.imageRead, path: path, "not a readable JPEG: an empty image")
        }
        let buffer = PixelBuffer(size: PixelSize(width: Int(width), height: Int(height)), format: .argb8888)
        let raw = UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self)
        guard ts_jpeg_read(reader, raw, buffer.stride, &message, message.count) == 0 else {
            throw RendererError(.imageRead, path: path, "not a readable JPEG: \(text())")
        }
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
