import ScrollEngine
import XCTest

final class FrameTicksTests: XCTestCase {
    func testSixtyHertzNeverDrifts() {
        let ticks = FrameTicks(origin: Timestamp(microseconds: 500), frameRate: 60)
        XCTAssertEqual(ticks.time(ofTick: 1).microseconds, 17_167)
        XCTAssertEqual(ticks.time(ofTick: 60).microseconds, 1_000_500)
        XCTAssertEqual(ticks.time(ofTick: 3600).microseconds, 60_000_500)
    }

    func testTheNextTickIsStrictlyLater() {
        let ticks = FrameTicks(origin: .zero, frameRate: 60)
        XCTAssertEqual(ticks.tick(after: .zero).microseconds, 16_667)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: 16_666)).microseconds, 16_667)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: 16_667)).microseconds, 33_333)
        XCTAssertEqual(ticks.tick(after: Timestamp(microseconds: -5)).microseconds, 0)
    }

    /// The tick grid rounds without libm; it must round exactly as Double.rounded() does: half away
    /// from zero, at the halves and beside them, for both signs and up to Int64's magnitudes.
    func testRoundingWithoutLibmMatchesRounded() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                16_666.5, 16_666.499999999996, 4_503_599_627_370_495.5, 4_503_599_627_370_497,
                                9.2e18, -9.2e18, 1e-300, -1e-300]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<100_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let magnitude = Double(state >> 11) / Double(1 << 53) * pow(10, Double(state % 16))
            values.append(state & 1 == 0 ? magnitude : -magnitude)
        }
        for value in values {
            XCTAssertEqual(Int64(roundingHalfAwayFromZero: value), Int64(value.rounded()), "\(value)")
        }
    }

    /// Ticks at the frame rates people configure land where n × 10⁶ / rate, rounded, puts them:
    /// 59.94 Hz after an hour, 144 Hz's uneven intervals, 1 Hz and 1000 Hz at the limits.
    func testTicksAtOddRates() {
        XCTAssertEqual(FrameTicks(origin: .zero, frameRate: 59.94).time(ofTick: 215_784).microseconds, 3_600_000_000)
        let fast = FrameTicks(origin: .zero, frameRate: 144)
        XCTAssertEqual((1...5).map { fast.time(ofTick: $0).microseconds }, [6_944, 13_889, 20_833, 27_778, 34_722])
        XCTAssertEqual(fast.minimumGap, 1_736)
        XCTAssertEqual(FrameTicks(origin: .zero, frameRate: 1).tick(after: Timestamp(microseconds: 999_999)).microseconds, 1_000_000)
        XCTAssertEqual(FrameTicks(origin: .zero, frameRate: 1000).tick(after: Timestamp(microseconds: 1_000)).microseconds, 2_000)
        XCTAssertEqual(FrameTicks(origin: .zero, frameRate: 1000).minimumGap, 250)
    }
}
