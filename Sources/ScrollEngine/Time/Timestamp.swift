/// An instant on the engine's clock, in whole microseconds from an arbitrary origin.
///
/// The engine never reads a clock: every input carries one of these, and animations move only
/// when the caller advances time. Replays use a virtual clock; the live loop feeds CLOCK_MONOTONIC.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    public static let zero = Timestamp(microseconds: 0)

    public static func milliseconds(_ ms: Double) -> Timestamp {
        Timestamp(microseconds: Int64((ms * 1000).rounded()))
    }

    public static func seconds(_ s: Double) -> Timestamp {
        Timestamp(microseconds: Int64((s * 1_000_000).rounded()))
    }

    /// Seconds since the origin, as a Double (for the physics' closed forms).
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    /// Seconds from `earlier` to `self` (negative if `earlier` is later).
    public func seconds(since earlier: Timestamp) -> Double {
        Double(microseconds - earlier.microseconds) / 1_000_000
    }

    public func adding(seconds s: Double) -> Timestamp {
        Timestamp(microseconds: microseconds + Int64((s * 1_000_000).rounded()))
    }

    public func adding(microseconds us: Int64) -> Timestamp {
        Timestamp(microseconds: microseconds + us)
    }

    public var description: String { "\(microseconds)µs" }
}
