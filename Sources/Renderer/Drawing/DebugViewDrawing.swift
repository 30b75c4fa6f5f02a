import ScrollEngine

/// `--debug-views`: each content view's frame outlined 2 pixels wide, in a colour of its own, so
/// touch regions can be checked by eye. Frames are in content points; they scroll and zoom with
/// the content (and repeat with it along an infinite axis).
enum DebugViewDrawing {
    static let palette: [Color] = [Color(rgb: 0xFF2D55), Color(rgb: 0x34C759), Color(rgb: 0x007AFF), Color(rgb: 0xFF9500), Color(rgb: 0xAF52DE)]
    static let lineWidth = 2

    static func draw(_ views: [ContentView], placement: ContentPlacement, contentPointSize: Size, into frame: PixelBuffer) {
        var copies = [Point.zero]
        if let axis = placement.repeatAxis {
            let period = contentPointSize[axis] * placement.scale
            let span = Double(axis == .horizontal ? frame.width : frame.height)
            let first = Int(((-placement.origin[axis]) / period).rounded(.down)) - 1
            let last = Int(((span - placement.origin[axis]) / period).rounded(.up))
            copies = (first...max(first, last)).map { var p = Point.zero; p[axis] = Double($0) * period; return p }
        }
        for (i, view) in views.enumerated() {
            let color = palette[i % palette.count]
            for copy in copies {
                let x = Int((view.frame.minX * placement.scale + placement.origin.x + copy.x).rounded())
                let y = Int((view.frame.minY * placement.scale + placement.origin.y + copy.y).rounded())
                let w = Int((view.frame.width * placement.scale).rounded()), h = Int((view.frame.height * placement.scale).rounded())
                outline(x: x, y: y, width: w, height: h, color: color, into: frame)
            }
        }
    }

    private static func outline(x: Int, y: Int, width: Int, height: Int, color: Color, into frame: PixelBuffer) {
        let l = lineWidth
        for (rx, ry, rw, rh) in [(x, y, width, l), (x, y + height - l, width, l), (x, y, l, height), (x + width - l, y, l, height)] {
            let cx0 = max(0, rx), cy0 = max(0, ry), cx1 = min(frame.width, rx + rw), cy1 = min(frame.height, ry + rh)
            if cx1 > cx0, cy1 > cy0 { frame.fill(color, x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0) }
        }
    }
}
