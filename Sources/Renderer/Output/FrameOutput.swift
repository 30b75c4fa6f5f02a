/// Where finished frames go: PNG files, an fbdev framebuffer, a DRM/KMS display.
public protocol FrameOutput: AnyObject {
    /// The panel's size in pixels (what the renderer draws after rotation).
    var panelSize: PixelSize { get }
    /// Shows (or stores) a frame of `panelSize` in XRGB8888.
    func present(_ frame: PixelBuffer) throws
    /// Called once after the last frame (the screenshot output writes its file here).
    func finish() throws
}
