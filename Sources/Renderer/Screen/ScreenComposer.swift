import CPixman
import ScrollEngine

/// Draws a screen of scroll views: each view's content in its frame, clipped to it and to every
/// frame around it; the views inside a view's content over that content, later siblings over
/// earlier ones; each view's scroll indicators over its content and the views inside it (UIKit
/// keeps a scroll view's indicators in front of its subviews). Only the damaged rectangle is
/// drawn; the rest of the frame keeps what the previous draw left there.
///
/// Clipping is the frame's clip (`PixelBuffer.clip(to:)`), set for each view to its rectangle: the
/// one-view drawing functions (`ContentDrawing`, `IndicatorDrawing`, `DebugViewDrawing`) draw
/// through it unchanged, in screen coordinates.
public final class ScreenComposer {
    struct Entry {
        let configuration: RendererConfiguration
        let content: ContentImage
        let children: [Int]
    }

    let entries: [Entry]
    private let roots: [Int]
    public let rotation: ScreenRotation
    public let panelSize: PixelSize
    /// The frame in the screen's orientation.
    public let logicalFrame: PixelBuffer
    private let panelFrame: PixelBuffer?
    /// What shows where no scroll view is: UIKit's light systemBackground.
    public var screenBackground = Color(rgb: 0xFFFFFF)

    public init(views: [ScreenView], rotation: ScreenRotation, panelSize: PixelSize) {
        let flat = ScreenView.flatten(views)
        entries = flat.enumerated().map { i, item in
            Entry(configuration: item.view.configuration, content: item.view.content,
                  children: flat.indices.filter { flat[$0].parent == i })
        }
        roots = flat.indices.filter { flat[$0].parent == nil }
        self.rotation = rotation
        self.panelSize = panelSize
        self.logicalFrame = PixelBuffer(size: rotation.logicalSize(panel: panelSize))
        self.panelFrame = rotation == .none ? nil : PixelBuffer(size: panelSize)
    }

    /// Draws the part `damage` of the screen for `views` (one per view, in the session's order)
    /// and returns the panel-oriented frame (valid until the next draw).
    @discardableResult
    public func draw(_ views: [ViewFrame], damage: PixelRect) -> PixelBuffer {
        let frame = logicalFrame
        let area = damage.intersection(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        if !area.isEmpty {
            clip(frame, to: area)
            frame.fill(screenBackground, x: area.x, y: area.y, width: area.width, height: area.height)
            for root in roots { draw(root, views, within: area, into: frame) }
            frame.clip(to: nil)
        }
        guard let panelFrame else { return frame }
        rotation.rotate(frame, into: panelFrame)
        return panelFrame
    }

    private func draw(_ i: Int, _ views: [ViewFrame], within area: PixelRect, into frame: PixelBuffer) {
        let view = views[i], entry = entries[i]
        let region = view.clip.intersection(area)
        guard !region.isEmpty else { return }
        clip(frame, to: region)
        let background = entry.configuration.backgroundColor
        if let extent = view.repeatedExtent {
            drawRepeated(entry.content, at: view.content, extent: extent, background: background, region: region, into: frame)
        } else {
            ContentDrawing.draw(entry.content, at: view.content, background: background, into: frame)
        }
        if view.showsDebugViews {
            DebugViewDrawing.draw(entry.configuration.scrollView.contentViews, placement: view.content,
                                  contentPointSize: entry.content.pointSize, into: frame)
        }
        for child in entry.children { draw(child, views, within: region, into: frame) }
        clip(frame, to: region)
        for knob in view.indicators {
            IndicatorDrawing.draw(knob, style: entry.configuration.indicators.indicatorStyle, into: frame)
        }
    }

    /// Content repeated in both directions over `extent` (screen pixels from the placement's
    /// origin), the background around it: one pixman composite with PIXMAN_REPEAT_NORMAL through
    /// the region clipped to the contentSize.
    private func drawRepeated(_ content: ContentImage, at placement: ContentPlacement, extent: Size, background: Color,
                              region: PixelRect, into frame: PixelBuffer) {
        frame.fill(background, x: region.x, y: region.y, width: region.width, height: region.height)
        let covered = region.intersection(PixelRect(rounding: Rect(origin: placement.origin, size: extent)))
        guard !covered.isEmpty else { return }
        clip(frame, to: covered)
        let level = content.levels[placement.level]
        let a = content.density(ofLevel: placement.level) / placement.scale
        var f = pixman_f_transform()
        f.m = ((a, 0, -placement.origin.x * a), (0, a, -placement.origin.y * a), (0, 0, 1))
        var t = pixman_transform()
        pixman_transform_from_pixman_f_transform(&t, &f)
        pixman_image_set_transform(level.image, &t)
        placement.filter.apply(to: level.image, sourcePixelsPerScreenPixel: a)
        pixman_image_set_repeat(level.image, PIXMAN_REPEAT_NORMAL)
        defer {
            pixman_image_set_transform(level.image, nil)
            pixman_image_set_repeat(level.image, PIXMAN_REPEAT_NONE)
            pixman_image_set_filter(level.image, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_composite32(content.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, level.image, nil, frame.image,
                                 Int32(covered.x), Int32(covered.y), 0, 0, Int32(covered.x), Int32(covered.y),
                                 Int32(covered.width), Int32(covered.height))
        clip(frame, to: region)
    }

    /// Restricts every following drawing into `frame` to `rect` (through the frame's own clip, which
    /// pixman and the renderer's direct pixel paths both honour).
    private func clip(_ frame: PixelBuffer, to rect: PixelRect) {
        frame.clip(to: [rect])
    }
}
