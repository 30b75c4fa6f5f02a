/// A JSON number as read: its nearest `Double`, and, when it is a whole number that `Int64` holds,
/// that integer, exactly as written (as serde_json's `Number` keeps an integer apart from a float).
/// A `Double` alone would round an integer literal beyond 2^53 (`9007199254740993` reads as
/// …992), so a touch script's microsecond time or a request's id would change on the way in.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The nearest `Double` (`-0` stays -0.0).
    public let double: Double
    /// The number as an `Int64` when it is whole and within Int64's range: exact for an integer
    /// literal, else the Double's value (`1.0`, `1e3`; `-0` and `-0.0` are 0). Nil for a fraction
    /// and for a whole number beyond Int64.
    public let integer: Int64?

    /// A number from its Double value (what the writer is handed).
    public init(_ double: Double) {
        self.double = double
        integer = Self.wholeInteger(double)
    }

    /// A number as the parser read it: `text` is a valid JSON number literal.
    init?(literal text: String, isIntegerLiteral: Bool) {
        guard let double = Double(text) else { return nil }
        self.double = double
        if isIntegerLiteral, let exact = Int64(text) {
            integer = exact
        } else {
            integer = Self.wholeInteger(double)
        }
    }

    /// `value` as an Int64 when it is whole and |value| < 2^63.
    private static func wholeInteger(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 0x1p63 ? Int64(value) : nil
    }

    /// The integer's digits, or the Double's shortest text that reads back as the same Double
    /// (`0.5`, `1e+20`, `inf`): how a number is quoted in an error message.
    public var description: String {
        if let integer { return "\(integer)" }
        return "\(double)"
    }
}
