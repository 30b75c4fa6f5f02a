/// `--screenshot FILE`: keeps the last presented frame and writes it as a PNG at the end.
public final class ScreenshotOutput: FrameOutput {
    public let panelSize: PixelSize
    public let path: String
    private let last: PixelBuffer
    private var hasFrame = false

    /// Fails at once when `path` cannot be written (not after the last frame).
    public init(path: String, panelSize: PixelSize) throws {
        if let code = OutputPathCheck.writableFileError(path) {
            throw RendererError(.imageWrite, path: path, "cannot write the screenshot", errno: code)
        }
        self.path = path
        self.panelSize = panelSize
        self.last = PixelBuffer(size: panelSize)
    }

    public func present(_ frame: PixelBuffer) throws {
        last.copy(from: frame)
        hasFrame = true
    }

    public func finish() throws {
        guard hasFrame else { throw RendererError(.imageWrite, path: path, "no frame was drawn, so there is no screenshot to write") }
        try PNGFile.write(last, to: path)
    }
}
