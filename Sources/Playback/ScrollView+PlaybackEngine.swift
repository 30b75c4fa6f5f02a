import ScrollEngine

/// The real engine is what playback drives.
extension ScrollView: PlaybackEngine {}
