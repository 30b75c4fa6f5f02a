// Renderer benchmark: pan and zoom frame times at 1280×800 XRGB8888, each including the frame's copy
// to the output (converted into a second buffer, as the fbdev and DRM outputs copy it into mapped
// memory), reported as ratios to one memcpy of the frame measured in the same run (so the figures
// compare across machines): the frame's bytes copied as a pan frame must copy them, out of a page
// twice the frame's size into the display's two alternating buffers, so that the baseline's data
// is no warmer in the caches than the frame's; and the longest time one `update` holds the live
// loop (the input thread) through a pinch, the sharp redraw after it and the indicators' fade,
// against the whole sharp redraw at once. `make bench` (bench/bench.py) reads the lines that start with `row `:
// name, seconds, baseline name, baseline seconds, ratio (the median of per-frame ratios).
// Optional: `--screenshot FILE` writes the demo scene (header, indicators, debug outlines).
//
//   swift run -c release RendererBench [--frames N] [--copy-at-present] [--screenshot FILE]
import Glibc
import Renderer
import ScrollEngine

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let frames = Int(option("--frames") ?? "") ?? 120
let panel = PixelSize(width: 1280, height: 800)

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

/// The real output path without a device: a double-buffered display in memory that behaves as the
/// fbdev and DRM outputs do. A frame handed to `present` is converted into the hidden buffer with
/// pixman (their copy into mapped memory) and the buffers flip; the renderer may instead draw
/// straight into the hidden buffer (`backBuffer`) and flip without a copy. `--copy-at-present`
/// turns the direct drawing off, for comparison.
final class MemoryDisplay: DirectFrameOutput {
    let panelSize: PixelSize
    let buffers: [PixelBuffer]
    let direct: Bool
    private(set) var front = 0
    init(_ s: PixelSize, direct: Bool) {
        panelSize = s
        buffers = [PixelBuffer(size: s), PixelBuffer(size: s)]
        self.direct = direct
    }
    func present(_ frame: PixelBuffer) throws {
        buffers[1 - front].copy(from: frame)
        front = 1 - front
    }
    func backBuffer() throws -> PixelBuffer? { direct ? buffers[1 - front] : nil }
    func presentBackBuffer() throws { front = 1 - front }
    func finish() throws {}
}
let drawsDirectly = !arguments.contains("--copy-at-present")
func makeOutput() -> MemoryDisplay { MemoryDisplay(panel, direct: drawsDirectly) }

// Baseline: one memcpy of a 1280×800×4 frame, the way a pan frame moves its bytes: a window of a
// 1280×1600 page (the pyramid level the pan draws from is that size), 7 rows further down each
// frame, into the two buffers of a double-buffered display in turn. Copying one buffer into
// another again and again instead keeps both in the caches, which no frame enjoys: on the machine
// of README's table that made the same pan frames 1.2–1.5× such a copy, and 0.9–1.1× this one.
let bytes = panel.pixelCount * 4
let rowBytes = panel.width * 4
let page = UnsafeMutableRawPointer.allocate(byteCount: 2 * bytes, alignment: 64)
let outputs = [UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64),
               UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)]
memset(page, 0x5A, 2 * bytes)
for output in outputs { memset(output, 0, bytes) }
/// The first row of the page that pan frame `i` shows (the pan moves 7 rows a frame).
func panRow(_ i: Int) -> Int { i * 7 % panel.height }
/// The baseline copy for frame `i` (its window of the page, into the buffer it would be drawn into).
@MainActor func copyFrame(_ i: Int) {
    memcpy(outputs[i % 2], page + panRow(i) * rowBytes, bytes)
}
var copyTimes: [Double] = [], hotCopyTimes: [Double] = []
for i in 0..<max(frames, 50) {
    let t0 = now()
    copyFrame(i)
    copyTimes.append(now() - t0)
    let t1 = now()
    memcpy(outputs[0], page, bytes) // the same bytes again: for comparison only
    hotCopyTimes.append(now() - t1)
}
let memcpyTime = median(copyTimes)

// Content: a 2560×3200 page at 2 pixels per point (1280×1600 points; crisp up to zoom 2).
let content = ContentImage(source: GeneratedPage.make(width: 2560, height: 3200), pixelsPerPoint: 2)
var sv = ScrollViewConfiguration()
sv.boundsSize = Size(width: 1280, height: 800)
sv.minimumZoomScale = 0.5
sv.maximumZoomScale = 4
let config = RendererConfiguration(scrollView: sv)
let contentSize = config.contentSize(contentPointSize: content.pointSize, zoomScale: 1)

/// Frame times for `states`, each frame paired with the baseline copy of the frame timed just before
/// it (so both see the same machine load): the median frame time, the median memcpy, and the median
/// of the pairs' ratios.
@MainActor func measure(_ label: String, sharpRedraw: FramePresenter.SharpRedraw = .whole,
                        _ states: (Int) -> (DelegateMessage, ScrollViewState)) throws -> (time: Double, memcpy: Double, ratio: Double) {
    let presenter = try FramePresenter(configuration: config, content: content, output: makeOutput(), sharpRedraw: sharpRedraw)
    var times: [Double] = [], copies: [Double] = [], ratios: [Double] = []
    for i in 0..<frames {
        let (message, state) = states(i)
        let time = Timestamp.milliseconds(Double(i) * 16.667)
        presenter.handle([DelegateEvent(time: time, message: message, state: state)])
        let c0 = now()
        copyFrame(i)
        let t0 = now()
        try presenter.update(at: time)
        let t1 = now()
        copies.append(t0 - c0)
        times.append(t1 - t0)
        ratios.append((t1 - t0) / (t0 - c0))
    }
    let t = median(times), ratio = median(ratios)
    print("\(label): \(String(t * 1000, precision: 3)) ms per frame = \(String(ratio, precision: 1)) × memcpy (median of \(frames) pairs)")
    return (t, median(copies), ratio)
}

/// The live loop through one pinch: frames every 16.667 ms while two fingers zoom 1 → 1.5 over
/// half a second, didEndZooming, then the loop's wakeups (the sharp redraw's bands, the indicators'
/// fade) until nothing is left to draw. Returns the longest single `update` and how many frames it took.
@MainActor func longestStall(_ sharpRedraw: FramePresenter.SharpRedraw) throws -> (longest: Double, frames: Int) {
    let presenter = try FramePresenter(configuration: config, content: content, output: makeOutput(), sharpRedraw: sharpRedraw)
    var longest = 0.0
    var time = Timestamp.zero
    func timed(_ t: Timestamp) throws {
        let t0 = now()
        try presenter.update(at: t)
        longest = max(longest, now() - t0)
    }
    try timed(time)
    let steps = 30
    for i in 0...steps {
        time = .milliseconds(Double(i + 1) * 16.667)
        let s = 1 + 0.5 * Double(i) / Double(steps)
        let state = ScrollViewState(contentOffset: Point(x: 100 * s, y: 200 * s), zoomScale: s, contentSize: content.pointSize * s, isZooming: true)
        presenter.handle([DelegateEvent(time: time, message: i == 0 ? .willBeginZooming : .didZoom, state: state)])
        try timed(time)
    }
    time = time.adding(microseconds: 16_667)
    let settled = ScrollViewState(contentOffset: Point(x: 150, y: 300), zoomScale: 1.5, contentSize: content.pointSize * 1.5)
    presenter.handle([DelegateEvent(time: time, message: .didEndZooming(atScale: 1.5), state: settled)])
    try timed(time)
    var wakeups = 0
    while let next = presenter.nextWakeup(after: time), wakeups < 1000 {
        time = max(next, time.adding(microseconds: 16_667))
        try timed(time)
        wakeups += 1
    }
    return (longest, presenter.framesDrawn)
}

extension String {
    init(_ v: Double, precision: Int) {
        var scale = 1.0
        for _ in 0..<precision { scale *= 10 }
        let r = (v * scale).rounded() / scale
        self = "\(r)"
    }
}

print("output: a double-buffered display in memory, \(drawsDirectly ? "frames drawn straight into its back buffer" : "frames copied into it at present")")
print("frame 1280x800 XRGB8888, memcpy of one frame out of the page into the display's buffers: \(String(memcpyTime * 1000, precision: 3)) ms "
    + "(median of \(copyTimes.count); the same 4 MiB copied again and again, cache-hot: \(String(median(hotCopyTimes) * 1000, precision: 3)) ms)")
do {
    let pan = try measure("pan (zoom 1, dragging, level 1 exact) incl. present") { i in
        (.didScroll, ScrollViewState(contentOffset: Point(x: 0, y: Double(panRow(i))), zoomScale: 1, contentSize: contentSize, isTracking: true, isDragging: true))
    }
    let pinch = try measure("pinch zoom in flight (1…2, nearest level, nearest neighbour) incl. present") { i in
        let s = 1 + Double(i % 60) / 60
        return (.didZoom, ScrollViewState(contentOffset: Point(x: 100 * s, y: 200 * s), zoomScale: s, contentSize: content.pointSize * s, isZooming: true))
    }
    let sharp = try measure("settled redraw at zoom 1.5 (separable convolution), whole, incl. present") { i in
        (.didEndZooming(atScale: 1.5), ScrollViewState(contentOffset: Point(x: Double(i % 2), y: 300), zoomScale: 1.5, contentSize: content.pointSize * 1.5))
    }
    let whole = try longestStall(.whole)
    let live = try longestStall(FramePresenter.liveSharpRedraw)
    print("pinch 1 → 1.5, sharp redraw, fade: longest update \(String(whole.longest * 1000, precision: 2)) ms drawing whole frames (\(whole.frames) frames), "
        + "\(String(live.longest * 1000, precision: 2)) ms live, in bands (\(live.frames) frames)")
    // Machine-readable rows for bench/bench.py: name, measured seconds, baseline seconds.
    print("row pan \(pan.time) memcpy \(pan.memcpy) \(pan.ratio)")
    print("row pinch \(pinch.time) memcpy \(pinch.memcpy) \(pinch.ratio)")
    print("row stall \(live.longest) whole-sharp-redraw \(max(sharp.time, whole.longest)) \(live.longest / max(sharp.time, whole.longest))")
    let idle = try FramePresenter(configuration: config, content: content, output: makeOutput())
    var drawn = 0
    for i in 0..<frames where try idle.update(at: .milliseconds(Double(i) * 16.667)) { drawn += 1 }
    print("idle: \(drawn) frame(s) drawn over \(frames) ticks with nothing moving")

    if let path = option("--screenshot") {
        try DemoScene.writeScreenshot(to: path, content: content, panel: panel)
        print("screenshot: \(path)")
    }
} catch {
    let line = "<3>renderer bench: \(error)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}
