import Daemon
import LiveInput
import ScrollEngine
import XCTest

final class StatusSummaryTests: XCTestCase {
    let screen = InputDeviceSummary(name: "ILITEK Multi-Touch", node: "/dev/input/event3", kind: .touchscreen)
    let keyboard = InputDeviceSummary(name: "USB Keyboard", node: "/dev/input/event1", kind: .keyboard)

    func state(y: Double, _ change: (inout ScrollViewState) -> Void = { _ in }) -> ScrollViewState {
        var s = ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1.25, contentSize: Size(width: 800, height: 4000))
        change(&s)
        return s
    }

    func testAtRestTheLineGivesDevicesOffsetAndZoom() {
        XCTAssertEqual(StatusSummary.line(devices: [screen, keyboard], state: state(y: 640.04), isAtRest: true),
                       "1 touchscreen (ILITEK Multi-Touch), 1 other device; at rest, offset (0, 640), zoom 1.3")
        XCTAssertEqual(StatusSummary.line(devices: [], state: state(y: -64), isAtRest: true),
                       "no touchscreen; at rest, offset (0, -64), zoom 1.3")
        XCTAssertEqual(StatusSummary.line(devices: [screen, screen, keyboard, keyboard], state: state(y: 12.5), isAtRest: true),
                       "2 touchscreens (ILITEK Multi-Touch, ILITEK Multi-Touch), 2 other devices; at rest, offset (0, 12.5), zoom 1.3")
    }

    func testInMotionTheLineNamesTheMotionOnlySoItChangesAtTransitions() {
        XCTAssertEqual(StatusSummary.line(devices: [screen], state: state(y: 1) { $0.isDragging = true; $0.isTracking = true }, isAtRest: false),
                       "1 touchscreen (ILITEK Multi-Touch); dragging")
        XCTAssertEqual(StatusSummary.line(devices: [screen], state: state(y: 2) { $0.isDecelerating = true }, isAtRest: false),
                       "1 touchscreen (ILITEK Multi-Touch); decelerating")
        XCTAssertEqual(StatusSummary.line(devices: [screen], state: state(y: 3) { $0.isZooming = true }, isAtRest: false),
                       "1 touchscreen (ILITEK Multi-Touch); zooming")
        XCTAssertEqual(StatusSummary.line(devices: [screen], state: state(y: 4) { $0.isScrollAnimating = true }, isAtRest: false),
                       "1 touchscreen (ILITEK Multi-Touch); animating")
        XCTAssertEqual(StatusSummary.line(devices: [screen], state: state(y: 5) { $0.isTracking = true }, isAtRest: false),
                       "1 touchscreen (ILITEK Multi-Touch); touched")
    }
}

final class DaemonDirectoriesTests: XCTestCase {
    func testOptionsWinOverSystemdsVariables() {
        let d = DaemonDirectories(stateOption: "/tmp/s", runtimeOption: nil,
                                  environment: ["STATE_DIRECTORY": "/var/lib/touchscroll", "RUNTIME_DIRECTORY": "/run/touchscroll"])
        XCTAssertEqual(d, DaemonDirectories(state: "/tmp/s", runtime: "/run/touchscroll"))
        XCTAssertEqual(d.controlSocket, "/run/touchscroll/control.sock")
    }

    func testTheFirstOfSeveralDirectoriesIsOurs() {
        let d = DaemonDirectories(stateOption: nil, runtimeOption: nil,
                                  environment: ["STATE_DIRECTORY": "/var/lib/touchscroll:/var/lib/other", "RUNTIME_DIRECTORY": "/run/touchscroll/"])
        XCTAssertEqual(d.state, "/var/lib/touchscroll")
        XCTAssertEqual(d.controlSocket, "/run/touchscroll/control.sock")
    }

    func testOutsideSystemdWithoutOptionsThereIsNoStateAndNoSocket() {
        let d = DaemonDirectories(stateOption: nil, runtimeOption: nil, environment: [:])
        XCTAssertNil(d.state)
        XCTAssertNil(d.controlSocket)
    }
}
