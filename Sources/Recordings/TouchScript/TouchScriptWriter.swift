import ScrollEngine

/// Writes touch scripts deterministically: keys in a fixed order, integers for `t` and `slot`,
/// `x`/`y` rounded to 3 decimals with trailing zeros trimmed. The same frames give the same bytes.
public enum TouchScriptWriter {
    /// One line (without a newline) for one sample at `time`.
    public static func line(time: Timestamp, sample: TouchSample) -> String {
        "{\"t\": \(time.microseconds), \"slot\": \(sample.slot.rawValue), \"phase\": \"\(sample.phase.rawValue)\", "
            + "\"x\": \(DecimalText.format(sample.location.x)), \"y\": \(DecimalText.format(sample.location.y))}"
    }

    /// The whole script for `frames`, one line per sample, each line ending in `\n`; `comments`
    /// become leading `#` lines.
    public static func text(frames: [TouchFrame], comments: [String] = []) -> String {
        var out = ""
        for comment in comments { out += "# \(comment)\n" }
        for frame in frames {
            for sample in frame.samples { out += line(time: frame.time, sample: sample) + "\n" }
        }
        return out
    }
}

/// Decimal text for coordinates: at most 3 decimals, trailing zeros trimmed, never exponent
/// notation, `-0` written as `0`. Done with integer arithmetic (not `String(format:)`) so the
/// result is the same on every platform and locale.
public enum DecimalText {
    public static func format(_ value: Double, decimals: Int = 3) -> String {
        precondition((0...9).contains(decimals))
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else { return "0" }
        let integer = Int64(scaled)
        if integer == 0 { return "0" }
        let magnitude = integer.magnitude
        var text = (integer < 0 ? "-" : "") + String(magnitude / UInt64(scale))
        var fraction = magnitude % UInt64(scale)
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }
}
