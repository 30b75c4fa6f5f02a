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
    }
}
