import SystemInterface
import Glibc
import ScrollEngine
import XCTest
@testable import LiveInput

/// The libinput backend over scripted libinput calls: no libinput context, no devices.
final class LibinputBackendTests: XCTestCase {
    /// A fake libinput: the path context "opens" each added node through the opener (so the fake
    /// kernel's open failures reach the backend), dispatch fails as scripted, events come from a queue.
    final class FakeLibinput {
        var opener: LibinputDeviceOpener?
        var queue: [LibinputEventRecord] = []
        var dispatchError: Errno?
        var transforms: [LibinputDeviceID: ScreenTransform] = [:]
        var suspended: [LibinputDeviceID] = []
        var destroyed = 0
        let context = OpaquePointer(bitPattern: 0x1000)!

        var calls: LibinputCalls {
            LibinputCalls(
                createUdevContext: { opener, _ throws(InputError) in
                    self.opener = opener
                    return self.context
                },
                createPathContext: { opener throws(InputError) in
                    self.opener = opener
                    return self.context
                },
                addPathDevice: { _, node in
                    let fd = self.opener!.open(path: node, flags: 0)
                    return fd < 0 ? nil : LibinputDeviceID(rawValue: Int(fd))
                },
                fileDescriptor: { _ in 42 },
                dispatch: { _ throws(Errno) in
                    if let e = self.dispatchError { throw e }
                },
                nextEvent: { _, _ in self.queue.isEmpty ? nil : self.queue.removeFirst() },
                applyTransform: { id, transform in
                    self.transforms[id] = transform
                    return transform.matrix
                },
                suspendDevice: { id in
                    self.suspended.append(id)
                    return true
                },
                destroyContext: { _ in self.destroyed += 1 }
            )
        }
    }

    let screen = Size(width: 1280, height: 800)

    func testPathDeviceRefusedWithEACCESThrowsTheInputGroupMessage() {
        let kernel = FakeKernel()
        kernel.openFailures["/dev/input/event7"] = .permissionDenied
        let libinput = FakeLibinput()
        XCTAssertThrowsError(try LibinputBackend(source: .paths(["/dev/input/event7"]), screen: screen,
                                                 system: kernel.calls, calls: libinput.calls, logger: .quiet)) { error in
            let error = error as! InputError
            XCTAssertEqual(error.kind, .permissionDenied)
            XCTAssertEqual(error.call, "open")
            XCTAssertTrue(error.description.contains("add the user to group input"), error.description)
        }
        XCTAssertEqual(libinput.destroyed, 0, "refused before a context was made")
    }

    func testPathDevicesThatOpenAreAccepted() throws {
        let kernel = FakeKernel()
        let libinput = FakeLibinput()
        let backend = try LibinputBackend(source: .paths(["/dev/input/event1", "/dev/input/event2"]), screen: screen,
                                          system: kernel.calls, calls: libinput.calls, logger: .quiet)
        // Each node is checked once by the backend, then opened by libinput.
        XCTAssertEqual(kernel.opened, ["/dev/input/event1", "/dev/input/event2", "/dev/input/event1", "/dev/input/event2"])
        XCTAssertEqual(backend.fileDescriptor, 42)
        backend.close()
        XCTAssertEqual(libinput.destroyed, 1)
    }

    func testDispatchWithNothingPendingIsNotAnError() throws {
        let libinput = FakeLibinput()
        libinput.dispatchError = .wouldBlock
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        XCTAssertEqual(try backend.readEvents(), [])
    }

    func testDispatchFailingOtherwiseIsReported() throws {
        let libinput = FakeLibinput()
        libinput.dispatchError = Errno(rawValue: EIO)
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        XCTAssertThrowsError(try backend.readEvents()) { error in
            XCTAssertEqual((error as! InputError).call, "libinput_dispatch")
        }
    }

    func testHotplugAddsThenRemovesADeviceMidGesture() throws {
        let libinput = FakeLibinput()
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        let panel = LibinputDeviceID(rawValue: 9)
        libinput.queue = [
            .deviceAdded(panel, LibinputDeviceInfo(name: "uinput panel", sysname: "event6", node: "/dev/input/event6",
                                                   hasTouch: true, hasKeyboard: false, hasPointer: false)),
            .touchDown(panel, seatSlot: 0, location: Point(x: 100, y: 200), time: .milliseconds(10)),
            .touchFrame(panel, time: .milliseconds(10)),
        ]
        XCTAssertEqual(try backend.readEvents().count, 2)
        XCTAssertEqual(backend.devices.map(\.node), ["/dev/input/event6"])
        libinput.queue = [.deviceRemoved(panel)]
        let removal = try backend.readEvents()
        XCTAssertEqual(removal.first, .touches(TouchFrame(time: .milliseconds(10), samples: [
            TouchSample(slot: TouchSlot(0), phase: .cancel, location: Point(x: 100, y: 200)),
        ])))
        XCTAssertTrue(backend.devices.isEmpty)
        // A new device afterwards is picked up like the first.
        libinput.queue = [.deviceAdded(LibinputDeviceID(rawValue: 10), LibinputDeviceInfo(
            name: "uinput panel", sysname: "event7", node: "/dev/input/event7",
            hasTouch: true, hasKeyboard: false, hasPointer: false))]
        XCTAssertEqual(try backend.readEvents().count, 1)
    }

    func testConfiguredRotationIsAppliedToTouchscreensAsTheyArrive() throws {
        let libinput = FakeLibinput()
        let transform = ScreenTransform(rotation: .quarter)
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen, transform: transform,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        let panel = LibinputDeviceID(rawValue: 3), keys = LibinputDeviceID(rawValue: 4)
        libinput.queue = [
            .deviceAdded(panel, LibinputDeviceInfo(name: "p", sysname: "event3", node: "/dev/input/event3",
                                                   hasTouch: true, hasKeyboard: false, hasPointer: false)),
            .deviceAdded(keys, LibinputDeviceInfo(name: "k", sysname: "event4", node: "/dev/input/event4",
                                                  hasTouch: false, hasKeyboard: true, hasPointer: false)),
        ]
        _ = try backend.readEvents()
        XCTAssertEqual(libinput.transforms, [panel: transform])
    }

    func testTouchOnlySuspendsEveryOtherDeviceAsItAppearsAndReportsTouchscreensOnly() throws {
        let libinput = FakeLibinput()
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen,
                                          acceptsKeyboards: false, acceptsWheels: false,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        let panel = LibinputDeviceID(rawValue: 3), keys = LibinputDeviceID(rawValue: 4), mouse = LibinputDeviceID(rawValue: 5)
        libinput.queue = [
            .deviceAdded(panel, LibinputDeviceInfo(name: "p", sysname: "event3", node: "/dev/input/event3",
                                                   hasTouch: true, hasKeyboard: false, hasPointer: false)),
            .deviceAdded(keys, LibinputDeviceInfo(name: "k", sysname: "event4", node: "/dev/input/event4",
                                                  hasTouch: false, hasKeyboard: true, hasPointer: false)),
            .deviceAdded(mouse, LibinputDeviceInfo(name: "m", sysname: "event5", node: "/dev/input/event5",
                                                   hasTouch: false, hasKeyboard: false, hasPointer: true)),
        ]
        let events = try backend.readEvents()
        XCTAssertEqual(libinput.suspended, [keys, mouse])
        XCTAssertEqual(events, [.deviceAdded(InputDeviceSummary(name: "p", node: "/dev/input/event3", kind: .touchscreen))])
        XCTAssertEqual(backend.devices.map(\.node), ["/dev/input/event3"])
        // A suspended device going away is nobody's business.
        libinput.queue = [.deviceRemoved(keys)]
        XCTAssertEqual(try backend.readEvents(), [])
    }

    func testWithKeyboardsAcceptedNothingIsSuspended() throws {
        let libinput = FakeLibinput()
        let backend = try LibinputBackend(source: .udev(seat: "seat0"), screen: screen,
                                          system: FakeKernel().calls, calls: libinput.calls, logger: .quiet)
        libinput.queue = [.deviceAdded(LibinputDeviceID(rawValue: 4), LibinputDeviceInfo(
            name: "k", sysname: "event4", node: "/dev/input/event4", hasTouch: false, hasKeyboard: true, hasPointer: false))]
        XCTAssertEqual(try backend.readEvents().count, 1)
        XCTAssertEqual(libinput.suspended, [])
    }
}
