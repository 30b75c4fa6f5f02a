import ScrollEngine

/// Whether the scroll indicators are showing, as an explicit state machine over event times.
/// Opacity is a function of a timestamp the caller passes in; nothing here reads a clock.
public enum IndicatorVisibility: Hashable, Sendable {
    case hidden
    /// Scrolling or zooming is under way: fully visible.
    case showing
    /// Scrolling stopped (or a flash was asked for) at `since`: visible for the fade delay, then
    /// fading out over the fade duration.
    case lingering(since: Timestamp)

    public enum Input: Hashable, Sendable {
        case scrollingBegan
        case scrollingEnded(at: Timestamp)
        /// flashScrollIndicators().
        case flash(at: Timestamp)
    }

    /// The one transition function. `.scrollingEnded` while already hidden or lingering changes
    /// nothing (it is not an error: every at-rest event reports it).
    public func after(_ input: Input) -> IndicatorVisibility {
        switch (self, input) {
        case (_, .scrollingBegan): .showing
        case (.showing, .scrollingEnded(let t)): .lingering(since: t)
        case (.hidden, .scrollingEnded), (.lingering, .scrollingEnded): self
        case (.showing, .flash): self
        case (_, .flash(let t)): .lingering(since: t)
        }
    }

    /// Opacity 0…1 at `time`.
    public func opacity(at time: Timestamp, settings: IndicatorSettings) -> Double {
        switch self {
        case .hidden: return 0
        case .showing: return 1
        case .lingering(let since):
            let elapsed = time.seconds(since: since) - settings.fadeDelay
            if elapsed <= 0 { return 1 }
            if elapsed >= settings.fadeDuration { return 0 }
            return 1 - elapsed / settings.fadeDuration
        }
    }

    /// When the opacity next changes after `time` (nil: it stays as it is until the next input).
    /// During the fade the run loop asks for every frame; before it, one wake-up at its start.
    public func nextChange(after time: Timestamp, settings: IndicatorSettings) -> Timestamp? {
        guard case .lingering(let since) = self else { return nil }
        let fadeStart = since.adding(seconds: settings.fadeDelay)
        let fadeEnd = fadeStart.adding(seconds: settings.fadeDuration)
        if time < fadeStart { return fadeStart }
        if time < fadeEnd { return time.adding(microseconds: 16_667) < fadeEnd ? time.adding(microseconds: 16_667) : fadeEnd }
        return nil
    }
}
