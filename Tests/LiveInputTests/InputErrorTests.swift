import SystemInterface
import XCTest
@testable import LiveInput

final class InputErrorTests: XCTestCase {
    func testOpenRefusedWithEACCESNamesTheNodeAndTheInputGroup() {
        let kernel = FakeKernel()
        kernel.openFailures["/dev/input/event3"] = .permissionDenied
        XCTAssertThrowsError(try kernel.calls.checkedOpen("/dev/input/event3", flags: 0)) { error in
            let error = error as! InputError
            XCTAssertEqual(error.kind, .permissionDenied)
            XCTAssertEqual(error.device, "/dev/input/event3")
            XCTAssertTrue(error.description.contains("/dev/input/event3"), error.description)
            XCTAssertTrue(error.description.contains("group input"), error.description)
            XCTAssertTrue(error.description.contains("systemd unit"), error.description)
        }
    }

    func testENODEVMeansTheDeviceWasRemoved() {
        let error = InputError(call: "libevdev_next_event", errno: .noSuchDevice, device: "/dev/input/event5")
        XCTAssertEqual(error.kind, .deviceRemoved)
        XCTAssertEqual(error.description, "libevdev_next_event /dev/input/event5: device removed (No such device)")
    }

    func testEAGAINMeansNoMoreEvents() {
        XCTAssertEqual(InputError(call: "read", errno: .wouldBlock).kind, .noMoreEvents)
    }

    func testOtherNumbersKeepTheirCText() {
        let error = InputError(call: "epoll_create1", errno: Errno(rawValue: 24))
        XCTAssertEqual(error.kind, .failed)
        XCTAssertEqual(error.description, "epoll_create1 failed: Too many open files (errno 24)")
    }
}
