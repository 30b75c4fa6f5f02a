import CPixman
import ScrollEngine

/// Draws frame descriptions: content, debug outlines, header, indicators, into an XRGB8888 frame
/// of the logical size, then turns it onto the panel when the output is rotated.
public final class SceneRenderer {
    public let configuration: RendererConfiguration
    public let content: ContentImage
    public let panelSize: PixelSize
    /// The frame's size in the scroll view's orientation.
    public let logicalSize: PixelSize
    /// The frame in the scroll view's orientation, made when first drawn into: an unrotated frame
    /// drawn straight into a display's back buffer never needs it.
    public var logicalFrame: PixelBuffer {
        if let ownFrame { return ownFrame }
        let made = PixelBuffer(size: logicalSize)
        ownFrame = made
        return made
    }
    private var ownFrame: PixelBuffer?
    /// Whether `logicalFrame` has been made.
    var hasLogicalFrame: Bool { ownFrame != nil }
    /// The frame turned onto the panel for outputs that copy it (made when first needed).
    private var rotatedFrame: PixelBuffer?
    private let headerImage: PixelBuffer?
    /// The indicators' coverage masks, kept between frames.
    private let indicatorMasks = IndicatorMaskCache()

    public init(configuration: RendererConfiguration, content: ContentImage, panelSize: PixelSize) throws {
        self.configuration = configuration
        self.content = content
        self.panelSize = panelSize
        self.logicalSize = configuration.rotation.logicalSize(panel: panelSize)
        if case .image(let path, _)? = configuration.header?.fill {
            self.headerImage = try PNGFile.read(path: path)
        } else {
            self.headerImage = nil
        }
    }

    /// Draws `description` and returns the panel-oriented frame (valid until the next draw).
    @discardableResult
    public func draw(_ description: FrameDescription) -> PixelBuffer {
        draw(description, on: logicalFrame)
        return panelOriented(logicalFrame)
    }

    /// Draws only the rows `rows` of the logical frame (a band across the scroll view; the rest keeps
    /// what it had) and returns the panel-oriented frame.
    @discardableResult
    public func draw(_ description: FrameDescription, rows: Range<Int>) -> PixelBuffer {
        draw(description, within: [PixelRect(x: 0, y: rows.lowerBound, width: logicalSize.width, height: rows.count)])
    }

    /// Draws only inside `areas` of the logical frame (the rest keeps what it had) and returns the
    /// panel-oriented frame.
    @discardableResult
    public func draw(_ description: FrameDescription, within areas: [PixelRect]) -> PixelBuffer {
        draw(description, within: areas, on: logicalFrame)
        return panelOriented(logicalFrame)
    }

    /// Draws `description` whole on `canvas`: the logical frame, or a display's back buffer of the
    /// logical size (an unrotated panel).
    func draw(_ description: FrameDescription, on canvas: PixelBuffer) {
        precondition(canvas.size == logicalSize, "canvas \(canvas.size) for a \(logicalSize) scene")
        drawScene(description, into: canvas)
    }

    /// Draws `description` on `canvas` inside `areas` only. The pixels inside are exactly those a
    /// whole draw gives them: every drawing step is clipped to the areas (a pixman clip region on the
    /// canvas), none is approximated.
    func draw(_ description: FrameDescription, within areas: [PixelRect], on canvas: PixelBuffer) {
        precondition(canvas.size == logicalSize, "canvas \(canvas.size) for a \(logicalSize) scene")
        canvas.drawing(within: areas) { drawScene(description, into: canvas) }
    }

    /// Whether frames are turned onto the panel (a rotated screen).
    var isRotated: Bool { configuration.rotation != .none }

    /// Turns `canvas` (logical orientation) onto the panel into `target` (panel-sized).
    func turn(_ canvas: PixelBuffer, into target: PixelBuffer) {
        configuration.rotation.rotate(canvas, into: target)
    }

    /// `canvas` turned onto the panel: itself when the output is not rotated, else the rotated frame.
    func panelOriented(_ canvas: PixelBuffer) -> PixelBuffer {
        guard isRotated else { return canvas }
        let target = rotatedFrame ?? PixelBuffer(size: panelSize)
        rotatedFrame = target
        configuration.rotation.rotate(canvas, into: target)
        return target
    }

    private func drawScene(_ description: FrameDescription, into frame: PixelBuffer) {
        ContentDrawing.draw(content, at: description.content, background: configuration.backgroundColor, into: frame)
        if description.showsDebugViews {
            DebugViewDrawing.draw(configuration.scrollView.contentViews, placement: description.content,
                                  contentPointSize: content.pointSize, into: frame)
        }
        if let top = description.headerTop, let header = configuration.header {
            drawHeader(header, top: top, into: frame)
        }
        for knob in description.indicators {
            IndicatorDrawing.draw(knob, style: configuration.indicators.indicatorStyle, into: frame, masks: indicatorMasks)
        }
    }

    private func drawHeader(_ header: StationaryHeader, top: Int, into frame: PixelBuffer) {
        let height = Int(header.height.rounded())
        guard top + height > 0 else { return }
        switch header.fill {
        case .color(let color):
            frame.fill(color, x: 0, y: max(0, top), width: frame.width, height: min(height, top + height))
        case .image(_, let background):
            frame.fill(background, x: 0, y: max(0, top), width: frame.width, height: min(height, top + height))
            if let headerImage {
                let w = min(headerImage.width, frame.width), h = min(headerImage.height, height)
                let y0 = max(0, top)
                let skipped = y0 - top
                if h - skipped > 0 {
                    pixman_image_composite32(PIXMAN_OP_OVER, headerImage.image, nil, frame.image, 0, Int32(skipped), 0, 0, 0, Int32(y0), Int32(w), Int32(h - skipped))
                }
            }
        }
    }
}
