import CPixman
#if canImport(Glibc)
import Glibc
#endif

/// A scaled copy of opaque x8r8g8b8 content with the nearest-neighbour filter: the frames drawn
/// while a zoom is in flight. pixman's own nearest path computes each pixel's source position as
/// it goes; here the source columns of a frame are computed once into a table, every row is a
/// gather through it, and a row that samples the same source row as the one above (magnifying) is
/// a copy of the gathered row. Roughly twice as fast as pixman's, which keeps a pinch frame within a few
/// memcpys of the frame.
///
/// Sample positions are pixman's, in its 16.16 fixed point: the centre of destination pixel
/// (x, y) is transformed by the source image's transform and rounded down (½ towards 0), so
/// inside the content the pixels equal pixman's PIXMAN_FILTER_NEAREST composite exactly. Positions
/// past the source's last row or column read the last one (pixman would read transparent black).
enum NearestScaler {
    /// Draws `source` through the scale-and-translate `transform` (screen pixel → source pixel)
    /// into `rect` of `frame`, within the frame's clip areas. Both must be x8r8g8b8.
    static func draw(_ source: PixelBuffer, transform t: pixman_transform, into frame: PixelBuffer, rect: PixelRect) {
        precondition(source.format == .xrgb8888 && frame.format == .xrgb8888, "the nearest scaler copies x8r8g8b8 only")
        let unitX = Int64(t.matrix.0.0), unitY = Int64(t.matrix.1.1)
        for area in frame.clipAreas ?? [rect] {
            guard let r = area.overlap(rect) else { continue }
            // pixman_transform_point_3d of the first pixel centre, then pixman's "−pixman_fixed_e".
            let startX = ((unitX * (Int64(r.x) << 16 | 0x8000) + Int64(t.matrix.0.2) << 16 + 0x8000) >> 16) - 1
            let startY = ((unitY * (Int64(r.y) << 16 | 0x8000) + Int64(t.matrix.1.2) << 16 + 0x8000) >> 16) - 1
            let lastColumn = source.width - 1, lastRow = source.height - 1
            withUnsafeTemporaryAllocation(of: Int.self, capacity: r.width) { columns in
                var vx = startX
                for i in 0..<r.width {
                    columns[i] = min(lastColumn, max(0, Int(vx >> 16)))
                    vx += unitX
                }
                let rowPixels = frame.stride / 4, sourceRowPixels = source.stride / 4
                // Each row is gathered into a scratch row (in the cache) and copied out, so a row
                // repeated when magnifying is copied from there, never read back from the frame
                // (which may be display memory, slow to read).
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: r.width) { scratch in
                    let line = scratch.baseAddress!
                    var vy = startY
                    var previousRow = -1
                    for y in r.y..<(r.y + r.height) {
                        let sy = min(lastRow, max(0, Int(vy >> 16)))
                        vy += unitY
                        let destination = frame.pixels + y * rowPixels + r.x
                        if sy == previousRow {
                            destination.update(from: line, count: r.width)
                            continue
                        }
                        previousRow = sy
                        let row = UnsafePointer(source.pixels + sy * sourceRowPixels)
                        if min(lastRow, max(0, Int(vy >> 16))) == sy {
                            // The next row repeats this one: gathered into the scratch row first.
                            for i in 0..<r.width { line[i] = row[columns[i]] }
                            destination.update(from: line, count: r.width)
                        } else {
                            for i in 0..<r.width { destination[i] = row[columns[i]] }
                        }
                    }
                }
            }
        }
    }
}
