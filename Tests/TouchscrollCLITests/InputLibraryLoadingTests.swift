import Foundation
import XCTest

/// The executable does not link libinput, libevdev or libudev: the commands that read live input load
/// them when they first reach for a device, and `replay` or `config check` never map them. Proven with the
/// dynamic loader's own account (`LD_DEBUG=files` writes one `file=…` line per library it maps).
final class InputLibraryLoadingTests: XCTestCase {
    /// The shared libraries the process mapped, as the loader names them (`libc.so.6`, …).
    func mappedLibraries(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (TouchscrollProcess.Result, [String]) {
        let result = try TouchscrollProcess.run(arguments, environment: ["LD_DEBUG": "files"])
        let names = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        XCTAssertTrue(names.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG=files names every library, libc too: \(names)",
                      file: file, line: line)
        return (result, Array(Set(names)).sorted())
    }

    func isInputLibrary(_ name: String) -> Bool {
        ["libinput.so", "libevdev.so", "libudev.so"].contains { name.hasPrefix($0) }
    }

    func testReplayMapsNoInputLibrary() throws {
        let (result, libraries) = try mappedLibraries(["replay", "--config", "config/example.yaml", "recordings/scripts/flick.touches.jsonl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.isEmpty)
        XCTAssertEqual(libraries.filter(isInputLibrary), [])
    }

    func testConfigCheckMapsNoInputLibrary() throws {
        let (result, libraries) = try mappedLibraries(["config", "check", "config/example.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(libraries.filter(isInputLibrary), [])
    }

    /// `devices` asks udev for the input devices: it loads all three (and still reports as before on a
    /// machine without /dev/input).
    func testDevicesLoadsThem() throws {
        let (_, libraries) = try mappedLibraries(["devices"])
        XCTAssertEqual(libraries.filter(isInputLibrary), ["libevdev.so.2", "libinput.so.10", "libudev.so.1"])
    }
}
