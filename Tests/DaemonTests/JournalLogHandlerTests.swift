import Daemon
import Logging
import XCTest

/// Collects the lines a handler writes, in order.
final class InMemoryLogLines: LogLineSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func write(line: String) { lock.withLock { stored.append(line) } }
}

final class JournalLogHandlerTests: XCTestCase {
    func makeLogger(_ sink: InMemoryLogLines, level: Logger.Level = .trace) -> Logger {
        Logger(label: "touchscroll.test") { label in JournalLogHandler(label: label, sink: sink, logLevel: level) }
    }

    func testEachLevelGetsItsJournalPriorityPrefix() {
        let sink = InMemoryLogLines()
        let log = makeLogger(sink)
        log.trace("t")
        log.debug("d")
        log.info("i")
        log.notice("n")
        log.warning("w")
        log.error("e")
        log.critical("c")
        XCTAssertEqual(sink.lines, [
            "<7>touchscroll.test: t\n",
            "<7>touchscroll.test: d\n",
            "<6>touchscroll.test: i\n",
            "<5>touchscroll.test: n\n",
            "<4>touchscroll.test: w\n",
            "<3>touchscroll.test: e\n",
            "<2>touchscroll.test: c\n",
        ])
    }

    func testMetadataIsWrittenAsSortedKeyValuePairsQuotedWhenNeeded() {
        let sink = InMemoryLogLines()
        var log = makeLogger(sink)
        log[metadataKey: "device"] = "/dev/input/event3"
        log.warning("state file is corrupt", metadata: ["path": "/var/lib/x y.json", "attempt": "2", "empty": ""])
        XCTAssertEqual(sink.lines, [
            "<4>touchscroll.test: state file is corrupt attempt=2 device=/dev/input/event3 empty=\"\" path=\"/var/lib/x y.json\"\n",
        ])
    }

    func testAMultiLineMessageStaysOneLine() {
        let sink = InMemoryLogLines()
        makeLogger(sink).error("first\nsecond", metadata: ["why": "a\nb"])
        XCTAssertEqual(sink.lines, ["<3>touchscroll.test: first\\nsecond why=a\\nb\n"])
    }

    func testMessagesBelowTheLevelAreDropped() {
        let sink = InMemoryLogLines()
        let log = makeLogger(sink, level: .warning)
        log.info("quiet")
        log.debug("quieter")
        log.error("loud")
        XCTAssertEqual(sink.lines, ["<3>touchscroll.test: loud\n"])
    }

    func testNestedMetadataIsFlattenedOnTheLine() {
        let line = JournalLogHandler.formatLine(
            priority: .info, label: "", message: "devices",
            metadata: ["nodes": .array(["/dev/input/event1", "/dev/input/event2"]), "size": .dictionary(["w": "800", "h": "480"])])
        XCTAssertEqual(line, "<6>devices nodes=[/dev/input/event1,/dev/input/event2] size={h=480,w=800}\n")
    }

    func testAMetadataProviderContributesAndCallSiteMetadataWins() {
        let sink = InMemoryLogLines()
        let provider = Logger.MetadataProvider { ["seat": "seat0", "device": "provided"] }
        let log = Logger(label: "p") { JournalLogHandler(label: $0, sink: sink, metadataProvider: provider) }
        log.info("opened", metadata: ["device": "event4"])
        XCTAssertEqual(sink.lines, ["<6>p: opened device=event4 seat=seat0\n"])
    }
}

/// journald is detected as systemd does: `JOURNAL_STREAM=device:inode` must name stderr itself.
final class JournalStreamTests: XCTestCase {
    func testOnlyAMatchingDeviceAndInodeCountsAsTheJournal() {
        XCTAssertTrue(JournalStream.matches("64768:1234567", device: 64768, inode: 1234567))
        XCTAssertFalse(JournalStream.matches("64768:1234568", device: 64768, inode: 1234567), "stderr redirected since")
        XCTAssertFalse(JournalStream.matches("1:1234567", device: 64768, inode: 1234567))
        XCTAssertFalse(JournalStream.matches(nil, device: 64768, inode: 1234567))
        XCTAssertFalse(JournalStream.matches("", device: 0, inode: 0))
        XCTAssertFalse(JournalStream.matches("64768", device: 64768, inode: 0))
        XCTAssertFalse(JournalStream.matches("64768:1234567:9", device: 64768, inode: 1234567))
        XCTAssertFalse(JournalStream.matches("a:b", device: 0, inode: 0))
    }

    func testALineGetsItsPrefixOnlyUnderTheJournal() {
        XCTAssertEqual(JournalStream.line(.error, "touchscroll: cannot write x", journal: true), "<3>touchscroll: cannot write x")
        XCTAssertEqual(JournalStream.line(.error, "touchscroll: cannot write x", journal: false), "touchscroll: cannot write x")
    }

    func testPlainTextLinesNameTheSeverityInAWord() {
        let sink = InMemoryLogLines()
        let log = Logger(label: "touchscroll.test") { JournalLogHandler(label: $0, sink: sink, logLevel: .trace, journal: false) }
        log.debug("d")
        log.info("i")
        log.notice("n")
        log.warning("w", metadata: ["path": "/x"])
        log.error("e")
        log.critical("c")
        XCTAssertEqual(sink.lines, [
            "touchscroll.test: debug: d\n",
            "touchscroll.test: i\n",
            "touchscroll.test: n\n",
            "touchscroll.test: warning: w path=/x\n",
            "touchscroll.test: error: e\n",
            "touchscroll.test: error: c\n",
        ])
    }
}
