import CPixman
import ScrollEngine

/// Draws a scroll indicator: a capsule (a rectangle with fully rounded ends), antialiased.
enum IndicatorDrawing {
    static func draw(_ knob: IndicatorKnob, style: IndicatorStyle, into frame: PixelBuffer) {
        let r = knob.rect
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let width = Int(r.maxX.rounded(.up)) - x0, height = Int(r.maxY.rounded(.up)) - y0
        guard width > 0, height > 0 else { return }
        let opacity = Double(knob.alpha) / 255
        let local = Rect(x: r.minX - Double(x0), y: r.minY - Double(y0), width: r.width, height: r.height)
        if let border = style.border {
            let inner = Rect(x: local.minX + 1, y: local.minY + 1, width: max(0, local.width - 2), height: max(0, local.height - 2))
            composite(border.multipliedAlpha(by: opacity), width, height, x0, y0, frame) { x, y in
                coverage(local, x, y) - coverage(inner, x, y)
            }
            composite(style.fill.multipliedAlpha(by: opacity), width, height, x0, y0, frame) { x, y in coverage(inner, x, y) }
        } else {
            composite(style.fill.multipliedAlpha(by: opacity), width, height, x0, y0, frame) { x, y in coverage(local, x, y) }
        }
    }

    /// Paints `color` through an a8 mask built from `cover(x, y)` (0…1 per pixel), with pixman OVER.
    private static func composite(_ color: Color, _ width: Int, _ height: Int, _ x0: Int, _ y0: Int, _ frame: PixelBuffer,
                                  cover: (Double, Double) -> Double) {
        let stride = (width + 3) & ~3
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer { bytes.deallocate() }
        for y in 0..<height {
            for x in 0..<width {
                bytes[y * stride + x] = UInt8((cover(Double(x) + 0.5, Double(y) + 0.5).clamped(to: 0...1) * 255).rounded())
            }
        }
        let mask = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self), Int32(stride))!
        var c = color.pixman
        let solid = pixman_image_create_solid_fill(&c)!
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, frame.image, 0, 0, 0, 0, Int32(x0), Int32(y0), Int32(width), Int32(height))
        pixman_image_unref(solid)
        pixman_image_unref(mask)
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
