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
        for e in events {
            if case .recentered(let shift) = e.message {
                // The engine moved the offset by `shift`; the renderer's delta is what was taken away.
                session.handle(.recentred(by: Point(x: -shift.x, y: -shift.y), event: e))
            } else {
                session.handle(.event(e))
            }
        }
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
    /// Where the frame is drawn: straight into the display's back buffer when the output offers one
    /// (`DirectFrameOutput`), so presenting it is a flip, not a copy; a rotated frame is drawn in the
    /// scene's logical frame and turned into the back buffer (the turn is the one copy). Otherwise in
    /// the scene's frame, which `present` copies.
    @discardableResult
    public func update(at time: Timestamp) throws -> Bool {
        lastUpdate = time
        let description = session.frameToDraw(at: time)
        let sharpening = pendingSharp != nil
        guard description != nil || sharpening else { return false }
        let direct = output as? DirectFrameOutput
        let back = try direct?.backBuffer()
        let canvas = back.flatMap { scene.isRotated ? nil : $0 } ?? scene.logicalFrame
        var holdsLastFrame = canvas === lastCanvas
        // A partial redraw changes some pixels of the last frame: a back buffer that holds the frame
        // before it gets the last one copied in first.
        func keepLastFrame() {
            guard !holdsLastFrame else { return }
            if let lastCanvas { canvas.copy(from: lastCanvas) }
            holdsLastFrame = true
        }
        if let description, draw(description, on: canvas, keepLastFrame: keepLastFrame) {
            holdsLastFrame = true  // drawn whole: the canvas holds this frame now
        }
        // A band of a sharp redraw under way goes with every update, also one that redrew changed
        // overlays (a fading indicator changes every frame; the redraw must not wait for it).
        if sharpening, let (target, sharpRows) = pendingSharp.map({ ($0.target, $0.sharpRows) }), case .inBands(let rows) = sharpRedraw {
            keepLastFrame()
            let end = sharpRows + max(1, rows)
            scene.draw(target, within: [PixelRect(x: 0, y: sharpRows, width: canvas.width, height: end - sharpRows)], on: canvas)
            if end >= canvas.height {
                pendingSharp = nil
                shown = target
            } else {
                pendingSharp = (target, end)
            }
        }
        lastCanvas = canvas
        if let back, let direct {
            if canvas !== back { scene.turn(canvas, into: back) }
            try direct.presentBackBuffer()
        } else {
            try output.present(scene.panelOriented(canvas))
        }
        framesDrawn += 1
        return true
    }

    /// The buffer that holds the frame on screen (in the logical orientation).
    private var lastCanvas: PixelBuffer?

    /// Draws `description` on `canvas`: only its changed overlays when the content is where it was
    /// (after `keepLastFrame`), else whole (or fast first, to be made sharp in bands). True when it
    /// drew the whole frame.
    private func draw(_ description: FrameDescription, on canvas: PixelBuffer, keepLastFrame: () -> Void) -> Bool {
        let headerHeight = scene.configuration.header?.height
        let width = canvas.width
        if let (target, sharpRows) = pendingSharp.map({ ($0.target, $0.sharpRows) }) {
            if let areas = FrameDamage.areas(from: target, to: description, frameWidth: width, headerHeight: headerHeight) {
                // Overlays only, over a frame half sharp: each part drawn at the quality it has.
                keepLastFrame()
                scene.draw(description, within: areas.compactMap { $0.clipped(rows: 0..<sharpRows) }, on: canvas)
                scene.draw(Self.fast(description), within: areas.compactMap { $0.clipped(rows: sharpRows..<canvas.height) }, on: canvas)
                pendingSharp = (description, sharpRows)
                return false
            }
        } else if let shown, let areas = FrameDamage.areas(from: shown, to: description, frameWidth: width, headerHeight: headerHeight) {
            keepLastFrame()
            scene.draw(description, within: areas, on: canvas)
            self.shown = description
            return false
        }
        if case .inBands = sharpRedraw, description.content.filter == .convolution {
            pendingSharp = (description, 0)
            shown = nil
            scene.draw(Self.fast(description), on: canvas)
            return true
        }
        pendingSharp = nil
        shown = description
        scene.draw(description, on: canvas)
        return true
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
