/// Several outputs showing the same frames (e.g. a DRM display and a `--screenshot`), all of one size.
public final class FanOutOutput: FrameOutput {
    public let outputs: [FrameOutput]
    public let panelSize: PixelSize

    public init(_ outputs: [FrameOutput]) throws {
        guard let first = outputs.first else {
            throw RendererError(.invalidConfiguration, path: "-", "no output: give --png, --screenshot, --fb or --drm")
        }
        for o in outputs where o.panelSize != first.panelSize {
            throw RendererError(.invalidConfiguration, path: "-", "outputs of different sizes: \(first.panelSize) and \(o.panelSize)")
        }
        self.outputs = outputs
        self.panelSize = first.panelSize
    }

    public func present(_ frame: PixelBuffer) throws { for o in outputs { try o.present(frame) } }
    public func finish() throws { for o in outputs { try o.finish() } }
    public func setBlanked(_ blanked: Bool) throws { for o in outputs { try o.setBlanked(blanked) } }
}
