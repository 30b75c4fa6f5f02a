import CPixman
import ScrollEngine

/// Draws a scroll indicator: a capsule (a rectangle with fully rounded ends), antialiased.
enum IndicatorDrawing {
    /// Draws `knob`. The capsule's coverage masks come from `masks`, which keeps them between
    /// frames: a knob that only fades (the same rectangle at another opacity) reuses them as they
    /// are, and a moved knob recomputes only its round ends.
    static func draw(_ knob: IndicatorKnob, style: IndicatorStyle, into frame: PixelBuffer, masks: IndicatorMaskCache = IndicatorMaskCache()) {
        let r = knob.rect
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let width = Int(r.maxX.rounded(.up)) - x0, height = Int(r.maxY.rounded(.up)) - y0
        guard width > 0, height > 0 else { return }
        let opacity = Double(knob.alpha) / 255
        let local = Rect(x: r.minX - Double(x0), y: r.minY - Double(y0), width: r.width, height: r.height)
        let pair = masks.masks(for: local, width: width, height: height, bordered: style.border != nil)
        if let border = style.border {
            composite(border.multipliedAlpha(by: opacity), pair.border!, width, height, x0, y0, frame)
        }
        composite(style.fill.multipliedAlpha(by: opacity), pair.fill, width, height, x0, y0, frame)
    }

    /// Paints `color` through the a8 `mask` with pixman OVER.
    private static func composite(_ color: Color, _ mask: OpaquePointer, _ width: Int, _ height: Int, _ x0: Int, _ y0: Int, _ frame: PixelBuffer) {
        var c = color.pixman
        let solid = pixman_image_create_solid_fill(&c)!
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, frame.image, 0, 0, 0, 0, Int32(x0), Int32(y0), Int32(width), Int32(height))
        pixman_image_unref(solid)
    }

    /// How much of the pixel centred at (x, y) a capsule inside `rect` covers: pixman has no
    /// rounded-rectangle primitive, and a capsule's coverage is one line of geometry (half a pixel
    /// minus the distance to the capsule's edge), so it is computed here rather than tessellated.
    static func coverage(_ rect: Rect, _ x: Double, _ y: Double) -> Double {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let radius = min(rect.width, rect.height) / 2
        // The capsule's spine: the segment its round ends are centred on.
        let (ax, ay, bx, by): (Double, Double, Double, Double) = rect.height >= rect.width
            ? (rect.center.x, rect.minY + radius, rect.center.x, rect.maxY - radius)
            : (rect.minX + radius, rect.center.y, rect.maxX - radius, rect.center.y)
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? (((x - ax) * dx + (y - ay) * dy) / lengthSquared).clamped(to: 0...1) : 0
        let px = ax + t * dx - x, py = ay + t * dy - y
        let distance = (px * px + py * py).squareRoot() - radius
        return (0.5 - distance).clamped(to: 0...1)
    }
}

/// The a8 coverage masks of the indicators drawn last, kept from frame to frame (one per axis and
/// kind), so a frame does not recompute a capsule's antialiased edge in `Double` per pixel.
///
/// A mask is a function of the capsule's rectangle relative to its whole-pixel origin: the same
/// rectangle (a knob fading out, or a knob that did not move) is a hit and costs nothing. A moved
/// knob is recomputed, but only its round ends: along the straight part of a capsule every line of
/// pixels across it has the same coverage, so that line is computed once and copied.
final class IndicatorMaskCache {
    struct Key: Hashable {
        var rect: Rect
        var width: Int
        var height: Int
        var bordered: Bool
    }

    /// One mask image and its pixels (stride a multiple of 4, as pixman requires).
    final class Mask {
        let width: Int, height: Int, stride: Int
        let bytes: UnsafeMutablePointer<UInt8>
        let image: OpaquePointer

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            self.stride = (width + 3) & ~3
            bytes = .allocate(capacity: stride * height)
            bytes.initialize(repeating: 0, count: stride * height)
            image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                             UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self), Int32(stride))!
        }

        deinit {
            pixman_image_unref(image)
            bytes.deallocate()
        }
    }

    private struct Entry {
        var key: Key
        var fill: Mask
        var border: Mask?
    }

    /// The few most recently used entries (a vertical and a horizontal knob, one frame behind).
    private var entries: [Entry] = []
    private static let capacity = 4
    /// Hits and misses since the cache was made (for tests and the bench).
    private(set) var hits = 0
    private(set) var misses = 0

    init() {}

    /// The fill mask (and the border's ring when `bordered`) of a capsule at `rect`, in a mask of
    /// `width`×`height` pixels.
    func masks(for rect: Rect, width: Int, height: Int, bordered: Bool) -> (fill: OpaquePointer, border: OpaquePointer?) {
        let key = Key(rect: rect, width: width, height: height, bordered: bordered)
        if let i = entries.firstIndex(where: { $0.key == key }) {
            hits += 1
            let e = entries.remove(at: i)
            entries.append(e)
            return (e.fill.image, e.border?.image)
        }
        misses += 1
        // Reuse the pixels of an evicted entry of the same size (the common case: a knob that moved).
        var reused: Entry?
        if entries.count >= Self.capacity || entries.contains(where: { $0.key.width == width && $0.key.height == height && $0.key.bordered == bordered }) {
            if let i = entries.firstIndex(where: { $0.key.width == width && $0.key.height == height && $0.key.bordered == bordered }) {
                reused = entries.remove(at: i)
            } else {
                entries.removeFirst()
            }
        }
        let fill = reused?.fill ?? Mask(width: width, height: height)
        let border = bordered ? (reused?.border ?? Mask(width: width, height: height)) : nil
        if bordered {
            let inner = Rect(x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
            Self.render(fill, straight: [inner]) { x, y in IndicatorDrawing.coverage(inner, x, y) }
            Self.render(border!, straight: [rect, inner]) { x, y in IndicatorDrawing.coverage(rect, x, y) - IndicatorDrawing.coverage(inner, x, y) }
        } else {
            Self.render(fill, straight: [rect]) { x, y in IndicatorDrawing.coverage(rect, x, y) }
        }
        entries.append(Entry(key: key, fill: fill, border: border))
        return (fill.image, border?.image)
    }

    /// Fills `mask` with `cover` (0…1 per pixel centre). Along the straight part of the capsules in
    /// `straight` (where a pixel centre lies between the centres of both round ends of each) the
    /// nearest point of the spine is straight across, so every such line of pixels has the same
    /// coverage: one is computed and copied to the others.
    private static func render(_ mask: Mask, straight capsules: [Rect], cover: (Double, Double) -> Double) {
        let vertical = mask.height >= mask.width
        let along = vertical ? mask.height : mask.width
        let across = vertical ? mask.width : mask.height
        // The open interval of the along-coordinate inside every capsule's straight part.
        var low = -Double.infinity, high = Double.infinity
        for r in capsules {
            guard r.width > 0, r.height > 0, (r.height >= r.width) == vertical else { low = .infinity; break }
            let radius = min(r.width, r.height) / 2
            low = max(low, (vertical ? r.minY : r.minX) + radius)
            high = min(high, (vertical ? r.maxY : r.maxX) - radius)
        }
        func isStraight(_ i: Int) -> Bool { let c = Double(i) + 0.5; return c > low && c < high }
        func compute(_ i: Int) {
            for j in 0..<across {
                set(mask, vertical, i, j, value(vertical ? cover(Double(j) + 0.5, Double(i) + 0.5) : cover(Double(i) + 0.5, Double(j) + 0.5)))
            }
        }
        var i = 0
        while i < along, !isStraight(i) { compute(i); i += 1 }
        if i < along {
            // The first straight line, computed; the others copied from it.
            let first = i
            compute(first)
            i += 1
            while i < along, isStraight(i) {
                if vertical {
                    (mask.bytes + i * mask.stride).update(from: mask.bytes + first * mask.stride, count: across)
                } else {
                    for j in 0..<across { mask.bytes[j * mask.stride + i] = mask.bytes[j * mask.stride + first] }
                }
                i += 1
            }
        }
        while i < along { compute(i); i += 1 }
    }

    @inline(__always) private static func value(_ c: Double) -> UInt8 { UInt8((c.clamped(to: 0...1) * 255).rounded()) }

    @inline(__always) private static func set(_ mask: Mask, _ vertical: Bool, _ i: Int, _ j: Int, _ v: UInt8) {
        if vertical { mask.bytes[i * mask.stride + j] = v } else { mask.bytes[j * mask.stride + i] = v }
    }
}
