import Daemon
import Foundation
import Logging
import ScrollEngine
import XCTest

final class StateStoreTests: XCTestCase {
    var directory: TemporaryDirectory!
    var store: StateStore!
    let gallery = PreservedScrollViewState(contentOffset: Point(x: 12.5, y: 640), zoomScale: 1.75,
                                           contentInset: EdgeInsets(top: 20, left: 0, bottom: 44, right: 0))

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("state")
        store = StateStore(directory: directory.path)
    }

    override func tearDown() { directory.remove() }

    func testASavedStateReadsBackEqual() throws {
        try store.save(PreservedState(scrollViews: ["gallery": gallery]))
        XCTAssertEqual(store.load(), .loaded(PreservedState(scrollViews: ["gallery": gallery])))
        XCTAssertEqual(store.path, directory.file("state.json"))
    }

    func testTheFileIsReadableJSONWithAVersion() throws {
        try store.save(PreservedState(scrollViews: ["gallery": gallery]))
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertEqual(text, """
            {"scrollViews":{"gallery":{"contentInset":{"bottom":44,"left":0,"right":0,"top":20},\
            "contentOffset":{"x":12.5,"y":640},"zoomScale":1.75}},"version":1}

            """)
    }

    func testNoFileMeansDefaultsWithoutAWarning() {
        let sink = InMemoryLogLines()
        XCTAssertEqual(store.load(), .missing)
        XCTAssertEqual(store.loadOrDefaults(logger: logger(sink)), PreservedState())
        XCTAssertFalse(sink.lines.contains { $0.hasPrefix("<4>") })
    }

    func testACorruptFileMeansDefaultsAndAWarningNamingTheProblem() throws {
        try Data("{\"version\":1,\"scrollViews\":{\"gallery\":{\"contentOff".utf8).write(to: URL(fileURLWithPath: store.path))
        guard case .unreadable(let reason) = store.load() else { return XCTFail("expected unreadable") }
        XCTAssertTrue(reason.hasPrefix("not valid JSON"), reason)

        let sink = InMemoryLogLines()
        XCTAssertEqual(store.loadOrDefaults(logger: logger(sink)), PreservedState())
        XCTAssertEqual(sink.lines.count, 1)
        XCTAssertTrue(sink.lines[0].hasPrefix("<4>state: state file unreadable, starting from the configuration path="), sink.lines[0])
    }

    func testAFileOfTheRightShapeButWrongTypesNamesTheKeyPath() throws {
        try Data(#"{"version":1,"scrollViews":{"gallery":{"contentOffset":{"x":"far","y":0},"zoomScale":1,"contentInset":{"top":0,"left":0,"bottom":0,"right":0}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        XCTAssertEqual(store.load(), .unreadable(reason: "expected Double at scrollViews.gallery.contentOffset.x"))
    }

    func testAMissingKeyIsNamed() throws {
        try Data(#"{"version":1,"scrollViews":{"gallery":{"contentOffset":{"x":0,"y":0},"contentInset":{"top":0,"left":0,"bottom":0,"right":0}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: store.path))
        XCTAssertEqual(store.load(), .unreadable(reason: "missing key zoomScale at scrollViews.gallery"))
    }

    func testAnotherVersionMeansDefaultsAndAWarning() throws {
        try Data(#"{"version":2,"scrollViews":{"gallery":{"offset":[1,2]}}}"#.utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertEqual(store.load(), .versionMismatch(found: 2))
        let sink = InMemoryLogLines()
        XCTAssertEqual(store.loadOrDefaults(logger: logger(sink)), PreservedState())
        XCTAssertEqual(sink.lines, ["<4>state: state file has another format version, starting from the configuration expected=1 found=2 path=\(store.path)\n"])
    }

    func testAnEmptyFileAndADirectoryInItsPlaceAreUnreadableNotFatal() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data()))
        guard case .unreadable = store.load() else { return XCTFail("empty file should be unreadable") }
        try FileManager.default.removeItem(atPath: store.path)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
        guard case .unreadable(let reason) = store.load() else { return XCTFail("directory should be unreadable") }
        XCTAssertTrue(reason.hasSuffix("is a directory, not a regular file"), reason)
    }

    func testSavingIntoAMissingDirectoryIsAnErrorValue() {
        let nowhere = StateStore(directory: directory.file("does-not-exist"))
        XCTAssertThrowsError(try nowhere.save(PreservedState())) { error in
            XCTAssertEqual((error as? SystemCallError)?.operation, "mkstemp")
        }
    }

    func testASaveLeavesNoTemporaryFileBehind() throws {
        try store.save(PreservedState(scrollViews: ["gallery": gallery]))
        try store.save(PreservedState())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["state.json"])
    }

    func logger(_ sink: InMemoryLogLines) -> Logger {
        Logger(label: "state") { JournalLogHandler(label: $0, sink: sink) }
    }
}
