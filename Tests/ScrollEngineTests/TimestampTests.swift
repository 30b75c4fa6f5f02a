import ScrollEngine
import XCTest

/// Converting times from Double never traps: the checked conversions say nil for what a
/// Timestamp cannot hold, the saturating ones stick at its ends.
final class TimestampTests: XCTestCase {
    func testCheckedConversionsRefuseWhatATimestampCannotHold() {
        XCTAssertEqual(Timestamp(exactlySeconds: 1.5), Timestamp(microseconds: 1_500_000))
        XCTAssertEqual(Timestamp(exactlyMilliseconds: -2.0004), Timestamp(microseconds: -2000))
        for value in [Double.nan, .infinity, -.infinity, 1e15, -1e15, 9.3e12] {
            XCTAssertNil(Timestamp(exactlySeconds: value), "\(value)")
        }
        XCTAssertNotNil(Timestamp(exactlySeconds: 9.2e12))
        XCTAssertNil(Timestamp(exactlyMilliseconds: 1e300))
        XCTAssertNil(Timestamp(microseconds: .max - 100).adding(exactlySeconds: 0.15))
        XCTAssertEqual(Timestamp.zero.adding(exactlySeconds: 2), Timestamp(microseconds: 2_000_000))
    }

    /// A minimum press duration of 1e15 s used to trap in `adding(seconds:)`.
    func testSaturatingConversionsStickAtTheEnds() {
        XCTAssertEqual(Timestamp.zero.adding(seconds: 1e15), .latest)
        XCTAssertEqual(Timestamp.zero.adding(seconds: -.infinity), .earliest)
        XCTAssertEqual(Timestamp(microseconds: 7).adding(seconds: .nan), Timestamp(microseconds: 7))
        XCTAssertEqual(Timestamp(microseconds: .max - 100).adding(microseconds: 1000), .latest)
        XCTAssertEqual(Timestamp.seconds(.nan), .zero)
        XCTAssertEqual(Timestamp.milliseconds(-1e300), .earliest)
        XCTAssertEqual(Timestamp.latest.seconds(since: .earliest), 18_446_744_073_709.55, accuracy: 0.01)
    }

    func testTheInputRangeIsTwoToTheFortySeconds() {
        XCTAssertEqual(Timestamp.maximumInputMicroseconds, 1_099_511_627_776_000_000)
        XCTAssertTrue(Timestamp.isValidInput(microseconds: -Timestamp.maximumInputMicroseconds))
        XCTAssertFalse(Timestamp.isValidInput(microseconds: Timestamp.maximumInputMicroseconds + 1))
    }
}
