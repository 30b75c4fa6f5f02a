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
        let c = DecelerationCurve(start: x0, initialVelocity: v0, rate: r)
        for t in [0.0, 0.001, 0.016, 0.1, 0.5, 1.0, 2.0] where t < c.duration {
            let expected = x0 + (v0 / 1000) * r * (1 - Double.pow(r, 1000 * t)) / (1 - r)
            XCTAssertClose(c.value(at: t), expected, 1e-9, "t=\(t)")
        }
    }

    func testRestsExactlyOnProjection() {
        for (v, r) in [(3000.0, 0.998), (-1500, 0.998), (5000, 0.99), (200, 0.995)] {
            let c = DecelerationCurve(start: 0, initialVelocity: v, rate: r)
            XCTAssertClose(c.destination, (v / 1000) * r / (1 - r), 1e-9)
            XCTAssertEqual(c.value(at: c.duration), c.destination)
            XCTAssertEqual(c.value(at: c.duration + 5), c.destination)
            // At the rest instant, the remaining travel is under 0.5 pt or the speed under 10 pt/s.
            let justBefore = c.duration - 1e-9
            let remaining = abs(c.destination - c.value(at: justBefore))
            let speed = abs(c.velocity(at: justBefore))
            XCTAssert(remaining <= 0.5 + 1e-6 || speed <= 10 + 1e-6, "remaining \(remaining), speed \(speed)")
        }
    }

    func testVelocityIsTheDerivative() {
        let c = DecelerationCurve(start: 0, initialVelocity: 2500, rate: 0.998)
        for t in [0.01, 0.2, 0.9] {
            let h = 1e-6
            XCTAssertClose(c.velocity(at: t), (c.value(at: t + h) - c.value(at: t - h)) / (2 * h), 1e-3)
        }
    }

    func testLandingOnARewrittenTarget() {
        let c = DecelerationCurve(start: 50, landingOn: 1234, rate: 0.998)
        XCTAssertClose(c.destination, 1234, 1e-9)
    }

    func testTimeToReachInvertsValue() {
        let c = DecelerationCurve(start: 0, initialVelocity: 4000, rate: 0.998)
        let t = c.time(toReach: 1000)!
        XCTAssertClose(c.value(at: t), 1000, 1e-6)
        XCTAssertNil(c.time(toReach: c.destination + 10))
    }
}

final class SpringCurveTests: XCTestCase {
    func testCriticallyDampedClosedForm() {
        let s = SpringCurve(start: -80, target: 0, initialVelocity: 0)
        for t in [0.05, 0.1, 0.3] {
            let w = 11.0, c1 = -80.0, c2 = 0 + w * c1
            XCTAssertClose(s.value(at: t), (c1 + c2 * t) * Double.exp(-w * t), 1e-9)
        }
    }

    func testNeverOvershootsFromRestOrOutwardVelocity() {
        for (x0, v0) in [(-120.0, 0.0), (-120, -2000), (300, 500), (0, 3000), (0, -3000)] {
            let s = SpringCurve.withoutOvershoot(start: x0, target: 0, initialVelocity: v0)
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

    func testInwardVelocityIsCappedSoNoOvershoot() {
        let s = SpringCurve.withoutOvershoot(start: -100, target: 0, initialVelocity: 50000)
        var t = 0.0
        while t < 2 {
            XCTAssertLessThanOrEqual(s.value(at: t), 1e-9)
            t += 0.0005
        }
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
