import XCTest

/// Every command logs the same way: `<N>` journald priority prefixes only when stderr is the
/// journal (`JOURNAL_STREAM` naming stderr's device and inode, as systemd sets it), plain text
/// (`touchscroll: warning: …`) on a terminal, in a file or a pipe.
final class LogPrefixCommandTests: XCTestCase {
    /// A touch script that ends with a finger still down: replay warns that it cancelled it.
    let fingerLeftDown = "{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 100, \"y\": 100}\n"

    func testAReplayWarningIsPlainTextOutsideTheJournal() throws {
        let result = try TouchscrollProcess.run(["replay", "-"], stdin: fingerLeftDown)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("touchscroll.replay: warning: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("cancelled them"), result.stderr)
        XCTAssertFalse(result.stderr.contains("<4>"), result.stderr)
    }

    func testAReplayWarningCarriesPriorityFourUnderTheJournal() throws {
        let result = try TouchscrollProcess.run(["replay", "-"], stdin: fingerLeftDown, journal: true)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("<4>touchscroll.replay: warning: "), result.stderr)
    }

    func testAnErrorIsPlainOutsideTheJournalAndPriorityThreeUnderIt() throws {
        let plain = try TouchscrollProcess.run(["replay", "/nonexistent/session.evemu"])
        XCTAssertNotEqual(plain.status, 0)
        XCTAssertTrue(plain.stderr.hasPrefix("touchscroll: "), plain.stderr)
        let journal = try TouchscrollProcess.run(["replay", "/nonexistent/session.evemu"], journal: true)
        XCTAssertTrue(journal.stderr.hasPrefix("<3>touchscroll: "), journal.stderr)
        XCTAssertEqual(String(journal.stderr.dropFirst(3)), plain.stderr)
    }

    func testAJournalStreamThatNamesAnotherFileIsIgnored() throws {
        // systemd's variable is inherited by children whose stderr was redirected: it must not count.
        setenv("JOURNAL_STREAM", "1:1", 1)
        defer { unsetenv("JOURNAL_STREAM") }
        let result = try TouchscrollProcess.run(["replay", "-"], stdin: fingerLeftDown)
        XCTAssertTrue(result.stderr.contains("touchscroll.replay: warning: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("<4>"), result.stderr)
    }

    func testRenderWarnsLikeTheOtherCommands() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try TouchscrollProcess.run(["render", "-", "--png", dir.path], stdin: fingerLeftDown, journal: true)
        XCTAssertTrue(result.stderr.contains("<4>touchscroll.replay: warning: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("<6>touchscroll: render: "), result.stderr)
    }
}
