import Daemon
import Foundation
import Glibc
import Logging
import ScrollEngine
import XCTest

/// State files that blocked start-up for ever, read until allocation failed, or restored a value
/// that crashed the daemon on the first touch: each now gives the configuration's defaults and a
/// warning naming the problem.
final class StateFileAbuseTests: XCTestCase {
    var directory: TemporaryDirectory!
    var store: StateStore!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("state-abuse")
        store = StateStore(directory: directory.path)
    }

    override func tearDown() { directory.remove() }

    /// Loads through a preserver and returns what it restored and the warnings it logged.
    func preserve() -> (preserved: PreservedScrollViewState?, warnings: [String]) {
        let sink = InMemoryLogLines()
        let preserver = StatePreserver(store: store, restorationIdentifier: "feed",
                                       logger: Logger(label: "state") { JournalLogHandler(label: $0, sink: sink) })
        return (preserver.preserved, sink.lines.filter { $0.hasPrefix("<4>") })
    }

    func testAFIFOInPlaceOfTheStateFileDoesNotBlockStartUp() {
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        XCTAssertEqual(store.load(), .unreadable(reason: "\(store.path) is a FIFO, not a regular file"))
        let (preserved, warnings) = preserve()
        XCTAssertNil(preserved)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("state file unreadable, starting from the configuration"), warnings[0])
    }

    func testASymlinkToDevZeroIsNotReadUntilMemoryRunsOut() {
        XCTAssertEqual(symlink("/dev/zero", store.path), 0)
        XCTAssertEqual(store.load(), .unreadable(reason: "\(store.path) is a device, not a regular file"))
        XCTAssertNil(preserve().preserved)
    }

    func testAHugeStateFileIsRefusedWithoutReadingIt() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: store.path))
        try handle.truncate(atOffset: 64 * 1024 * 1024)  // sparse: 64 MiB of zeros
        try handle.close()
        XCTAssertEqual(store.load(), .unreadable(reason: "\(store.path) is larger than 1048576 bytes"))
        XCTAssertNil(preserve().preserved)
    }

    /// The daemon used to save a −1e308 inset and crash on the first touch after every restart.
    func testPoisonedValuesAreIgnoredWithAWarningNamingTheField() throws {
        let cases: [(String, String)] = [
            (#""contentOffset":{"x":0,"y":0},"zoomScale":1,"contentInset":{"top":-1e308,"left":-1e308,"bottom":-1e308,"right":-1e308}"#,
             "contentInset.top must be between -1e7 and 1e7 points"),
            (#""contentOffset":{"x":1e300,"y":0},"zoomScale":1,"contentInset":{"top":0,"left":0,"bottom":0,"right":0}"#,
             "contentOffset.x must be between -1e7 and 1e7 points"),
            (#""contentOffset":{"x":0,"y":0},"zoomScale":1.7976931348623157e308,"contentInset":{"top":0,"left":0,"bottom":0,"right":0}"#,
             "zoomScale must be from 0.001 to 1000"),
            (#""contentOffset":{"x":0,"y":0},"zoomScale":-1,"contentInset":{"top":0,"left":0,"bottom":0,"right":0}"#,
             "zoomScale must be from 0.001 to 1000"),
        ]
        for (entry, problem) in cases {
            try Data(#"{"version":1,"scrollViews":{"feed":{\#(entry)}}}"#.utf8).write(to: URL(fileURLWithPath: store.path))
            let (preserved, warnings) = preserve()
            XCTAssertNil(preserved, entry)
            XCTAssertEqual(warnings.count, 1, "\(warnings)")
            XCTAssertTrue(warnings.first?.contains("preserved state has values out of range, ignoring it") ?? false, "\(warnings)")
            XCTAssertTrue(warnings.first?.contains(problem) ?? false, "\(warnings) should name \(problem)")
        }
    }

    func testTheEdgesOfTheRangesAreRestored() throws {
        try Data(#"{"version":1,"scrollViews":{"feed":{"contentOffset":{"x":-1e7,"y":1e7},"zoomScale":1000,"contentInset":{"top":-1e7,"left":1e7,"bottom":0,"right":0}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        let (preserved, warnings) = preserve()
        XCTAssertEqual(preserved?.zoomScale, 1000)
        XCTAssertEqual(warnings, [])
    }
}
