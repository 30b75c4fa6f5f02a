import ScrollEngine

/// The one way numbers are written in the JSON Lines stream, so that a replay gives the same bytes
/// on every machine and every run:
///
/// - rounded to 3 decimals (half away from zero, on `value × 1000` in IEEE double arithmetic,
///   which every platform computes identically);
/// - trailing zeros trimmed, no decimal point for integers (`12`, `12.5`, `-0.125`);
/// - never an exponent; `-0` (and anything that rounds to it) is written `0`;
/// - magnitudes beyond 10^15 are clamped to ±1000000000000000; NaN and infinities, which JSON
///   cannot carry, are written `null`.
///
/// Written by hand because Swift's `description` of a Double prints the shortest round-trip
/// form (`0.30000000000000004`, `1e-05`), which is neither rounded nor exponent-free.
public enum JSONNumberFormat {
    public static let clampMagnitude: Double = 1e15
    /// The most bytes a number takes: a sign, 16 digits, a point and 3 digits (an `Int64`: 20).
    static let maximumLength = 21

    public static func format(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        bytes.appendBytes(upTo: maximumLength) { append(value, to: &$0) }
    }

    /// The same, gathered in `bytes`.
    @inline(__always) static func append(_ value: Double, to bytes: inout StackBytes) {
        bytes.withCursor { append(value, to: &$0) }
    }

    /// The same at a cursor with room for `maximumLength` bytes (a sign, 16 digits, a point and 3 digits).
    static func append(_ value: Double, to bytes: inout ByteCursor) {
        guard value.isFinite else {
            bytes.append("null")
            return
        }
        let clamped = min(max(value, -clampMagnitude), clampMagnitude)
        // Without a call to libm's round(): |clamped × 1000| ≤ 10^18 < 2^63.
        let thousandths = Int64(roundingHalfAwayFromZero: clamped * 1000)
        if thousandths == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = thousandths.magnitude
        // Offsets, points and velocities are nearly always below 10^5: all their digits at once.
        if magnitude < 100_000_000 { return bytes.appendThousandths(magnitude) }
        bytes.appendDigits(magnitude / 1000)
        let fraction = magnitude % 1000
        guard fraction != 0 else { return }
        bytes.appendFraction(thousandths: fraction)
    }

    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.appendBytes(upTo: maximumLength) { append(value, to: &$0) }
    }

    /// The same, gathered in `bytes`.
    @inline(__always) static func append(_ value: Int64, to bytes: inout StackBytes) {
        bytes.withCursor { append(value, to: &$0) }
    }

    /// The same at a cursor with room for 20 bytes.
    @inline(__always) static func append(_ value: Int64, to bytes: inout ByteCursor) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDigits(value.magnitude)
    }
}
