import CProcessArguments
import Foundation
import XCTest

/// The command line the executable gives Swift's `CommandLine` (Sources/CProcessArguments), taken as
/// glibc hands it to the program's initialisers, must be the one the kernel started the process
/// with.
final class ProcessArgumentsTests: XCTestCase {
    /// The kernel's copy of this process's arguments: /proc/self/cmdline, each one NUL-terminated.
    private func kernelArguments() throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline"))
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The arguments `_swift_stdlib_getUnsafeArgvArgc` gives, checking that argv ends with a null pointer.
    private func givenArguments() throws -> [String] {
        var count: Int32 = -1
        let argv = try XCTUnwrap(_swift_stdlib_getUnsafeArgvArgc(&count))
        XCTAssertGreaterThanOrEqual(count, 0)
        XCTAssertNil(argv[Int(count)], "argv is not terminated by a null pointer")
        return (0..<Int(count)).map { String(cString: argv[$0]!) }
    }

    func testTheArgumentsAreTheOnesTheProcessStartedWith() throws {
        let arguments = try givenArguments()
        XCTAssertEqual(arguments, try kernelArguments())
        XCTAssertFalse(arguments.isEmpty, "not even the program's name")
        XCTAssertEqual(arguments, CommandLine.arguments)
    }

    func testArgumentsSetInTheirPlaceAreGivenUntilCleared() throws {
        let original = try givenArguments()
        let replacement = ["touchscroll", "replay", "", "a b", "ü"]
        var storage = replacement.map { strdup($0) } + [nil]
        defer { storage.forEach { free($0) } }
        storage.withUnsafeMutableBufferPointer { _swift_stdlib_overrideUnsafeArgvArgc($0.baseAddress, Int32(replacement.count)) }
        XCTAssertEqual(try givenArguments(), replacement)
        _swift_stdlib_overrideUnsafeArgvArgc(nil, 0)
        XCTAssertEqual(try givenArguments(), original)
    }
}
