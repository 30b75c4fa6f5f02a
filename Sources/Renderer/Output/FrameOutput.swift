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
