/// Where finished frames go: PNG files, an fbdev framebuffer, a DRM/KMS display.
public protocol FrameOutput: AnyObject {
    /// The panel's size in pixels (what the renderer draws after rotation).
    var panelSize: PixelSize { get }
    /// Shows (or stores) a frame of `panelSize` in XRGB8888.
    func present(_ frame: PixelBuffer) throws
    /// Called once after the last frame (the screenshot output writes its file here).
    func finish() throws
    /// Powers the panel down (true) or up again (false), keeping the frame it shows: DRM's
    /// connector DPMS property, fbdev's FBIOBLANK. Outputs without a panel (files) do nothing.
    func setBlanked(_ blanked: Bool) throws
}

extension FrameOutput {
    public func setBlanked(_ blanked: Bool) throws {}
}

/// An output whose display memory the renderer can draw into directly: the next frame is drawn in
/// the hidden buffer of a double-buffered display and shown by flipping to it, so no copy of the
/// whole frame is made at present (fbdev's second half with FBIOPAN_DISPLAY, a DRM dumb buffer with a
/// page flip).
public protocol DirectFrameOutput: FrameOutput {
    /// The buffer the next frame may be drawn into (panel-sized XRGB8888; it does not hold the frame
    /// on screen), or nil when this output cannot take one now (another pixel format, a single
    /// buffer that is being scanned out): then the frame goes through `present`. Waits for a page
    /// flip still pending on it.
    func backBuffer() throws -> PixelBuffer?
    /// Shows what was drawn into the buffer the last `backBuffer()` returned.
    func presentBackBuffer() throws
}
