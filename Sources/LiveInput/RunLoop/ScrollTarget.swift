import ScrollEngine

/// What the live driver needs of a scroll view: the replay driver's engine interface
/// (`Playback.PlaybackEngine`, repeated here so this module declares no conformance the replay
/// command might declare too) plus the keyboard and wheel entry points. `ScrollView` conforms;
/// tests use a scripted fake.
public protocol ScrollTarget: AnyObject {
    func handle(_ frame: TouchFrame)
    func advance(to time: Timestamp)
    var isAnimating: Bool { get }
    var nextTimerDeadline: Timestamp? { get }
    var isAtRest: Bool { get }
    func drainEvents() -> [DelegateEvent]
    func handleKey(_ key: ScrollKey, at time: Timestamp)
    func scrollWheel(delta: Point, at time: Timestamp)
}

extension ScrollView: ScrollTarget {}
