#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Nice" axis ticks: steps of 1, 2 or 5 × 10ⁿ, about `target` of them across the range.
enum AxisTicks {
    static func ticks(from lower: Double, to upper: Double, target: Int = 6) -> [Double] {
        guard upper > lower, lower.isFinite, upper.isFinite else { return [lower] }
        let rough = (upper - lower) / Double(max(1, target))
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        var values: [Double] = []
        var value = (lower / step).rounded(.up) * step
        while value <= upper + step * 1e-9 {
            values.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return values
    }

    /// A tick label: as few decimals as the step needs.
    static func label(_ value: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : min(6, Int((-log10(step)).rounded(.up)))
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * Double(scale)).rounded())
        if scaled == 0 { return decimals == 0 ? "0" : "0." + String(repeating: "0", count: decimals) }
        let magnitude = scaled.magnitude
        var text = (scaled < 0 ? "-" : "") + String(magnitude / UInt64(scale))
        if decimals > 0 {
            let fraction = String(magnitude % UInt64(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
