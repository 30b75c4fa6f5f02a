import SystemInterface
import XCTest
import Glibc
import Logging
@testable import Renderer

/// The DRM choices and errors that need no GPU; the page-flip path runs in the QEMU guest.
final class DRMOutputTests: XCTestCase {
    typealias Mode = ConnectorCandidate.Mode

    func testTheFirstConnectedConnectorAndItsPreferredModeAreChosen() {
        let connectors = [
            ConnectorCandidate(id: 31, isConnected: false, modes: [Mode(width: 1920, height: 1080, refreshHz: 60, isPreferred: true)]),
            ConnectorCandidate(id: 32, isConnected: true, modes: []),
            ConnectorCandidate(id: 33, isConnected: true, modes: [Mode(width: 1920, height: 1080, refreshHz: 60, isPreferred: false),
                                                                  Mode(width: 1280, height: 800, refreshHz: 60, isPreferred: true)]),
        ]
        let choice = DisplaySelection.choose(connectors)
        XCTAssertEqual(choice?.connector, 2)
        XCTAssertEqual(choice?.mode, 1)
    }

    func testWithoutAPreferredModeTheFirstListedIsTaken() {
        let c = [ConnectorCandidate(id: 1, isConnected: true, modes: [Mode(width: 1024, height: 768, refreshHz: 60, isPreferred: false),
                                                                      Mode(width: 800, height: 600, refreshHz: 60, isPreferred: false)])]
        XCTAssertEqual(DisplaySelection.choose(c)?.mode, 0)
        XCTAssertNil(DisplaySelection.choose([ConnectorCandidate(id: 1, isConnected: false, modes: [])]))
    }

    func testRefusalsBecauseOfAnotherMasterSaySo() {
        for e in [EACCES, EBUSY, EPERM].map(Errno.init(rawValue:)) {
            let error = DisplaySelection.masterError(path: "/dev/dri/card0", operation: "drmModeSetCrtc", errno: e)
            XCTAssertEqual(error.kind, .notMaster)
            XCTAssertTrue(error.description.contains("another process is DRM master"), error.description)
        }
        XCTAssertEqual(DisplaySelection.masterError(path: "/dev/dri/card0", operation: "drmModeSetCrtc", errno: Errno(rawValue: EINVAL)).kind, .modeSetting)
    }

    /// The card's open goes through the injectable system calls: a refused open (the user not in
    /// group video) is a deviceOpen error with its errno, and nothing else is tried.
    func testAPermissionDeniedOpenSaysWhichGroupIsMissing() {
        var opened: [String] = []
        var closed = 0
        let calls = SystemCalls(
            open: { path, _ in opened.append(path); return -EACCES },
            close: { _ in closed += 1; return 0 },
            ioctl: { _, _, _ in -ENOTTY },
            mapShared: { _, _, _ in .failure(Errno(rawValue: ENODEV)) },
            unmap: { _, _ in }
        )
        XCTAssertThrowsError(try DRMOutput(path: "/dev/dri/card1", calls: calls, logger: Logger(label: "test"))) { e in
            let error = e as? RendererError
            XCTAssertEqual(error?.kind, .deviceOpen)
            XCTAssertEqual(error?.errno, Errno(rawValue: EACCES))
            XCTAssertTrue(error?.description.contains("group video") ?? false, "\(e)")
        }
        XCTAssertEqual(opened, ["/dev/dri/card1"])
        XCTAssertEqual(closed, 0, "nothing was opened, nothing is closed")
    }

    func testAMissingDeviceIsAnOpenErrorNamingThePath() {
        XCTAssertThrowsError(try DRMOutput(path: "/nonexistent/card9")) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .deviceOpen)
            XCTAssertEqual((e as? RendererError)?.errno, Errno(rawValue: ENOENT))
            XCTAssertEqual((e as? RendererError)?.path, "/nonexistent/card9")
            XCTAssertFalse("\(e)".contains("group video"), "a missing node is not a permission problem: \(e)")
            XCTAssertTrue("\(e)".contains("no such device node: check the path (`ls /dev/dri`)"), "\(e)")
        }
        for (code, words) in [(EACCES, "group video"), (EPERM, "group video"), (EBUSY, "another program"), (ENODEV, "no device answers")] {
            let e = RendererError.deviceOpen(path: "/dev/dri/card0", device: "DRM device", errno: code)
            XCTAssertTrue(e.description.contains(words), e.description)
        }
    }
}
