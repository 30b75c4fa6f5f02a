import ScrollEngine

/// A screen of several scroll views is driven exactly as one scroll view is.
extension ScrollViewTree: PlaybackEngine {}
