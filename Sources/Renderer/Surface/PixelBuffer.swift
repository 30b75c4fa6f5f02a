import CPixman

/// A block of pixels in memory with a pixman image over it: the frame the renderer draws into,
/// a content image, a mipmap level. 32 bits per pixel, native-endian words (`0xAARRGGBB` for
/// a8r8g8b8, `0xXXRRGGBB` for x8r8g8b8), rows `stride` bytes apart.
///
/// A class because it owns memory (or, over a display's mapped memory, borrows it) and a pixman
/// reference; it is never shared across threads.
public final class PixelBuffer {
    public enum Format: Hashable, Sendable {
        /// Opaque XRGB8888: the frame format, the one DRM dumb buffers and most fbdev drivers use.
        case xrgb8888
        /// Premultiplied ARGB8888: content images with transparency.
        case argb8888

        var pixman: pixman_format_code_t {
            switch self {
            case .xrgb8888: PIXMAN_x8r8g8b8
            case .argb8888: PIXMAN_a8r8g8b8
            }
        }
    }

    public let size: PixelSize
    public private(set) var format: Format
    /// Bytes from one row to the next.
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// The pixman image over `pixels` (valid as long as this buffer lives).
    private(set) var image: OpaquePointer
    /// False over memory someone else owns (a display's mapped buffer): not freed here.
    private let ownsPixels: Bool

    public init(size: PixelSize, format: Format = .xrgb8888) {
        precondition(size.width > 0 && size.height > 0, "a pixel buffer needs a positive size, got \(size)")
        self.size = size
        self.format = format
        self.stride = size.width * 4
        self.pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: size.pixelCount)
        self.pixels.initialize(repeating: 0, count: size.pixelCount)
        self.image = pixman_image_create_bits(format.pixman, Int32(size.width), Int32(size.height), pixels, Int32(stride))!
        self.ownsPixels = true
    }

    /// An XRGB8888 buffer over memory the caller owns and keeps mapped while this buffer lives: a
    /// display's back buffer (an fbdev half, a DRM dumb buffer) the renderer draws straight into.
    /// `stride` (bytes per row) must be a multiple of 4 and at least `4 · size.width`.
    init(borrowing memory: UnsafeMutableRawPointer, size: PixelSize, stride: Int) {
        precondition(size.width > 0 && size.height > 0 && stride % 4 == 0 && stride >= size.width * 4, "bad borrowed buffer \(size), stride \(stride)")
        self.size = size
        self.format = .xrgb8888
        self.stride = stride
        self.pixels = memory.assumingMemoryBound(to: UInt32.self)
        self.image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(size.width), Int32(size.height), pixels, Int32(stride))!
        self.ownsPixels = false
    }

    /// The areas drawing is limited to (nil: the whole buffer), set by `drawing(within:_:)` or
    /// `clip(to:)`. pixman honours them through the image's clip region; code that writes pixels
    /// itself (`NearestScaler`, the pan's row copies) reads them here, so the two always agree.
    private(set) var clipAreas: [PixelRect]?

    /// Runs `body` with every drawing into this buffer limited to `areas` (clipped to the buffer;
    /// `body` does not run when nothing of them is inside).
    func drawing(within areas: [PixelRect], _ body: () -> Void) {
        guard clip(to: areas) else { return }
        body()
        clip(to: nil)
    }

    /// Limits every following drawing into this buffer to `areas` (clipped to the buffer), or lifts
    /// the limit (nil). Returns false, and leaves the buffer unclipped, when nothing of `areas` is
    /// inside the buffer.
    @discardableResult
    func clip(to areas: [PixelRect]?) -> Bool {
        let inside = (areas ?? []).compactMap { $0.overlap(PixelRect(x: 0, y: 0, width: width, height: height)) }
        guard !inside.isEmpty else {
            pixman_image_set_clip_region32(image, nil)
            clipAreas = nil
            return false
        }
        var boxes = inside.map { pixman_box32_t(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.x + $0.width), y2: Int32($0.y + $0.height)) }
        var region = pixman_region32_t()
        pixman_region32_init_rects(&region, &boxes, Int32(boxes.count))
        pixman_image_set_clip_region32(image, &region)
        pixman_region32_fini(&region)
        clipAreas = inside
        return true
    }

    /// Declares every pixel opaque: the same words are read as x8r8g8b8 from now on (their alpha
    /// byte ignored), in place, without a copy. pixman's fast paths read and scale x8r8g8b8 without
    /// the alpha arithmetic, so opaque content draws faster (a scaled copy up to twice as fast).
    func treatAsOpaque() {
        guard format != .xrgb8888 else { return }
        pixman_image_unref(image)
        format = .xrgb8888
        image = pixman_image_create_bits(format.pixman, Int32(size.width), Int32(size.height), pixels, Int32(stride))!
    }

    deinit {
        pixman_image_unref(image)
        if ownsPixels { pixels.deallocate() }
    }

    public var width: Int { size.width }
    public var height: Int { size.height }
    public var byteCount: Int { stride * size.height }

    /// The pixel at (x, y) as a native-endian word.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * (stride / 4) + x] }
        set { pixels[y * (stride / 4) + x] = newValue }
    }

    /// Fills the whole buffer with one colour (via pixman).
    public func fill(_ color: Color) {
        fill(color, x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Fills a rectangle with one colour, replacing what was there (pixman, PIXMAN_OP_SRC).
    public func fill(_ color: Color, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var c = color.pixman
        var box = pixman_rectangle16_t(x: Int16(clamping: x), y: Int16(clamping: y), width: UInt16(clamping: width), height: UInt16(clamping: height))
        pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &c, 1, &box)
    }

    /// Copies another buffer of the same size into this one, converting the format with pixman.
    public func copy(from other: PixelBuffer) {
        precondition(other.size == size, "copy between different sizes \(other.size) → \(size)")
        pixman_image_composite32(PIXMAN_OP_SRC, other.image, nil, image, 0, 0, 0, 0, 0, 0, Int32(size.width), Int32(size.height))
    }
}
