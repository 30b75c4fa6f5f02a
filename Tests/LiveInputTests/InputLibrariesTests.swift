import SystemInterface
import XCTest
@testable import LiveInput

/// libudev, libevdev and libinput are loaded at run time by the commands that read live input.
final class InputLibrariesTests: XCTestCase {
    func testTheInstalledLibrariesLoad() throws {
        // The build needs libinput-dev, libevdev-dev and libudev-dev, which bring the runtime libraries.
        XCTAssertNoThrow(try InputLibraries.load())
        XCTAssertNoThrow(try InputLibraries.load(InputLibraries.Names()))
    }

    func testAMissingLibinputSaysWhichPackageToInstall() {
        var names = InputLibraries.Names()
        names.input = "libinput.so.99"
        XCTAssertThrowsError(try InputLibraries.load(names)) { error in
            let error = error as! InputError
            XCTAssertEqual(error.kind, .libraryMissing)
            XCTAssertEqual(error.call, "dlopen")
            XCTAssertEqual(error.device, "libinput.so.99")
            XCTAssertTrue(error.description.hasPrefix("libinput is not installed: apt install libinput10 (libinput.so.99: "),
                          error.description)
        }
    }

    func testAMissingLibevdevOrLibudevIsNamedToo() {
        var names = InputLibraries.Names()
        names.evdev = "libevdev.so.99"
        XCTAssertThrowsError(try InputLibraries.load(names)) { error in
            XCTAssertTrue("\(error)".hasPrefix("libevdev is not installed: apt install libevdev2"), "\(error)")
        }
        names = InputLibraries.Names()
        names.udev = "libudev.so.99"
        XCTAssertThrowsError(try InputLibraries.load(names)) { error in
            XCTAssertTrue("\(error)".hasPrefix("libudev is not installed: apt install libudev1"), "\(error)")
        }
    }

    func testDescribingANodeWithoutLibevdevReportsTheLibraryBeforeOpeningAnything() throws {
        let kernel = FakeKernel()
        var evdev = EvdevBackendTests.FakeLibevdev().calls
        let missing = InputError(call: "dlopen", errno: Errno(rawValue: ELIBACC), device: "libevdev.so.2",
                                 detail: "libevdev is not installed: apt install libevdev2")
        evdev.loadLibraries = { () throws(InputError) in throw missing }
        let catalog = DeviceCatalog(system: kernel.calls, udev: UdevCalls(inputDevices: { [] }), evdev: evdev)
        let listings = try catalog.list(nodes: ["/dev/input/event3"])
        XCTAssertEqual(listings.first?.error, missing)
        XCTAssertEqual(listings.first?.error?.kind, .libraryMissing)
        XCTAssertThrowsError(try RawEvdevReader(node: "/dev/input/event3", system: kernel.calls, evdev: evdev)) { error in
            XCTAssertEqual(error as? InputError, missing)
        }
        XCTAssertEqual(kernel.opened, [], "no node is opened when the library is missing")
    }
}
