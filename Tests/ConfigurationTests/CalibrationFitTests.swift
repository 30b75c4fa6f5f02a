import Configuration
import ScrollEngine
import XCTest

/// The calibration fit, with taps from a panel mounted a quarter turn off and shifted: the taps a
/// finger would give on targets, script-like, and the matrix that must come out.
final class CalibrationFitTests: XCTestCase {
    let screen = Size(width: 1280, height: 800)

    /// The panel reports (u, v) for a touch at screen point (x, y) (all normalised): rotated 90°
    /// clockwise and offset, i.e. u = y·0.98 + 0.01, v = (1 − x)·0.97 + 0.02. The calibration
    /// matrix must undo it: x = 1 − (v − 0.02)/0.97, y = (u − 0.01)/0.98.
    func reported(_ target: Point) -> Point {
        Point(x: target.y * 0.98 + 0.01, y: (1 - target.x) * 0.97 + 0.02)
    }
    var expected: [Double] {
        [0, -1 / 0.97, 1 + 0.02 / 0.97, 1 / 0.98, 0, -0.01 / 0.98]
    }

    func tap(_ session: inout CalibrationSession, at point: Point, slot: Int = 0, time: Double) {
        let location = Point(x: point.x * screen.width, y: point.y * screen.height)
        XCTAssertTrue(session.feed(TouchFrame(time: .seconds(time), samples: [TouchSample(slot: TouchSlot(slot), phase: .down, location: location)]), screen: screen))
        _ = session.feed(TouchFrame(time: .seconds(time + 0.05), samples: [TouchSample(slot: TouchSlot(slot), phase: .move, location: location)]), screen: screen)
        _ = session.feed(TouchFrame(time: .seconds(time + 0.1), samples: [TouchSample(slot: TouchSlot(slot), phase: .up, location: location)]), screen: screen)
    }

    func testFiveExactTapsGiveTheRotationAndOffsetBackWithNoResidual() throws {
        var session = CalibrationSession(targets: try XCTUnwrap(CalibrationSession.targets(count: 5, margin: 0.1)))
        for (i, target) in session.targets.enumerated() {
            XCTAssertEqual(session.currentTarget, i)
            tap(&session, at: reported(target), time: Double(i))
        }
        XCTAssertNil(session.currentTarget)
        let fit = try session.fit()
        for (got, want) in zip(fit.matrix, expected) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        for r in fit.residuals(screen: screen) { XCTAssertEqual(r, 0, accuracy: 1e-6) }
    }

    func testAnImpreciseFingerIsAveragedAndItsResidualsReported() throws {
        let targets = try XCTUnwrap(CalibrationSession.targets(count: 9, margin: 0.1))
        // Each tap a few pixels off, in a different direction (±4 px at most).
        let jitter: [(Double, Double)] = [(3, -2), (-4, 1), (2, 3), (-1, -4), (0, 2), (4, 0), (-3, -3), (1, 4), (-2, 1)]
        let pairs = zip(targets, jitter).map { target, j in
            let off = Point(x: target.x + j.0 / screen.width, y: target.y + j.1 / screen.height)
            return CalibrationFit.Pair(touched: reported(off), target: target)
        }
        let fit = try CalibrationFit(pairs)
        // ±4 px on an 800 px axis is 0.5 % of the screen per tap; the fit over 9 taps stays within 1 %.
        for (got, want) in zip(fit.matrix, expected) { XCTAssertEqual(got, want, accuracy: 0.01) }
        let residuals = fit.residuals(screen: screen)
        XCTAssertEqual(residuals.count, 9)
        XCTAssertTrue(residuals.allSatisfy { $0 < 6 }, "\(residuals)")
        XCTAssertTrue(residuals.contains { $0 > 0.5 }, "an imprecise tap shows in its residual: \(residuals)")
    }

    func testASecondFingerDuringATapCountsForNothingUntilEveryFingerLifts() {
        var session = CalibrationSession(targets: CalibrationSession.targets(count: 4, margin: 0.1)!)
        let p = Point(x: 100, y: 100)
        XCTAssertTrue(session.feed(TouchFrame(time: .seconds(0), samples: [TouchSample(slot: TouchSlot(0), phase: .down, location: p)]), screen: screen))
        XCTAssertFalse(session.feed(TouchFrame(time: .seconds(0.1), samples: [TouchSample(slot: TouchSlot(1), phase: .down, location: p)]), screen: screen))
        _ = session.feed(TouchFrame(time: .seconds(0.2), samples: [TouchSample(slot: TouchSlot(0), phase: .up, location: p)]), screen: screen)
        XCTAssertEqual(session.currentTarget, 0, "slot 1 is still down")
        _ = session.feed(TouchFrame(time: .seconds(0.3), samples: [TouchSample(slot: TouchSlot(1), phase: .up, location: p)]), screen: screen)
        XCTAssertEqual(session.currentTarget, 1)
        XCTAssertEqual(session.taps, [Point(x: 100 / 1280, y: 100 / 800)])
    }

    func testTapsOnALineOrTooFewTargetsAreErrors() {
        let line = (0..<5).map { i in CalibrationFit.Pair(touched: Point(x: Double(i) / 4, y: 0.5), target: Point(x: Double(i) / 4, y: Double(i) / 4)) }
        XCTAssertThrowsError(try CalibrationFit(line)) { XCTAssertEqual($0 as? CalibrationFit.Failure, .degenerate) }
        XCTAssertThrowsError(try CalibrationFit(Array(line.prefix(3)))) { XCTAssertEqual($0 as? CalibrationFit.Failure, .tooFewTargets(3)) }
    }

    func testTheMatrixIsPrintedAsUdevTakesIt() throws {
        let identity = try CalibrationFit([(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)].map {
            CalibrationFit.Pair(touched: Point(x: $0.0, y: $0.1), target: Point(x: $0.0, y: $0.1))
        })
        XCTAssertEqual(identity.matrixText, ["1", "0", "0", "0", "1", "0"])
    }
}
