import ScrollEngine
import XCTest

final class RecenteringTests: XCTestCase {
    /// A street 6000 pt wide whose picture repeats every 1000 pt.
    func street() -> ScrollViewConfiguration {
        var c = ScrollViewConfiguration()
        c.boundsSize = Size(width: 1280, height: 800)
        c.statusBarHeight = 0
        c.contentSize = Size(width: 6000, height: 800)
        c.contentOffset = Point(x: 2360, y: 0)     // the centre of the range 0…4720
        c.infiniteScrolling = .init(axis: .horizontal, period: 1000)
        return c
    }

    func testADragFarFromTheCentreIsRecentredByWholePeriodsWithoutAJump() {
        let s = FingerScript(street())
        s.touch(down: Point(x: 1200, y: 400))
        var previousPicture: Double?
        // Drag left repeatedly: the offset grows; the picture position modulo the period is continuous.
        for _ in 0..<4 {
            for i in 1...20 {
                s.move(to: Point(x: 1200 - Double(i) * 50, y: 400))
                let picture = s.offset.x.truncatingRemainder(dividingBy: 1000)
                if let p = previousPicture, i > 1 {   // the first move recognises the pan: no motion
                    let step = (picture - p + 1000).truncatingRemainder(dividingBy: 1000)
                    XCTAssertClose(step, 50, 1e-9)
                }
                previousPicture = picture
            }
            s.lift()
            s.touch(down: Point(x: 1200, y: 400))
            previousPicture = s.offset.x.truncatingRemainder(dividingBy: 1000)
        }
        let recentres = s.events.compactMap { e -> Point? in if case .recentered(let shift) = e.message { shift } else { nil } }
        XCTAssertFalse(recentres.isEmpty)
        XCTAssertTrue(recentres.allSatisfy { $0.x.truncatingRemainder(dividingBy: 1000) == 0 && $0.x < 0 && $0.y == 0 })
        XCTAssertLessThanOrEqual(abs(s.offset.x - 2360), 6000 / 4)
    }

    func testAFlickKeepsDeceleratingAcrossARecentre() {
        let s = FingerScript(street())
        s.touch(down: Point(x: 1200, y: 400))
        s.move(to: Point(x: 200, y: 400), over: 60)
        s.lift()
        s.settle()
        XCTAssertTrue(s.messages.contains("recentered"))
        XCTAssertEqual(s.messages.last, "scrollViewDidEndDecelerating")
        XCTAssertLessThanOrEqual(abs(s.offset.x - 2360), 6000 / 4)
        // No didScroll step jumps by more than a frame's travel modulo the period.
        var last: Double?
        for e in s.events where e.message == .didScroll {
            let x = e.state.contentOffset.x
            if let l = last {
                let d = abs((x - l).remainder(dividingBy: 1000))
                XCTAssertLessThan(d, 400)
            }
            last = x
        }
    }
}
