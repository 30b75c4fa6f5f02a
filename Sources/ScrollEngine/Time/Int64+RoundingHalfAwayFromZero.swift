extension Int64 {
    /// `value.rounded()` (half away from zero, `.toNearestOrAwayFromZero`) as an Int64, without
    /// libm's round(), which x86-64 calls out to: truncating to Int64 is exact, and so is `value`
    /// minus the truncation (the two are within a factor of two of each other, or the truncation
    /// is 0; past 2^52 every double is an integer and the difference is 0); a remainder of at
    /// least one half moves it one away from zero. The same result as round() for every value an
    /// Int64 holds (a larger one, or NaN, traps, as `Int64(value.rounded())` does).
    ///
    /// The tick grid rounds every tick time with it, and the JSON writer every number it prints.
    ///
    /// Whether the remainder rounds up is as likely as not, so it is added as a 0 or 1 rather than
    /// branched on: a branch the processor cannot predict costs more than the whole conversion.
    @inlinable
    public init(roundingHalfAwayFromZero value: Double) {
        let whole = Int64(value)
        let rest = value - Double(whole)
        let up: Int64 = rest >= 0.5 ? 1 : 0
        let down: Int64 = rest <= -0.5 ? 1 : 0
        self = whole &+ up &- down
    }
}
