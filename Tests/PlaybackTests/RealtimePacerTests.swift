import Playback
import ScrollEngine
import XCTest

final class RealtimePacerTests: XCTestCase {
    func testThePacerSleepsUntilTheRecordedOffsetHasPassed() {
        var clock: Int64 = 1_000_000
        var sleeps: [Int64] = []
        let pacer = RealtimePacer(now: { clock }, sleep: { sleeps.append($0); clock += $0 })
        pacer.wait(until: Timestamp(microseconds: 50_000))   // the first step sets the origin
        clock += 5_000                                       // the step itself took 5 ms
        pacer.wait(until: Timestamp(microseconds: 66_667))   // 16.667 ms after the first
        pacer.wait(until: Timestamp(microseconds: 66_667))   // already due: no sleep
        clock += 40_000                                      // running late
        pacer.wait(until: Timestamp(microseconds: 83_333))
        XCTAssertEqual(sleeps, [11_667])
        XCTAssertEqual(pacer.elapsed, 0.033333, accuracy: 1e-9)
    }
}
