import StreamOutput
import XCTest

final class JSONNumberFormatTests: XCTestCase {
    func testIntegersHaveNoDecimalPoint() {
        XCTAssertEqual(JSONNumberFormat.format(0), "0")
        XCTAssertEqual(JSONNumberFormat.format(12), "12")
        XCTAssertEqual(JSONNumberFormat.format(-1280), "-1280")
        XCTAssertEqual(JSONNumberFormat.format(20000.0004), "20000")
    }

    func testThreeDecimalsRoundedHalfAwayFromZeroWithTrailingZerosTrimmed() {
        XCTAssertEqual(JSONNumberFormat.format(0.1 + 0.2), "0.3")
        XCTAssertEqual(JSONNumberFormat.format(12.5), "12.5")
        XCTAssertEqual(JSONNumberFormat.format(-0.125), "-0.125")
        XCTAssertEqual(JSONNumberFormat.format(1133.99949), "1133.999")
        XCTAssertEqual(JSONNumberFormat.format(2.0625), "2.063")
        XCTAssertEqual(JSONNumberFormat.format(-2.0625), "-2.063")
        XCTAssertEqual(JSONNumberFormat.format(1.05), "1.05")
    }

    func testNeverAnExponent() {
        XCTAssertEqual(JSONNumberFormat.format(1e-5), "0")
        XCTAssertEqual(JSONNumberFormat.format(0.0009), "0.001")
        XCTAssertEqual(JSONNumberFormat.format(1.5e12), "1500000000000")
        XCTAssertEqual(JSONNumberFormat.format(1e300), "1000000000000000")
        XCTAssertEqual(JSONNumberFormat.format(-1e300), "-1000000000000000")
    }

    func testNegativeZeroIsZero() {
        XCTAssertEqual(JSONNumberFormat.format(-0.0), "0")
        XCTAssertEqual(JSONNumberFormat.format(-0.0004), "0")
    }

    func testNonFiniteValuesAreNull() {
        XCTAssertEqual(JSONNumberFormat.format(.nan), "null")
        XCTAssertEqual(JSONNumberFormat.format(.infinity), "null")
    }

    func testIntegersOfEveryRange() {
        var bytes: [UInt8] = []
        JSONNumberFormat.append(Int64.min, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "-9223372036854775808")
        // Every digit count, at both ends (the count is estimated from the bit length and settled by one
        // comparison with a power of ten; the digits are written in pairs).
        var power: Int64 = 1
        for digits in 1...18 {
            for value in [power, power * 10 - 1, -(power * 10 - 1)] {
                bytes.removeAll()
                JSONNumberFormat.append(value, to: &bytes)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value), "\(digits) digits")
            }
            power *= 10
        }
        bytes.removeAll()
        JSONNumberFormat.append(Int64.max, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "9223372036854775807")
    }

    /// Every value up to 200 000, a sweep on to 10^8 (the range of offsets and times), and each side of
    /// every power of ten up to 10^9, as decimal text has them.
    func testIntegersBelowAHundredMillionDigitByDigit() {
        var bytes: [UInt8] = []
        var values = Array(Int64(0)...200_000) + Array(stride(from: Int64(200_001), to: 100_000_000, by: 9_973))
        var power: Int64 = 10
        while power <= 1_000_000_000 {
            values += [power - 1, power, power + 1, -(power - 1), -power]
            power *= 10
        }
        for value in values {
            bytes.removeAll(keepingCapacity: true)
            JSONNumberFormat.append(value, to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != String(value) {
                XCTFail("\(value) written as \(String(decoding: bytes, as: UTF8.self))")
                return
            }
        }
        // With a fraction, as offsets are written.
        XCTAssertEqual(JSONNumberFormat.format(99_999_999.125), "99999999.125")
        XCTAssertEqual(JSONNumberFormat.format(-5_760.034), "-5760.034")
        XCTAssertEqual(JSONNumberFormat.format(100_000_000.5), "100000000.5")
    }

    /// Every thousandth up to 300 (every integer part of up to three digits with every fraction), a
    /// sweep on to 99999.999, and each side of 10^5 (where the eight-digits-at-once way hands over to
    /// the pair-by-pair one), against the decimal text integer arithmetic gives.
    func testThousandthsBelowAHundredThousandAgainstIntegerArithmetic() {
        func expected(_ thousandths: Int64) -> String {
            let magnitude = thousandths.magnitude
            var text = (thousandths < 0 ? "-" : "") + String(magnitude / 1000)
            guard magnitude % 1000 != 0 else { return text }
            var decimals = String(magnitude % 1000)
            while decimals.count < 3 { decimals = "0" + decimals }
            while decimals.hasSuffix("0") { decimals.removeLast() }
            text += "." + decimals
            return text
        }
        var values = Array(Int64(0)..<300_000) + Array(stride(from: Int64(300_000), to: 100_000_000, by: 997))
        values += [99_999_999, 100_000_000, 100_000_001, 100_000_010, 123_456_789_000, 999_999_999_999]
        values += values.filter { $0 % 7 == 0 }.map { -$0 }
        var failures = 0
        for thousandths in values {
            let value = Double(thousandths) / 1000
            let written = JSONNumberFormat.format(value)
            if written != expected(thousandths) {
                XCTFail("\(value) written as \(written), expected \(expected(thousandths))")
                failures += 1
                if failures > 10 { return }
            }
        }
    }

    func testRoundingHalfAwayFromZeroAtTheThousandth() {
        XCTAssertEqual(JSONNumberFormat.format(0.0005), "0.001")
        XCTAssertEqual(JSONNumberFormat.format(-0.0005), "-0.001")
        XCTAssertEqual(JSONNumberFormat.format((0.0005).nextDown), "0")   // × 1000 = 0.4999999999999999
        XCTAssertEqual(JSONNumberFormat.format(-(0.0005).nextDown), "0")
        XCTAssertEqual(JSONNumberFormat.format(2.5e-3), "0.003")
        XCTAssertEqual(JSONNumberFormat.format(4503599627370.4966), "4503599627370.497")
        XCTAssertEqual(JSONNumberFormat.format(999_999_999_999.9995), "1000000000000")
        XCTAssertEqual(JSONNumberFormat.format(1e15), "1000000000000000")
    }
}
