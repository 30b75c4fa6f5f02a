import SystemInterface
import DisplayTestSupport
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
        let card = FakeCard()
        card.faults.fail(.open, with: Errno(rawValue: EACCES))
        XCTAssertThrowsError(try DRMOutput(path: "/dev/dri/card1", drm: card.calls, logger: Logger(label: "test"))) { e in
            let error = e as? RendererError
            XCTAssertEqual(error?.kind, .deviceOpen)
            XCTAssertEqual(error?.errno, Errno(rawValue: EACCES))
            XCTAssertTrue(error?.description.contains("group video") ?? false, "\(e)")
        }
        XCTAssertEqual(card.faults.count(.open), 1)
        XCTAssertEqual(card.faults.count(.close), 0, "nothing was opened, nothing is closed")
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

    // MARK: - A card behind the injected calls

    private let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    private func frame(_ card: FakeCard) -> PixelBuffer {
        PixelBuffer(size: PixelSize(width: card.width, height: card.height))
    }

    /// The first frame sets the CRTC, every later one flips; a flip still pending is waited for
    /// (poll, then drmHandleEvent) before the next frame is drawn into the other buffer.
    func testFramesAreShownBySettingTheCrtcThenByPageFlips() throws {
        let card = FakeCard()
        let output = try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet)
        XCTAssertEqual(output.panelSize, PixelSize(width: 8, height: 6))
        XCTAssertEqual(card.mappedBuffers, 2)
        try output.present(frame(card))
        try output.present(frame(card))
        XCTAssertTrue(output.isFlipPending)
        try output.present(frame(card))
        XCTAssertEqual(card.crtcSets, [101])
        XCTAssertEqual(card.flips, [102, 101])
        XCTAssertEqual(output.flipsCompleted, 1)
    }

    /// Another program takes DRM master while frames are flipping: the refused flip (EACCES) is a
    /// notMaster error that says what to do, and once the card is free again a new output draws.
    func testAPageFlipRefusedBecauseAnotherProgramIsMasterSaysSo() throws {
        let card = FakeCard()
        var output: DRMOutput? = try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet)
        try output?.present(frame(card))
        card.takeMaster(with: .permissionDenied)
        XCTAssertThrowsError(try output?.present(frame(card))) { e in
            XCTAssertEqual((e as? RendererError)?.kind, .notMaster)
            XCTAssertEqual("\(e)", "/dev/dri/card0: notMaster: drmModePageFlip refused: another process is DRM master of this card (stop the display server or switch to a free VT), or this process lacks the rights to become master")
        }
        output = nil
        XCTAssertEqual(card.closed, [7], "the lost output releases the card")
        XCTAssertEqual(card.mappedBuffers, 0)

        card.giveMasterBack()
        output = try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet)
        try output?.present(frame(card))
        XCTAssertEqual(card.crtcSets, [101, 103], "the reopened card shows a frame again")
    }

    /// A mode set refused with an errno that is not about master rights is a modeSetting error
    /// carrying the errno.
    func testAModeSetFailingOtherwiseCarriesItsErrno() throws {
        let card = FakeCard()
        let output = try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet)
        card.takeMaster(with: .invalidArgument)
        XCTAssertThrowsError(try output.present(frame(card))) { e in
            XCTAssertEqual("\(e)", "/dev/dri/card0: modeSetting: drmModeSetCrtc failed (errno 22: Invalid argument)")
        }
    }

    /// The dumb buffer's mmap fails (ENOMEM): a deviceMap error, and the card is closed.
    func testAFailedMmapOfADumbBufferIsADeviceMapErrorAndTheCardIsClosed() {
        let card = FakeCard()
        card.faults.fail(.mapShared, occurrence: 2, with: Errno(rawValue: ENOMEM))
        XCTAssertThrowsError(try DRMOutput(path: "/dev/dri/card0", drm: card.calls, logger: quiet)) { e in
            XCTAssertEqual("\(e)", "/dev/dri/card0: deviceMap: mmap of a dumb buffer failed (errno 12: Cannot allocate memory)")
        }
        XCTAssertEqual(card.faults.injected, ["mapShared: Cannot allocate memory"])
        XCTAssertEqual(card.closed, [7])
    }
}
