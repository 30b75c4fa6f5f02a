import ScrollEngine

/// Ties the pieces together for one output: feeds inputs to the render session, draws a frame
/// when (and only when) its description changed, and hands it to the output.
///
/// A frame that differs from the one shown only in its overlays (an indicator fading, the header
/// sliding) is drawn where they are and nowhere else (`FrameDamage`). A frame that needs the
/// high-quality filter (the sharp redraw once a zoom settles) is drawn whole or, with
/// `SharpRedraw.inBands`, first with the fast filter and then made sharp one band of rows per
/// `update`, so no single update holds the input thread for the whole redraw.
public final class FramePresenter {
    /// How a frame that needs the slow high-quality filter is drawn.
    public enum SharpRedraw: Hashable, Sendable {
        /// At once, whole (`render` to files: every written frame is final).
        case whole
        /// Live: the frame is shown at once with the fast (bilinear) filter, then each following
        /// `update` (the run loop is woken for it, once per frame interval) redraws `rows` rows of
        /// it with the high-quality filter, top to bottom, until it equals the whole redraw. New
        /// input meanwhile is drawn as usual and starts over if the content moved.
        case inBands(rows: Int)
    }

    /// The live loop's choice: 20 rows, a fortieth of a 1280×800 frame — about 0.5–0.8 ms of the
    /// high-quality filter on the 2-core x86 build machine and, by the whole redraw's 0.4–0.8 s
    /// there, 10–20 ms on a Raspberry Pi 4 — so the frame is sharp after 40 frames (⅔ s at 60 Hz).
    public static let liveSharpRedraw = SharpRedraw.inBands(rows: 20)

    public private(set) var session: RenderSession
    public let scene: SceneRenderer
    public let output: FrameOutput
    public private(set) var framesDrawn = 0
    /// The latest time `update(at:)` was asked about (drawn or not): a live loop's next wakeup
    /// counts from it.
    public private(set) var lastUpdate: Timestamp?
    public let sharpRedraw: SharpRedraw
    /// What the frame buffer shows where no sharp redraw is under way (nil before the first frame).
    private var shown: FrameDescription?
    /// A sharp redraw under way: rows above `sharpRows` show `target`, the rest `target` drawn with
    /// the fast filter.
    private var pendingSharp: (target: FrameDescription, sharpRows: Int)?

    /// Whether a sharp redraw is under way (more `update` calls will draw without new input).
    public var isSharpening: Bool { pendingSharp != nil }

    public init(configuration: RendererConfiguration, content: ContentImage, output: FrameOutput,
                initialState: ScrollViewState? = nil, startTime: Timestamp = .zero, sharpRedraw: SharpRedraw = .whole) throws {
        self.sharpRedraw = sharpRedraw
        let state = initialState ?? RenderSession.initialState(configuration: configuration, levels: content.levelTable)
        self.session = RenderSession(configuration: configuration, levels: content.levelTable, initialState: state, startTime: startTime)
        self.scene = try SceneRenderer(configuration: configuration, content: content, panelSize: output.panelSize)
        self.output = output
    }

    public func handle(_ input: RendererInput) { session.handle(input) }

    public func handle(_ events: [DelegateEvent]) {
        for e in events { session.handle(RendererInput(event: e)) }
    }

    /// Passes on `ScrollView.indicatorFlashTime` (the engine records flashScrollIndicators calls
    /// there rather than in the delegate stream): a time not seen before flashes the indicators.
    public func noteIndicatorFlash(_ time: Timestamp?) {
        guard let time, time != lastIndicatorFlash else { return }
        lastIndicatorFlash = time
        session.handle(.flashIndicators(at: time))
    }

    private var lastIndicatorFlash: Timestamp?

    /// Passes on a change of contentSize or contentInset the delegate stream did not carry
    /// (setContentSize and setContentInset send no message), so the next frame shows it.
    public func noteGeometry(_ state: ScrollViewState, contentInset: EdgeInsets) {
        guard state.contentSize != session.state.contentSize || contentInset != session.configuration.scrollView.contentInset else { return }
        session.handle(.geometryChanged(state: state, contentInset: contentInset))
    }

    /// Draws and presents the frame for `time` if anything changed since the last one, or the next
    /// band of a sharp redraw under way; true if a frame was presented.
    ///
    /// Where the frame is drawn: a whole frame straight into the display's back buffer when the
    /// output offers one (`DirectFrameOutput`), so presenting it is a flip, not a copy (a rotated
    /// frame is drawn in the scene's logical frame and turned into the back buffer: the turn is the
    /// one copy). A partial redraw (overlays, the bands of a sharp redraw) needs the last frame under
    /// it, and display memory is slow to read back (write-combined on most boards): it is drawn in
    /// the scene's logical frame, which keeps the last frame, and copied out at present. When the
    /// logical frame does not hold the last frame (it went straight to the display), the frame is
    /// drawn whole instead. A frame with the high-quality filter (and so a sharp redraw) is drawn in
    /// the logical frame from the start, for the same reason.
    @discardableResult
    public func update(at time: Timestamp) throws -> Bool {
        lastUpdate = time
        let description = session.frameToDraw(at: time)
        let sharpening = pendingSharp != nil
        guard description != nil || sharpening else { return false }
        let direct = output as? DirectFrameOutput
        var canvas: PixelBuffer?
        var back: PixelBuffer?
        // The scene's logical frame, when it holds the frame on screen (for a partial redraw).
        let logicalHoldsLastFrame = lastCanvasIsLogical
        func wholeCanvas(inMemory: Bool) throws -> PixelBuffer {
            if !inMemory, !scene.isRotated, let direct, let b = try direct.backBuffer() {
                back = b
                return b
            }
            return scene.logicalFrame
        }
        if let description {
            canvas = try draw(description, partialCanvas: logicalHoldsLastFrame ? scene.logicalFrame : nil, wholeCanvas: wholeCanvas)
        }
        // A band of a sharp redraw under way goes with every update, also one that redrew changed
        // overlays (a fading indicator changes every frame; the redraw must not wait for it). The
        // redraw lives in the logical frame (see above).
        if sharpening, let (target, sharpRows) = pendingSharp.map({ ($0.target, $0.sharpRows) }), case .inBands(let rows) = sharpRedraw,
           canvas.map(isLogicalFrame) ?? true {
            let frame = scene.logicalFrame
            let end = sharpRows + max(1, rows)
            scene.draw(target, within: [PixelRect(x: 0, y: sharpRows, width: frame.width, height: end - sharpRows)], on: frame)
            if end >= frame.height {
                pendingSharp = nil
                shown = target
            } else {
                pendingSharp = (target, end)
            }
            canvas = frame
        }
        guard let canvas else { return false }
        lastCanvasIsLogical = isLogicalFrame(canvas)
        if let b = back, canvas === b, let direct {
            try direct.presentBackBuffer()
        } else if scene.isRotated, let direct, let b = try direct.backBuffer() {
            scene.turn(canvas, into: b)
            try direct.presentBackBuffer()
        } else {
            try output.present(scene.panelOriented(canvas))
        }
        framesDrawn += 1
        return true
    }

    /// Whether `canvas` is the scene's logical frame (without making one).
    private func isLogicalFrame(_ canvas: PixelBuffer) -> Bool { scene.hasLogicalFrame && canvas === scene.logicalFrame }

    /// Whether the scene's logical frame holds the frame on screen (false after a frame drawn
    /// straight into the display).
    private var lastCanvasIsLogical = false

    /// Draws `description`: only its changed overlays on `partialCanvas` (the logical frame holding
    /// the last frame) when the content is where it was, else whole (or fast first, to be made sharp
    /// in bands) on the canvas `wholeCanvas` gives. Returns the canvas drawn on.
    private func draw(_ description: FrameDescription, partialCanvas: PixelBuffer?,
                      wholeCanvas: (_ inMemory: Bool) throws -> PixelBuffer) throws -> PixelBuffer {
        let headerHeight = scene.configuration.header?.height
        let width = scene.logicalSize.width, height = scene.logicalSize.height
        if let partialCanvas, let (target, sharpRows) = pendingSharp.map({ ($0.target, $0.sharpRows) }) {
            if let areas = FrameDamage.areas(from: target, to: description, frameWidth: width, headerHeight: headerHeight) {
                // Overlays only, over a frame half sharp: each part drawn at the quality it has.
                scene.draw(description, within: areas.compactMap { $0.clipped(rows: 0..<sharpRows) }, on: partialCanvas)
                scene.draw(Self.fast(description), within: areas.compactMap { $0.clipped(rows: sharpRows..<height) }, on: partialCanvas)
                pendingSharp = (description, sharpRows)
                return partialCanvas
            }
        } else if let partialCanvas, pendingSharp == nil, let shown,
                  let areas = FrameDamage.areas(from: shown, to: description, frameWidth: width, headerHeight: headerHeight) {
            scene.draw(description, within: areas, on: partialCanvas)
            self.shown = description
            return partialCanvas
        }
        // A frame with the high-quality filter is drawn in the logical frame: the redraws that
        // follow it (its sharp bands, the indicators' fade over it) are partial and find it there.
        let highQuality = description.content.filter == .convolution
        if case .inBands = sharpRedraw, highQuality {
            let canvas = try wholeCanvas(true)
            pendingSharp = (description, 0)
            shown = nil
            scene.draw(Self.fast(description), on: canvas)
            return canvas
        }
        let canvas = try wholeCanvas(highQuality)
        pendingSharp = nil
        shown = description
        scene.draw(description, on: canvas)
        return canvas
    }

    /// `description` with the fast filter in place of the high-quality one.
    private static func fast(_ description: FrameDescription) -> FrameDescription {
        var fast = description
        if fast.content.filter == .convolution { fast.content.filter = .bilinear }
        return fast
    }

    /// When to call `update` next without new input (nil: not until the next input): at once while
    /// a sharp redraw is under way (a live loop paces it at its frame interval).
    public func nextWakeup(after time: Timestamp) -> Timestamp? {
        if pendingSharp != nil { return time }
        return session.nextWakeup(after: time)
    }

    public func finish() throws { try output.finish() }
}
