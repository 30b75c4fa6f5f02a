import ScrollEngine
import XCTest

/// The release velocity over long histories: the tracker drops the samples that left its window in
/// bulk now and then, and what it measures must not depend on when it last did.
final class VelocityTrackerTests: XCTestCase {
    private func ms(_ value: Int64) -> Timestamp { Timestamp(microseconds: value * 1000) }

    func testASteadyTwoSecondDragAtOneKilohertzMeasuresItsSpeed() {
        var tracker = VelocityTracker()
        // 1 pt/ms to the right and 0.5 pt/ms down, 2001 samples: many bulk drops on the way.
        for t in Int64(0)...2000 {
            tracker.add(Point(x: Double(t), y: Double(t) / 2), at: ms(t))
        }
        let v = tracker.velocityPerSecond(at: ms(2000))
        XCTAssertEqual(v.x, 1000, accuracy: 1e-6)
        XCTAssertEqual(v.y, 500, accuracy: 1e-6)
    }

    func testTheSpeedIsTheSameWhateverLongHistoryCameBefore() {
        // The same last 100 ms of movement after 0.2 s and after 3 s of slower dragging.
        func release(afterMilliseconds lead: Int64) -> Point {
            var tracker = VelocityTracker()
            var x = 0.0
            for t in Int64(0)..<lead {
                x += 0.25
                tracker.add(Point(x: x, y: 0), at: ms(t))
            }
            for t in lead...(lead + 100) {
                x += 2
                tracker.add(Point(x: x, y: 0), at: ms(t))
            }
            return tracker.velocityPerSecond(at: ms(lead + 100))
        }
        XCTAssertEqual(release(afterMilliseconds: 200).x, 2000, accuracy: 1e-6)
        XCTAssertEqual(release(afterMilliseconds: 3000).x, 2000, accuracy: 1e-6)
    }

    func testAFingerThatRestsBeforeLiftingAfterALongDragDoesNotFling() {
        var tracker = VelocityTracker()
        for t in Int64(0)...1000 {
            tracker.add(Point(x: Double(t), y: 0), at: ms(t))
        }
        // It stays put for 60 ms (past the 50 ms pause), still reported every millisecond.
        for t in Int64(1001)...1060 {
            tracker.add(Point(x: 1000, y: 0), at: ms(t))
        }
        XCTAssertEqual(tracker.velocityPerSecond(at: ms(1060)), .zero)
    }

    func testAResetForgetsTheLongHistory() {
        var tracker = VelocityTracker()
        for t in Int64(0)...500 {
            tracker.add(Point(x: -Double(t), y: 0), at: ms(t))
        }
        tracker.reset()
        tracker.add(Point(x: 0, y: 0), at: ms(600))
        tracker.add(Point(x: 0, y: 3), at: ms(601))
        let v = tracker.velocityPerSecond(at: ms(601))
        XCTAssertEqual(v.x, 0, accuracy: 1e-9)
        XCTAssertEqual(v.y, 3000, accuracy: 1e-6)
    }
}
