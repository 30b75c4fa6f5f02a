import CPixman
import ScrollEngine

/// Draws the content image into a frame at a placement, with one pixman composite, and fills
/// the background around it.
enum ContentDrawing {
    static func draw(_ content: ContentImage, at placement: ContentPlacement, background: Color, into frame: PixelBuffer) {
        let level = content.level(placement.level)
        // Level pixels per screen pixel: the transform maps a frame pixel to level coordinates,
        // u = (p - origin) * a.
        let a = content.density(ofLevel: placement.level) / placement.scale
        let extent = Size(width: Double(level.width) / a, height: Double(level.height) / a)
        func span(_ axis: Axis, _ length: Int) -> (Int, Int) {
            if placement.repeatAxis == axis { return (0, length) }
            let lo = max(0, Int(placement.origin[axis].rounded(.down)))
            let hi = min(length, Int((placement.origin[axis] + extent[axis]).rounded(.up)))
            return (lo, max(lo, hi))
        }
        // The screen rectangle the content covers, clipped to the frame; the whole frame along
        // the repeating axis.
        let (x0, x1) = span(.horizontal, frame.width)
        let (y0, y1) = span(.vertical, frame.height)
        // Opaque content can be copied (SRC) instead of blended when no filtered edge shows: the
        // filter is nearest (edges land on whole pixels) or each edge is off screen by a margin.
        func edgesOffScreen(_ axis: Axis, _ length: Int) -> Bool {
            placement.repeatAxis == axis || (placement.origin[axis] <= -2 && placement.origin[axis] + extent[axis] >= Double(length) + 2)
        }
        let exactEdges = placement.filter == .nearest
            || (edgesOffScreen(.horizontal, frame.width) && edgesOffScreen(.vertical, frame.height))
        if content.isOpaque && exactEdges {
            // Background only around the content: above, below, left, right.
            frame.fill(background, x: 0, y: 0, width: frame.width, height: y0)
            frame.fill(background, x: 0, y: y1, width: frame.width, height: frame.height - y1)
            frame.fill(background, x: 0, y: y0, width: x0, height: y1 - y0)
            frame.fill(background, x: x1, y: y0, width: frame.width - x1, height: y1 - y0)
        } else {
            frame.fill(background)
        }
        guard x1 > x0, y1 > y0 else { return }
        let op = content.isOpaque && exactEdges ? PIXMAN_OP_SRC : PIXMAN_OP_OVER

        if abs(a - 1) < 1e-12 && exactEdges && placement.repeatAxis == nil {
            // One level pixel per screen pixel at a whole-pixel origin: a plain blit, no transform.
            if op == PIXMAN_OP_SRC, level.format == .xrgb8888, frame.format == .xrgb8888 {
                // Opaque rows copied with the C library's memcpy (wide vector stores; pixman's own
                // blit is a slower loop): the pan of an unzoomed page.
                copyRows(of: level, dx: -Int(placement.origin.x), dy: -Int(placement.origin.y), into: frame,
                         rect: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                return
            }
            pixman_image_composite32(op, level.image, nil, frame.image, Int32(x0 - Int(placement.origin.x)), Int32(y0 - Int(placement.origin.y)),
                                     0, 0, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            return
        }
        var f = pixman_f_transform()
        f.m = ((a, 0, -placement.origin.x * a), (0, a, -placement.origin.y * a), (0, 0, 1))
        var t = pixman_transform()
        pixman_transform_from_pixman_f_transform(&t, &f)
        if placement.filter == .nearest, placement.repeatAxis == nil, op == PIXMAN_OP_SRC,
           level.format == .xrgb8888, frame.format == .xrgb8888 {
            // A zoom in flight: the table-driven nearest-neighbour copy, same pixels as pixman's.
            NearestScaler.draw(level, transform: t, into: frame, rect: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            return
        }
        pixman_image_set_transform(level.image, &t)
        placement.filter.apply(to: level.image, sourcePixelsPerScreenPixel: a)
        pixman_image_set_repeat(level.image, placement.repeatAxis == nil ? PIXMAN_REPEAT_NONE : PIXMAN_REPEAT_NORMAL)
        defer {
            pixman_image_set_transform(level.image, nil)
            pixman_image_set_repeat(level.image, PIXMAN_REPEAT_NONE)
            pixman_image_set_filter(level.image, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_composite32(op, level.image, nil, frame.image,
                                 Int32(x0), Int32(y0), 0, 0, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }

    /// Copies the pixels of `source` at (x + dx, y + dy) to (x, y) of `frame` for every (x, y) in
    /// `rect`, within the frame's clip areas, row by row.
    private static func copyRows(of source: PixelBuffer, dx: Int, dy: Int, into frame: PixelBuffer, rect: PixelRect) {
        let sourceRow = source.stride / 4, frameRow = frame.stride / 4
        for area in frame.clipAreas ?? [rect] {
            guard let r = area.overlap(rect) else { continue }
            if r.x == 0, dx == 0, r.width == frame.width, sourceRow == frameRow, source.width == frame.width {
                // Whole rows on both sides, contiguous: one copy (for a frame-sized copy the C
                // library streams past the cache, as the memcpy of the bench's baseline does).
                (frame.pixels + r.y * frameRow).update(from: source.pixels + (r.y + dy) * sourceRow, count: r.height * frameRow)
                continue
            }
            for y in r.y..<(r.y + r.height) {
                (frame.pixels + y * frameRow + r.x).update(from: source.pixels + (y + dy) * sourceRow + r.x + dx, count: r.width)
            }
        }
    }
}
