/// The redraw after zooming as a state machine: while a zoom is in flight the renderer draws cheap
/// frames (the pyramid level nearest the current scale, nearest-neighbour), and redraws from the
/// level matching the final scale with the settled filter once scrollViewDidEndZooming arrives.
/// `renderedScale` is the scale the settled level was chosen for.
public enum ZoomRedraw: Hashable, Sendable {
    case settled(scale: Double)
    case zooming(renderedScale: Double)

    public enum Input: Hashable, Sendable {
        /// A pinch, bounce or animated zoom started.
        case zoomBegan
        /// scrollViewDidEndZooming(atScale:).
        case zoomEnded(atScale: Double)
        /// The scale was set without animation (didZoom outside any zoom).
        case scaleSet(Double)
    }

    public func after(_ input: Input) -> ZoomRedraw {
        switch (self, input) {
        case (.settled(let s), .zoomBegan): .zooming(renderedScale: s)
        case (.zooming, .zoomBegan): self
        case (_, .zoomEnded(let s)): .settled(scale: s)
        case (.settled, .scaleSet(let s)): .settled(scale: s)
        case (.zooming, .scaleSet): self
        }
    }

    /// A zoom is under way: frames are drawn the fast way.
    public var isInFlight: Bool {
        if case .zooming = self { true } else { false }
    }

    /// The scale whose pyramid level is sampled.
    public var renderedScale: Double {
        switch self {
        case .settled(let s), .zooming(let s): s
        }
    }
}
