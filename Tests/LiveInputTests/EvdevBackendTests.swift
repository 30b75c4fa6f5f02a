import SystemInterface
import Glibc
import Recordings
import ScrollEngine
import XCTest
@testable import LiveInput

/// The raw evdev backend over a scripted libevdev: no device nodes.
final class EvdevBackendTests: XCTestCase {
    /// A protocol-B panel 0…1279 × 0…767 with 5 slots.
    static let panel = EvdevDevice(
        name: "Test Panel", id: InputID(bustype: 0x06, vendor: 1, product: 2, version: 1),
        properties: [InputProperty.direct],
        codes: [EventType.syn: [0], EventType.key: [0x14a],
                EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
        absinfo: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4),
                  AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1279),
                  AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 767),
                  AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)])

    /// libevdev as a script: each read pops results until an error ends the batch.
    final class FakeLibevdev {
        var script: [Result<NextEventResult, Errno>] = []
        var syncFlags: [Bool] = []
        var grabbed: [Bool] = []
        var grabError: Errno?
        var freed = 0

        var calls: LibevdevCalls {
            LibevdevCalls(
                create: { _ throws(Errno) in OpaquePointer(bitPattern: 0x2000)! },
                free: { _ in self.freed += 1 },
                useMonotonicClock: { _ throws(Errno) in },
                nextEvent: { _, sync throws(Errno) in
                    self.syncFlags.append(sync)
                    guard !self.script.isEmpty else { throw Errno.wouldBlock }
                    switch self.script.removeFirst() {
                    case let .success(result): return result
                    case let .failure(error): throw error
                    }
                },
                grab: { _, on throws(Errno) in
                    if let e = self.grabError { throw e }
                    self.grabbed.append(on)
                },
                describe: { _ in EvdevBackendTests.panel }
            )
        }
    }

    private func event(_ ms: Int, _ type: UInt16, _ code: UInt16, _ value: Int32) -> NextEventResult {
        .event(RawInputEvent(seconds: ms / 1000, microseconds: (ms % 1000) * 1000, type: type, code: code, value: value))
    }

    private func touchDown(at ms: Int, x: Int32, y: Int32) -> [Result<NextEventResult, Errno>] {
        [event(ms, EventType.abs, AbsCode.mtSlot, 0), event(ms, EventType.abs, AbsCode.mtTrackingID, 7),
         event(ms, EventType.abs, AbsCode.mtPositionX, x), event(ms, EventType.abs, AbsCode.mtPositionY, y),
         event(ms, EventType.syn, 0, 0)].map { .success($0) }
    }

    private func backend(_ evdev: FakeLibevdev, kernel: FakeKernel = FakeKernel(), grab: Bool = false) throws -> EvdevBackend {
        try EvdevBackend(node: "/dev/input/event5", screen: Size(width: 1280, height: 768), grab: grab,
                         system: kernel.calls, evdev: evdev.calls, logger: .quiet)
    }

    func testOpenRefusedWithEACCESNamesTheInputGroup() {
        let kernel = FakeKernel()
        kernel.openFailures["/dev/input/event5"] = .permissionDenied
        XCTAssertThrowsError(try backend(FakeLibevdev(), kernel: kernel)) { error in
            XCTAssertTrue("\(error)".contains("add the user to group input"), "\(error)")
        }
    }

    func testEventsUntilEAGAINBecomeTouchFrames() throws {
        let evdev = FakeLibevdev()
        let b = try backend(evdev)
        evdev.script = touchDown(at: 1500, x: 100, y: 200)
        XCTAssertEqual(try b.readEvents(), [.deviceAdded(b.summary), .touches(TouchFrame(time: .milliseconds(1500), samples: [
            TouchSample(slot: TouchSlot(0), phase: .down, location: Point(x: 100, y: 200))]))], "the first read announces the device")
        XCTAssertEqual(try b.readEvents(), [], "EAGAIN: nothing more, no error")
    }

    func testENODEVMidGestureCancelsTheTouchAndClosesTheBackend() throws {
        let evdev = FakeLibevdev()
        let b = try backend(evdev)
        XCTAssertEqual(try b.readEvents(), [.deviceAdded(b.summary)], "the device is announced")
        evdev.script = touchDown(at: 1500, x: 100, y: 200) + [.failure(.noSuchDevice)]
        let events = try b.readEvents()
        XCTAssertEqual(events.count, 3)
        XCTAssertEqual(events[1], .touches(TouchFrame(time: .milliseconds(1500), samples: [
            TouchSample(slot: TouchSlot(0), phase: .cancel, location: Point(x: 100, y: 200))])))
        guard case .deviceRemoved = events[2] else { return XCTFail("expected deviceRemoved, got \(events[2])") }
        XCTAssertTrue(b.isClosed)
        XCTAssertEqual(evdev.freed, 1)
        XCTAssertEqual(try b.readEvents(), [])
    }

    func testSYNDROPPEDReadsInSyncModeAndCancelsTheTouchesThatWereDown() throws {
        let evdev = FakeLibevdev()
        let b = try backend(evdev)
        evdev.script = touchDown(at: 1000, x: 10, y: 20)
        _ = try b.readEvents()
        evdev.script = [
            .success(.dropped(RawInputEvent(seconds: 1, microseconds: 100_000, type: EventType.syn, code: 3, value: 0))),
            .success(.syncEvent(RawInputEvent(seconds: 1, microseconds: 100_000, type: EventType.abs, code: AbsCode.mtPositionX, value: 50))),
            .success(.syncEvent(RawInputEvent(seconds: 1, microseconds: 100_000, type: EventType.syn, code: 0, value: 0))),
            .success(.syncDone),
        ]
        let events = try b.readEvents()
        XCTAssertEqual(evdev.syncFlags.suffix(5), [false, true, true, true, false])
        XCTAssertEqual(events, [.touches(TouchFrame(time: .milliseconds(1100), samples: [
            TouchSample(slot: TouchSlot(0), phase: .cancel, location: Point(x: 10, y: 20))]))])
    }

    func testAnotherFailureIsReportedWithTheNode() throws {
        let evdev = FakeLibevdev()
        let b = try backend(evdev)
        evdev.script = [.failure(Errno(rawValue: EIO))]
        XCTAssertThrowsError(try b.readEvents()) { error in
            XCTAssertEqual((error as? InputError)?.device, "/dev/input/event5")
            XCTAssertEqual((error as? InputError)?.call, "libevdev_next_event")
        }
    }

    func testGrabIsOffByDefaultAndABusyGrabSaysWhy() throws {
        let evdev = FakeLibevdev()
        _ = try backend(evdev)
        XCTAssertEqual(evdev.grabbed, [])
        _ = try backend(evdev, grab: true)
        XCTAssertEqual(evdev.grabbed, [true])
        evdev.grabError = .busy
        XCTAssertThrowsError(try backend(evdev, grab: true)) { error in
            XCTAssertTrue("\(error)".contains("another process holds an exclusive grab"), "\(error)")
        }
    }

    func testSlotsOfASecondDeviceAreOffset() throws {
        let evdev = FakeLibevdev()
        let b = try EvdevBackend(node: "/dev/input/event6", screen: Size(width: 1280, height: 768), slotOffset: 256,
                                 system: FakeKernel().calls, evdev: evdev.calls, logger: .quiet)
        evdev.script = touchDown(at: 1, x: 1, y: 1)
        guard case let .touches(frame) = try b.readEvents().last else { return XCTFail() }
        XCTAssertEqual(frame.samples.map(\.slot), [TouchSlot(256)])
    }

    func testTheCalibrationMatrixIsAppliedAfterTheMappingAsLibinputAndReplayDo() throws {
        let evdev = FakeLibevdev()
        // Shift right by an eighth of the width and shrink the height to a half.
        let calibration = CalibrationMatrix([1, 0, 0.125, 0, 0.5, 0])
        let b = try EvdevBackend(node: "/dev/input/event5", screen: Size(width: 1280, height: 768),
                                 transform: ScreenTransform(calibration: calibration),
                                 system: FakeKernel().calls, evdev: evdev.calls, logger: .quiet)
        evdev.script = touchDown(at: 1500, x: 100, y: 200)
        guard case let .touches(frame) = try b.readEvents().last else { return XCTFail() }
        // Without calibration this touch is at (100, 200) (testEventsUntilEAGAINBecomeTouchFrames).
        let location = try XCTUnwrap(frame.samples.first?.location)
        XCTAssertEqual(location.x, 100 + 1280 * 0.125, accuracy: 1e-9)
        XCTAssertEqual(location.y, 200 * 0.5, accuracy: 1e-9)
    }

    func testAnUnpluggedNodeIsDroppedAndOpenedAgainWhenItComesBack() throws {
        let kernel = FakeKernel(), evdev = FakeLibevdev()
        let node = "/dev/input/event5"
        let set = try EvdevNodeSet(nodes: [node], system: kernel.calls, logger: .quiet) { node, index throws(InputError) in
            try EvdevBackend(node: node, screen: Size(width: 1280, height: 768), slotOffset: index * 256,
                             system: kernel.calls, evdev: evdev.calls, logger: .quiet)
        }
        let (inotify, directory) = try XCTUnwrap(kernel.watchedDirectories.first)
        XCTAssertEqual(directory, "/dev/input")
        kernel.readFailures[inotify] = .wouldBlock
        let device = try XCTUnwrap(kernel.watched.first { $0 != inotify && $0 != set.fileDescriptor })
        let summary = InputDeviceSummary(name: "Test Panel", node: node, kind: .touchscreen)

        // The first read announces the device, quiet as it is.
        kernel.readyQueue = [[]]
        XCTAssertEqual(try set.readEvents(), [.deviceAdded(summary)])

        // Unplugged: removed; its descriptor leaves the set.
        kernel.readyQueue = [[device]]
        evdev.script = [.failure(.noSuchDevice)]
        XCTAssertEqual(try set.readEvents(), [.deviceRemoved(summary, time: .zero)])
        XCTAssertEqual(set.openNodes, [])
        XCTAssertFalse(kernel.watched.contains(device))
        XCTAssertFalse(set.isClosed, "it waits for the node to come back")

        // The node reappears before udev made it readable: tried, not opened.
        kernel.openFailures[node] = .permissionDenied
        kernel.readyQueue = [[inotify]]
        XCTAssertEqual(try set.readEvents(), [])
        XCTAssertEqual(set.openNodes, [])

        // udev sets the permissions (IN_ATTRIB): opened again, announced.
        kernel.openFailures[node] = nil
        kernel.readyQueue = [[inotify]]
        XCTAssertEqual(try set.readEvents(), [.deviceAdded(summary)])
        XCTAssertEqual(set.openNodes, [node])
        set.close()
    }

    func testFlipsCarryOverToTheDecoderMapping() {
        let mapping = ScreenMapping(screen: Size(width: 100, height: 100),
                                    transform: ScreenTransform(rotation: .quarter, flipHorizontally: true))
        XCTAssertEqual(mapping.rotation, .quarter)
        XCTAssertTrue(mapping.flipX)
        XCTAssertFalse(mapping.flipY)
    }
}
