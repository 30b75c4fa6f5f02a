import Renderer
import ScrollEngine

/// Content and scroll states for the tests, built in code so every expected pixel is a formula.
enum Fixtures {
    /// Every pixel different: red = x mod 256, green = y mod 256, blue = 0x40.
    static func coordinatePattern(width: Int, height: Int) -> PixelBuffer {
        let b = PixelBuffer(size: PixelSize(width: width, height: height), format: .argb8888)
        for y in 0..<height { for x in 0..<width { b[x, y] = coordinateColor(x, y) } }
        return b
    }

    static func coordinateColor(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0040 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 }

    /// Black and white squares of `square` pixels.
    static func checkerboard(width: Int, height: Int, square: Int) -> PixelBuffer {
        let b = PixelBuffer(size: PixelSize(width: width, height: height), format: .argb8888)
        for y in 0..<height { for x in 0..<width { b[x, y] = ((x / square + y / square) % 2 == 0) ? 0xFFFF_FFFF : 0xFF00_0000 } }
        return b
    }

    static func configuration(bounds: Size) -> RendererConfiguration {
        var sv = ScrollViewConfiguration()
        sv.boundsSize = bounds
        var c = RendererConfiguration(scrollView: sv)
        c.backgroundColor = Color(rgb: 0x102030)
        return c
    }

    static func state(offset: Point, zoom: Double = 1, contentSize: Size, dragging: Bool = false, zooming: Bool = false) -> ScrollViewState {
        ScrollViewState(contentOffset: offset, zoomScale: zoom, contentSize: contentSize, isTracking: dragging, isDragging: dragging, isZooming: zooming,
                        phase: zooming ? .pinching : dragging ? .dragging : .idle)
    }

    static func event(_ ms: Double, _ message: DelegateMessage, _ state: ScrollViewState) -> DelegateEvent {
        DelegateEvent(time: .milliseconds(ms), message: message, state: state)
    }
}

/// An output that keeps every frame in memory.
final class MemoryOutput: FrameOutput {
    let panelSize: PixelSize
    var frames: [PixelBuffer] = []
    init(_ size: PixelSize) { panelSize = size }
    func present(_ frame: PixelBuffer) throws {
        let copy = PixelBuffer(size: frame.size)
        copy.copy(from: frame)
        frames.append(copy)
    }
    func finish() throws {}
}

/// Sharpness: the variance of the 4-neighbour Laplacian of the luma (higher is crisper).
func laplacianVariance(_ b: PixelBuffer, x0: Int = 1, y0: Int = 1, x1: Int? = nil, y1: Int? = nil) -> Double {
    func luma(_ x: Int, _ y: Int) -> Double {
        let p = b[x, y]
        return 0.299 * Double((p >> 16) & 0xFF) + 0.587 * Double((p >> 8) & 0xFF) + 0.114 * Double(p & 0xFF)
    }
    var values: [Double] = []
    for y in y0..<(y1 ?? b.height - 1) {
        for x in x0..<(x1 ?? b.width - 1) {
            values.append(luma(x - 1, y) + luma(x + 1, y) + luma(x, y - 1) + luma(x, y + 1) - 4 * luma(x, y))
        }
    }
    let mean = values.reduce(0, +) / Double(values.count)
    return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
}
