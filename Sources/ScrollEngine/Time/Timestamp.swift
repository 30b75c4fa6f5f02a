/// An instant on the engine's clock, in whole microseconds from an arbitrary origin.
///
/// The engine never reads a clock: every input carries one of these, and animations move only
/// when the caller advances time. Replays use a virtual clock; the live loop feeds CLOCK_MONOTONIC.
///
/// Conversions from `Double` come in two kinds:
/// - the *checked* ones (`init?(exactlySeconds:)`, `init?(exactlyMilliseconds:)`,
///   `adding(exactlySeconds:)`) return nil for a non-finite value or one past what an `Int64` of
///   microseconds holds; readers, the configuration and the command line use them, so a bad time
///   becomes an error with its file, line or option instead of a trap;
/// - the *saturating* ones (`seconds(_:)`, `milliseconds(_:)`, `adding(seconds:)`,
///   `adding(microseconds:)`) never trap: a value past the ends sticks at `Timestamp.earliest` /
///   `Timestamp.latest`, and NaN adds nothing. The engine uses these for durations it computed itself;
///   inputs inside `maximumInputSeconds` keep every sum far from the ends.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    public static let zero = Timestamp(microseconds: 0)
    /// The latest and earliest instants a Timestamp holds (about ±292 000 years).
    public static let latest = Timestamp(microseconds: .max)
    public static let earliest = Timestamp(microseconds: .min)

    /// The largest time, in seconds from the origin, that any input may carry (recordings, touch
    /// scripts, `--from`/`--to`): 2^40 s, about 34 800 years. Inputs stay within ±this, so the
    /// engine's sums of input times and animation durations stay far from the ends of an Int64.
    public static let maximumInputSeconds: Int64 = 1 << 40
    /// `maximumInputSeconds` in microseconds.
    public static let maximumInputMicroseconds: Int64 = maximumInputSeconds * 1_000_000

    /// Whether `microseconds` lies within ±`maximumInputMicroseconds`.
    public static func isValidInput(microseconds: Int64) -> Bool {
        microseconds >= -maximumInputMicroseconds && microseconds <= maximumInputMicroseconds
    }

    // MARK: Checked conversions (for values from outside)

    /// `s` seconds, or nil when `s` is not finite or past what a Timestamp holds.
    public init?(exactlySeconds s: Double) {
        guard let us = Self.checkedMicroseconds(s * 1_000_000) else { return nil }
        self.init(microseconds: us)
    }

    /// `ms` milliseconds, or nil when `ms` is not finite or past what a Timestamp holds.
    public init?(exactlyMilliseconds ms: Double) {
        guard let us = Self.checkedMicroseconds(ms * 1000) else { return nil }
        self.init(microseconds: us)
    }

    /// This instant plus `s` seconds, or nil when `s` is not finite or the sum leaves the range.
    public func adding(exactlySeconds s: Double) -> Timestamp? {
        guard let us = Self.checkedMicroseconds(s * 1_000_000) else { return nil }
        let (sum, overflow) = microseconds.addingReportingOverflow(us)
        return overflow ? nil : Timestamp(microseconds: sum)
    }

    /// `value` rounded to whole microseconds when it fits an Int64 (±9.22e18), else nil.
    static func checkedMicroseconds(_ value: Double) -> Int64? {
        let rounded = value.rounded()
        // 2^63 is exactly representable; every Double below it in magnitude converts without trapping.
        guard rounded.isFinite, rounded > -9_223_372_036_854_775_808.0, rounded < 9_223_372_036_854_775_808.0 else { return nil }
        return Int64(rounded)
    }

    /// `value` rounded to whole microseconds, stuck at the ends of an Int64 when past them; NaN is 0.
    static func saturatingMicroseconds(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        return checkedMicroseconds(value) ?? (value < 0 ? .min : .max)
    }

    // MARK: Saturating conversions (never trap)

    public static func milliseconds(_ ms: Double) -> Timestamp {
        Timestamp(microseconds: saturatingMicroseconds(ms * 1000))
    }

    public static func seconds(_ s: Double) -> Timestamp {
        Timestamp(microseconds: saturatingMicroseconds(s * 1_000_000))
    }

    /// Seconds since the origin, as a Double (for the physics' closed forms).
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    /// Seconds from `earlier` to `self` (negative if `earlier` is later).
    public func seconds(since earlier: Timestamp) -> Double {
        let (difference, overflow) = microseconds.subtractingReportingOverflow(earlier.microseconds)
        if overflow { return (Double(microseconds) - Double(earlier.microseconds)) / 1_000_000 }
        return Double(difference) / 1_000_000
    }

    /// This instant plus `s` seconds, stuck at `Timestamp.earliest`/`latest` past the ends (NaN adds nothing).
    public func adding(seconds s: Double) -> Timestamp {
        adding(microseconds: Self.saturatingMicroseconds(s * 1_000_000))
    }

    /// This instant plus `us` microseconds, stuck at `Timestamp.earliest`/`latest` past the ends.
    public func adding(microseconds us: Int64) -> Timestamp {
        let (sum, overflow) = microseconds.addingReportingOverflow(us)
        if overflow { return us < 0 ? .earliest : .latest }
        return Timestamp(microseconds: sum)
    }

    public var description: String { "\(microseconds)µs" }
}
