import CPixman
import ScrollEngine

/// The content the renderer owns: one image, kept as a pyramid of levels (level 0 is the source,
/// each further level half the width and height of the one before), like PhotoScroller's tile
/// levels. Drawing at a zoom scale picks the level whose pixel density matches the scale, so the
/// settled frame is sampled from enough pixels to be crisp and never from far too many.
///
/// `pixelsPerPoint` says how many source pixels make one content point: a 4096-pixel-wide photo
/// with `pixelsPerPoint: 4` is 1024 points wide, so it fills 1024 screen pixels at zoom 1 and is
/// still sharp at zoom 4.
public final class ContentImage {
    /// Every level of the pyramid (each made now if it was not yet).
    public var levels: [PixelBuffer] { (0..<levelCount).map(level) }
    /// How many levels the pyramid has.
    public let levelCount: Int
    /// The levels made so far: level 0 always; halved ones the first time a frame samples them
    /// (content shown at zoom 1 or more never needs its halved levels in memory).
    private var madeLevels: [PixelBuffer]
    public let pixelsPerPoint: Double
    /// The content's size in points at zoom scale 1.
    public let pointSize: Size
    /// Every source pixel is opaque: the content is copied (PIXMAN_OP_SRC), not blended, and the
    /// background is filled only around it.
    public let isOpaque: Bool

    /// The pyramid over `source`: its shape now, its halved levels when first drawn. Halving stops
    /// at the first level with an odd side (so every level is exactly half the one before and
    /// repeated content tiles with the same period at every level) or below `minimumSide` pixels.
    public init(source: PixelBuffer, pixelsPerPoint: Double = 1, minimumSide: Int = 64) {
        precondition(pixelsPerPoint > 0, "pixelsPerPoint must be positive")
        precondition(source.width <= ContentImage.maximumSide && source.height <= ContentImage.maximumSide,
                     "content \(source.size) exceeds pixman's \(ContentImage.maximumSide)-pixel coordinate range")
        self.pixelsPerPoint = pixelsPerPoint
        self.pointSize = Size(width: Double(source.width) / pixelsPerPoint, height: Double(source.height) / pixelsPerPoint)
        self.isOpaque = source.format == .xrgb8888 || (0..<source.size.pixelCount).allSatisfy { source.pixels[$0] >> 24 == 0xFF }
        // Opaque content is kept without alpha (the same words, read as x8r8g8b8).
        if isOpaque { source.treatAsOpaque() }
        // The pyramid's shape now, its pixels when drawn (`level(_:)`).
        var count = 1
        var size = source.size
        while size.width % 2 == 0, size.height % 2 == 0, size.width / 2 >= minimumSide, size.height / 2 >= minimumSide {
            size = PixelSize(width: size.width / 2, height: size.height / 2)
            count += 1
        }
        self.levelCount = count
        self.madeLevels = [source]
    }

    /// Content whose levels already exist (a tile folder): `levels[0]` has `pixelsPerPoint` pixels
    /// per point, each further level exactly half the one before.
    public init(levels: [PixelBuffer], pixelsPerPoint: Double = 1) throws {
        guard let first = levels.first, pixelsPerPoint > 0 else {
            throw RendererError(.invalidConfiguration, path: "-", "content needs at least one level and a positive pixelsPerPoint")
        }
        for (k, pair) in zip(levels, levels.dropFirst()).enumerated() where pair.1.width * 2 != pair.0.width || pair.1.height * 2 != pair.0.height {
            throw RendererError(.invalidConfiguration, path: "-", "level \(k + 1) is \(pair.1.size), not half of level \(k) (\(pair.0.size))")
        }
        guard first.width <= ContentImage.maximumSide, first.height <= ContentImage.maximumSide else {
            throw RendererError(.invalidConfiguration, path: "-", "level 0 is \(first.size), larger than \(ContentImage.maximumSide) pixels per side")
        }
        self.madeLevels = levels
        self.levelCount = levels.count
        self.pixelsPerPoint = pixelsPerPoint
        self.pointSize = Size(width: Double(first.width) / pixelsPerPoint, height: Double(first.height) / pixelsPerPoint)
        self.isOpaque = levels.allSatisfy { level in
            level.format == .xrgb8888 || (0..<level.size.pixelCount).allSatisfy { level.pixels[$0] >> 24 == 0xFF }
        }
        if isOpaque { levels.forEach { $0.treatAsOpaque() } }
    }

    /// pixman samples transformed images in 16.16 fixed point: no side may exceed this.
    public static let maximumSide = 32767

    /// Loads a PNG or JPEG file (by its extension) as content.
    public convenience init(imagePath: String, pixelsPerPoint: Double = 1) throws {
        let source = try ImageFile.read(path: imagePath)
        guard source.width <= ContentImage.maximumSide, source.height <= ContentImage.maximumSide else {
            throw RendererError(.imageRead, path: imagePath,
                                "\(source.size) is larger than \(ContentImage.maximumSide) pixels per side (pixman's 16.16 coordinates); use a smaller image")
        }
        self.init(source: source, pixelsPerPoint: pixelsPerPoint)
    }

    /// How many levels are in memory (the source and those drawn so far).
    var madeLevelCount: Int { madeLevels.count }

    /// Level `k` of the pyramid, halved from the one above the first time it is asked for.
    public func level(_ k: Int) -> PixelBuffer {
        precondition(k >= 0 && k < levelCount, "level \(k) of a \(levelCount)-level pyramid")
        while madeLevels.count <= k { madeLevels.append(ContentImage.halve(madeLevels[madeLevels.count - 1])) }
        return madeLevels[k]
    }

    /// The pyramid's shape, as a value the render session can reason with.
    public var levelTable: ContentLevels { ContentLevels(pixelsPerPoint: pixelsPerPoint, count: levelCount, pointSize: pointSize) }

    /// Pixels per content point at level `k`.
    public func density(ofLevel k: Int) -> Double { levelTable.density(ofLevel: k) }

    /// Half size by pixman: a bilinear sample at exactly 2:1 lands on the corner shared by four
    /// source pixels, so each destination pixel is the mean of a 2×2 block (a box filter).
    private static func halve(_ source: PixelBuffer) -> PixelBuffer {
        let half = PixelBuffer(size: PixelSize(width: source.width / 2, height: source.height / 2), format: source.format)
        var t = pixman_transform()
        pixman_transform_init_scale(&t, pixman_double_to_fixed(2), pixman_double_to_fixed(2))
        pixman_image_set_transform(source.image, &t)
        pixman_image_set_filter(source.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, half.image, 0, 0, 0, 0, 0, 0, Int32(half.width), Int32(half.height))
        pixman_image_set_transform(source.image, nil)
        pixman_image_set_filter(source.image, PIXMAN_FILTER_NEAREST, nil, 0)
        return half
    }
}

func pixman_double_to_fixed(_ d: Double) -> pixman_fixed_t { pixman_fixed_t((d * 65536).rounded()) }
