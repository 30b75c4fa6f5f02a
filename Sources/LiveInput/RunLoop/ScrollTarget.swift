import Playback
import ScrollEngine

/// What the live driver needs of a scroll view: the replay driver's engine interface plus the
/// keyboard and wheel entry points. `ScrollView` conforms; tests use a scripted fake.
public protocol ScrollTarget: PlaybackEngine {
    func handleKey(_ key: ScrollKey, at time: Timestamp)
    func scrollWheel(delta: Point, at time: Timestamp)
}

extension ScrollView: ScrollTarget {}

/// A screen of several scroll views is driven live as one is.
extension ScrollViewTree: ScrollTarget {}
