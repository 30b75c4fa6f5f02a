/// Seed 002's "redraw after zooming" as a state machine: while a zoom is in flight the renderer
/// keeps sampling the pyramid level it chose at the last settled scale (a scaled copy, as UIKit
/// scales the zoom view's layer), and redraws from the level matching the final scale once
/// scrollViewDidEndZooming arrives.
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

    /// A zoom is under way: the old level is being scaled.
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
