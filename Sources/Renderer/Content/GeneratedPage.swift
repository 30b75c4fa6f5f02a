/// Content drawn in code, for trying the renderer without an image (`touchscroll render` without
/// `--content`, the bench, the README screenshot): a "long page" of striped coloured cards, 360×220
/// pixels with 40-pixel gaps, on a soft gradient with a grid line every 40 pixels (the fine detail
/// shows whether a zoomed frame is crisp).
public enum GeneratedPage {
    public static func make(width: Int, height: Int) -> PixelBuffer {
        let b = PixelBuffer(size: PixelSize(width: width, height: height), format: .argb8888)
        let cardColors: [UInt32] = [0xFF5E5CE6, 0xFF30B0C7, 0xFF34C759, 0xFFFF9F0A, 0xFFFF375F, 0xFFBF5AF2]
        for y in 0..<height {
            for x in 0..<width {
                let fy = Double(y) / Double(height), fx = Double(x) / Double(width)
                var r = 235 - 40 * fy, g = 238 - 20 * fx, bl = 245.0
                if x % 40 == 0 || y % 40 == 0 { r -= 30; g -= 30; bl -= 20 }
                let cardW = 360, cardH = 220, gap = 40
                let cx = x % (cardW + gap), cy = y % (cardH + gap)
                if cx >= gap && cy >= gap {
                    let index = (x / (cardW + gap) + 3 * (y / (cardH + gap))) % cardColors.count
                    let c = cardColors[index]
                    let stripe = (cx + cy) / 6 % 2 == 0 ? 1.0 : 0.88
                    r = Double((c >> 16) & 0xFF) * stripe; g = Double((c >> 8) & 0xFF) * stripe; bl = Double(c & 0xFF) * stripe
                }
                b[x, y] = 0xFF00_0000 | UInt32(r.clamped) << 16 | UInt32(g.clamped) << 8 | UInt32(bl.clamped)
            }
        }
        return b
    }
}

private extension Double {
    var clamped: Double { Swift.min(255, Swift.max(0, self)) }
}
