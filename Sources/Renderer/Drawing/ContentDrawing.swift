import CPixman
import ScrollEngine

/// Draws the content image into a frame at a placement, with one pixman composite.
enum ContentDrawing {
    static func draw(_ content: ContentImage, at placement: ContentPlacement, into frame: PixelBuffer) {
        let level = content.levels[placement.level]
        // Level pixels per screen pixel: the transform maps a frame pixel to level coordinates,
        // u = (p - origin) * a.
        let a = content.density(ofLevel: placement.level) / placement.scale
        var f = pixman_f_transform()
        f.m = ((a, 0, -placement.origin.x * a), (0, a, -placement.origin.y * a), (0, 0, 1))
        var t = pixman_transform()
        pixman_transform_from_pixman_f_transform(&t, &f)
        pixman_image_set_transform(level.image, &t)
        placement.filter.apply(to: level.image, sourcePixelsPerScreenPixel: a)
        pixman_image_set_repeat(level.image, placement.repeatAxis == nil ? PIXMAN_REPEAT_NONE : PIXMAN_REPEAT_NORMAL)
        defer {
            pixman_image_set_transform(level.image, nil)
            pixman_image_set_repeat(level.image, PIXMAN_REPEAT_NONE)
            pixman_image_set_filter(level.image, PIXMAN_FILTER_NEAREST, nil, 0)
        }

        // The screen rectangle the content covers, clipped to the frame; the whole frame along
        // the repeating axis.
        let extent = Size(width: Double(level.width) / a, height: Double(level.height) / a)
        func span(_ axis: Axis, _ length: Int) -> (Int, Int) {
            if placement.repeatAxis == axis { return (0, length) }
            let lo = max(0, Int(placement.origin[axis].rounded(.down)))
            let hi = min(length, Int((placement.origin[axis] + extent[axis]).rounded(.up)))
            return (lo, hi)
        }
        let (x0, x1) = span(.horizontal, frame.width)
        let (y0, y1) = span(.vertical, frame.height)
        guard x1 > x0, y1 > y0 else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, level.image, nil, frame.image,
                                 Int32(x0), Int32(y0), 0, 0, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }
}
