import RealModule
import ScrollEngine
import XCTest

final class RubberBandTests: XCTestCase {
    func testMatchesUIKitFormulaAtSeveralExcesses() {
        let d = 800.0
        for x in [0.0, 1, 10, 100, 400, 800, 5000, 1e6] {
            let expected = (1 - 1 / (x * 0.55 / d + 1)) * d
            XCTAssertClose(RubberBand.overscroll(forExcess: x, dimension: d), expected, 1e-9)
            XCTAssertClose(RubberBand.overscroll(forExcess: -x, dimension: d), -expected, 1e-9)
            XCTAssertLessThan(RubberBand.overscroll(forExcess: x, dimension: d), d)
        }
    }

    func testInverseRoundTrips() {
        for x in [0.5, 3, 50, 700, 3000.0] {
            let o = RubberBand.overscroll(forExcess: x, dimension: 800)
            XCTAssertClose(RubberBand.excess(forOverscroll: o, dimension: 800), x, 1e-6)
        }
    }
}

final class DecelerationCurveTests: XCTestCase {
    func testValueMatchesClosedFormAtSeveralInstants() {
        let r = 0.998, v0 = 3000.0, x0 = 100.0
        let c = DecelerationCurve(start: x0, velocityPerSecond: v0, rate: r)
        for t in [0.0, 0.001, 0.016, 0.1, 0.5, 1.0, 2.0] where t < c.duration {
            let expected = x0 + (v0 / 1000) * r * (1 - Double.pow(r, 1000 * t)) / (1 - r)
            XCTAssertClose(c.value(at: t), expected, 1e-9, "t=\(t)")
        }
    }

    /// iOS stops a fling dead, on the curve, when UIKit's speed v·r^n falls under 0.01 pt/ms; it
    /// rests at x0 + (v − 0.01)·r/(1 − r).
    func testStopsDeadOnTheCurveWhenTheSpeedFallsUnderTenPointsPerSecond() {
        for (v, r) in [(3000.0, 0.998), (-1500, 0.998), (5000, 0.99), (200, 0.995), (2000, 0.999)] {
            let c = DecelerationCurve(start: 0, velocityPerSecond: v, rate: r)
            let vms = v / 1000
            let sign = v < 0 ? -1.0 : 1.0
            XCTAssertClose(c.destination, (vms - 0.01 * sign) * r / (1 - r), 1e-9)
            // The speed at the stop instant is exactly 10 pt/s: the curve arrives there, no jump.
            XCTAssertClose(abs(vms) * Double.pow(r, 1000 * c.duration), 0.01, 1e-12)
            let justBefore = c.value(at: c.duration - 1e-9)
            XCTAssertClose(justBefore, c.destination, 1e-6, "v \(v) r \(r)")
            XCTAssertEqual(c.value(at: c.duration), c.destination)
            XCTAssertEqual(c.value(at: c.duration + 5), c.destination)
        }
        // 5 pt short of Apple's projection v·r/(1 − r) at the normal rate, 1 pt at the fast rate.
        XCTAssertClose(DecelerationCurve(start: 0, velocityPerSecond: 2000, rate: 0.998).destination, 2 * 0.998 / 0.002 - 4.99, 1e-9)
        XCTAssertClose(DecelerationCurve(start: 0, velocityPerSecond: 2000, rate: 0.99).destination, 2 * 0.99 / 0.01 - 0.99, 1e-9)
    }

    func testVelocityIsTheDerivative() {
        let c = DecelerationCurve(start: 0, velocityPerSecond: 2500, rate: 0.998)
        for t in [0.01, 0.2, 0.9] {
            let h = 1e-6
            XCTAssertClose(c.velocityPerSecond(at: t), (c.value(at: t + h) - c.value(at: t - h)) / (2 * h), 1e-3)
        }
    }

    func testLandingOnARewrittenTarget() {
        for target in [1234.0, -800, 50.5] {
            let c = DecelerationCurve(start: 50, landingOn: target, rate: 0.998)
            XCTAssertClose(c.destination, target, 1e-9)
            XCTAssertClose(c.value(at: c.duration - 1e-9), target, 1e-6)
        }
    }

    func testTimeToReachInvertsValue() {
        let c = DecelerationCurve(start: 0, velocityPerSecond: 4000, rate: 0.998)
        let t = c.time(toReach: 1000)!
        XCTAssertClose(c.value(at: t), 1000, 1e-6)
        XCTAssertNil(c.time(toReach: c.destination + 10))
    }
}

final class SpringCurveTests: XCTestCase {
    func testCriticallyDampedClosedForm() {
        let s = SpringCurve.bounce(start: -80, target: 0, velocityPerSecond: 0)
        for t in [0.05, 0.1, 0.3] {
            let w = 11.0, c1 = -80.0, c2 = 0 + w * c1
            XCTAssertClose(s.value(at: t), (c1 + c2 * t) * Double.exp(-w * t), 1e-9)
        }
    }

    func testOverdampedClosedFormAndVelocity() {
        let s = SpringCurve(start: 235, target: 0, velocityPerSecond: 300, slowRate: 9, fastRate: 74)
        let a = (300 + 74 * 235.0) / 65, b = -(300 + 9 * 235.0) / 65
        for t in [0.01, 0.1, 0.4] {
            XCTAssertClose(s.value(at: t), a * Double.exp(-9 * t) + b * Double.exp(-74 * t), 1e-9)
            let h = 1e-6
            XCTAssertClose(s.velocityPerSecond(at: t), (s.value(at: t + h) - s.value(at: t - h)) / (2 * h), 1e-3)
        }
        XCTAssertClose(s.velocityPerSecond(at: 0), 300, 1e-9)
    }

    func testNeverOvershootsFromRestOrOutwardVelocity() {
        for (x0, v0) in [(-120.0, 0.0), (-120, -2000), (300, 500), (0, 3000), (0, -3000)] {
            for s in [SpringCurve.withoutOvershoot(.bounce(start: x0, target: 0, velocityPerSecond: v0)),
                      SpringCurve.edgeReturn(start: x0, edge: 0, velocityPerSecond: v0)] {
                var t = 0.0
                while t < s.duration + 0.1 {
                    let x = s.value(at: t)
                    if x0 < 0 { XCTAssertLessThanOrEqual(x, 1e-9, "x0 \(x0) v0 \(v0) t \(t)") }
                    if x0 > 0 { XCTAssertGreaterThanOrEqual(x, -1e-9, "x0 \(x0) v0 \(v0) t \(t)") }
                    t += 0.001
                }
                XCTAssertEqual(s.value(at: s.duration), 0)
            }
        }
    }

    func testInwardVelocityIsCappedSoNoOvershoot() {
        for s in [SpringCurve.withoutOvershoot(.bounce(start: -100, target: 0, velocityPerSecond: 50000)),
                  SpringCurve.edgeReturn(start: -100, edge: 0, velocityPerSecond: 50000)] {
            var t = 0.0
            while t < 2 {
                XCTAssertLessThanOrEqual(s.value(at: t), 1e-9)
                t += 0.0005
            }
        }
    }

    /// The duration is bounded in closed form: huge or extreme starts end, and the spring is
    /// settled at the instant it reports.
    func testDurationIsFiniteForExtremeStarts() {
        for (x0, v0) in [(1e304, 0.0), (-1e304, 1e305), (1e300, -1e303), (5e-13, 0), (0, 1e-13), (80, 0), (0, 4000)] {
            for s in [SpringCurve.bounce(start: x0, target: 0, velocityPerSecond: v0),
                      SpringCurve(start: x0, target: 0, velocityPerSecond: v0, slowRate: 9, fastRate: 74)] {
                let d = s.duration
                XCTAssert(d.isFinite && d >= 0 && d < 200, "x0 \(x0) v0 \(v0): duration \(d)")
                if abs(x0) < 1e6 && abs(v0) < 1e6 && d > 0 {
                    XCTAssertLessThan(abs(s.value(at: d - 1e-9)), 0.5 + 1e-6)
                }
            }
        }
        XCTAssertEqual(SpringCurve.bounce(start: .infinity, target: 0, velocityPerSecond: 0).duration, 0)
    }
}

final class EaseInOutCurveTests: XCTestCase {
    func testEndpointsSymmetryAndMonotonicity() {
        let c = EaseInOutCurve(from: 0, to: 100, duration: 0.3)
        XCTAssertEqual(c.value(at: 0), 0)
        XCTAssertEqual(c.value(at: 0.3), 100)
        XCTAssertClose(c.value(at: 0.15), 50, 1e-6)
        var last = -1.0
        var t = 0.0
        while t <= 0.3 {
            let v = c.value(at: t)
            XCTAssertGreaterThanOrEqual(v, last)
            last = v
            t += 0.003
        }
        // Ease in: slow at the start.
        XCTAssertLessThan(c.value(at: 0.03), 10)
    }
}

/// Properties of every release, over many seeded random releases: the motion is continuous (no
/// jump at a hand-off or at the stop), ends exactly on its destination, inside the range, in finite
/// time.
final class ReleasePropertyTests: XCTestCase {
    struct SeededRandom {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * next() }
    }

    func testEveryReleaseIsContinuousAndEndsOnItsDestinationInsideTheRange() {
        var random = SeededRandom(state: 42)
        for i in 0..<2000 {
            let upper = random.uniform(0, 20000)
            let position = random.uniform(-600, upper + 600)
            let velocity = random.uniform(-8000, 8000)
            let rate = [0.998, 0.99, 0.999, random.uniform(0.95, 0.9995)][i % 4]
            let bounces = i % 5 != 0
            let t = AxisTrajectory.release(position: position, velocityPerSecond: velocity, range: 0...upper,
                                           bounces: bounces || position < 0 || position > upper, rate: rate)
            let d = t.duration
            XCTAssert(d.isFinite && d >= 0 && d < 60, "release \(i): duration \(d)")
            XCTAssertEqual(t.value(at: d), t.destination, "release \(i)")
            XCTAssert(t.destination >= 0 && t.destination <= upper, "release \(i): rests at \(t.destination) outside 0…\(upper)")
            XCTAssertClose(t.value(at: 0), position, 1e-9, "release \(i)")
            // No jump at the stop: a fling stops at 10 pt/s, a spring within 0.5 pt of its target at
            // under 10 pt/s. (An edge that does not bounce stops the content dead, at speed.)
            var stopsDeadAtAnEdge = false
            if case .hold = t.second { stopsDeadAtAnEdge = true }
            if d > 0.001 && !stopsDeadAtAnEdge { XCTAssertLessThan(abs(t.value(at: d - 0.001) - t.destination), 0.51, "release \(i)") }
            if let handoff = t.handoffTime {
                XCTAssertClose(t.value(at: handoff - 1e-9), t.value(at: handoff), 1e-3, "release \(i): hand-off")
            }
        }
    }
}
