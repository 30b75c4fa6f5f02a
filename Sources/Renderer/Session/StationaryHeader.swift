import ScrollEngine

/// A header pinned to the top of the screen (the stationary view of WWDC's ScrollView techniques): it does not scroll
/// horizontally and does not zoom. The content is laid out below it, so the scroll view's content
/// height is the zoomed content plus `height`.
public struct StationaryHeader: Hashable, Sendable {
    public enum Fill: Hashable, Sendable {
        case color(Color)
        /// A PNG drawn at the header's top-left corner, unscaled, over `background`.
        case image(path: String, background: Color)
    }

    public var height: Double
    public var fill: Fill
    /// Seconds the header takes to slide away or back.
    public var slideDuration: Double = 0.2

    public init(height: Double, fill: Fill = .color(Color(rgb: 0xF2F2F7)), slideDuration: Double = 0.2) {
        self.height = height
        self.fill = fill
        self.slideDuration = slideDuration
    }
}

/// Whether the stationary header is out: an explicit state machine. It hides when the user
/// drags down into the content and comes back on any other interaction (dragging back up, a
/// touch or tap, a zoom, scroll to top, reaching the top).
public enum HeaderVisibility: Hashable, Sendable {
    case shown(since: Timestamp)
    case hidden(since: Timestamp)

    public enum Input: Hashable, Sendable {
        /// The user dragged the content up (contentOffset.y grew) while below the top.
        case draggedIntoContent(at: Timestamp)
        /// Anything else the user did, or the content reached the top.
        case otherInteraction(at: Timestamp)
    }

    public func after(_ input: Input) -> HeaderVisibility {
        switch (self, input) {
        case (.shown, .draggedIntoContent(let t)): .hidden(since: t)
        case (.hidden, .otherInteraction(let t)): .shown(since: t)
        case (.hidden, .draggedIntoContent), (.shown, .otherInteraction): self
        }
    }

    /// How far the header has slid up out of view: 0 fully shown … 1 fully hidden.
    public func slide(at time: Timestamp, duration: Double) -> Double {
        switch self {
        case .shown(let since):
            return 1 - progress(since, time, duration)
        case .hidden(let since):
            return progress(since, time, duration)
        }
    }

    private func progress(_ since: Timestamp, _ time: Timestamp, _ duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        return (time.seconds(since: since) / duration).clamped(to: 0...1)
    }

    /// The next instant the slide changes (one per frame while sliding), or nil.
    public func nextChange(after time: Timestamp, duration: Double) -> Timestamp? {
        let since: Timestamp
        switch self { case .shown(let s), .hidden(let s): since = s }
        let end = since.adding(seconds: duration)
        guard time < end else { return nil }
        let next = time.adding(microseconds: 16_667)
        return next < end ? next : end
    }
}
