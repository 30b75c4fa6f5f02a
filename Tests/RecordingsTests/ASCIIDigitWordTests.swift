@testable import Recordings
import XCTest

/// Digits read as one word: every byte value in every lane is told apart correctly, and the values
/// are the decimal numbers the bytes spell.
final class ASCIIDigitWordTests: XCTestCase {
    private func word64(_ text: String) -> UInt64 {
        Array(text.utf8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    func testEveryByteInEveryLaneIsToldApart() {
        let digits = Array("31415926".utf8)
        for lane in 0..<8 {
            for byte in 0...255 {
                var bytes = digits
                bytes[lane] = UInt8(byte)
                let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                let isDigit = (0x30...0x39).contains(byte)
                XCTAssertEqual(ASCIIDigitWord.isDigits(word), isDigit, "byte \(byte) in lane \(lane)")
                if lane < 4 {
                    XCTAssertEqual(ASCIIDigitWord.isDigits(UInt32(truncatingIfNeeded: word)), isDigit, "byte \(byte) in lane \(lane)")
                }
            }
        }
    }

    func testValuesAreTheNumbersTheDigitsSpell() {
        for text in ["00000000", "00000001", "10000000", "31415926", "99999999", "01234567"] {
            XCTAssertEqual(ASCIIDigitWord.value(ofEight: word64(text)), UInt64(text), text)
            let four = String(text.prefix(4))
            XCTAssertEqual(ASCIIDigitWord.value(ofFour: UInt32(truncatingIfNeeded: word64(four))), UInt32(four), four)
        }
    }
}
