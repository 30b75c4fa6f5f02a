import CPixman

/// A framebuffer's pixel layout as fb_var_screeninfo reports it (bits per pixel and the offset
/// and length of each channel's bitfield), mapped onto the pixman format that writes it, so the
/// conversion from the XRGB8888 frame is pixman's (including RGB565 and the BGR orders).
public struct FramebufferPixelFormat: Hashable, Sendable, CustomStringConvertible {
    public struct Bitfield: Hashable, Sendable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    public var bitsPerPixel: Int
    public var red: Bitfield
    public var green: Bitfield
    public var blue: Bitfield
    public var alpha: Bitfield

    public init(bitsPerPixel: Int, red: Bitfield, green: Bitfield, blue: Bitfield, alpha: Bitfield = Bitfield(offset: 0, length: 0)) {
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let xrgb8888 = FramebufferPixelFormat(bitsPerPixel: 32, red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
    public static let xbgr8888 = FramebufferPixelFormat(bitsPerPixel: 32, red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 8), blue: .init(offset: 16, length: 8))
    public static let rgb565 = FramebufferPixelFormat(bitsPerPixel: 16, red: .init(offset: 11, length: 5), green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5))
    public static let bgr565 = FramebufferPixelFormat(bitsPerPixel: 16, red: .init(offset: 0, length: 5), green: .init(offset: 5, length: 6), blue: .init(offset: 11, length: 5))

    /// The pixman format with exactly this layout, or nil when pixman has none.
    var pixmanFormat: pixman_format_code_t? {
        let hasAlpha = alpha.length > 0
        switch (bitsPerPixel, red.offset, red.length, green.offset, green.length, blue.offset, blue.length) {
        case (32, 16, 8, 8, 8, 0, 8): return hasAlpha ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        case (32, 0, 8, 8, 8, 16, 8): return hasAlpha ? PIXMAN_a8b8g8r8 : PIXMAN_x8b8g8r8
        case (32, 8, 8, 16, 8, 24, 8): return hasAlpha ? PIXMAN_b8g8r8a8 : PIXMAN_b8g8r8x8
        case (32, 24, 8, 16, 8, 8, 8): return hasAlpha ? PIXMAN_r8g8b8a8 : PIXMAN_r8g8b8x8
        case (24, 16, 8, 8, 8, 0, 8): return PIXMAN_r8g8b8
        case (24, 0, 8, 8, 8, 16, 8): return PIXMAN_b8g8r8
        case (16, 11, 5, 5, 6, 0, 5): return PIXMAN_r5g6b5
        case (16, 0, 5, 5, 6, 11, 5): return PIXMAN_b5g6r5
        case (16, 10, 5, 5, 5, 0, 5), (15, 10, 5, 5, 5, 0, 5): return hasAlpha ? PIXMAN_a1r5g5b5 : PIXMAN_x1r5g5b5
        case (16, 0, 5, 5, 5, 10, 5), (15, 0, 5, 5, 5, 10, 5): return hasAlpha ? PIXMAN_a1b5g5r5 : PIXMAN_x1b5g5r5
        default: return nil
        }
    }

    public var isSupported: Bool { pixmanFormat != nil }

    public var description: String {
        "\(bitsPerPixel) bpp R\(red.offset):\(red.length) G\(green.offset):\(green.length) B\(blue.offset):\(blue.length) A\(alpha.offset):\(alpha.length)"
    }

    /// Converts `frame` into `destination` (rows `stride` bytes apart, `stride` a multiple of 4).
    func convert(_ frame: PixelBuffer, into destination: UnsafeMutableRawPointer, stride: Int) {
        guard let pixmanFormat else { preconditionFailure("convert called for unsupported format \(self)") }
        let image = pixman_image_create_bits(pixmanFormat, Int32(frame.width), Int32(frame.height),
                                             destination.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        pixman_image_composite32(PIXMAN_OP_SRC, frame.image, nil, image, 0, 0, 0, 0, 0, 0, Int32(frame.width), Int32(frame.height))
        pixman_image_unref(image)
    }
}
