import Foundation
import XCTest

/// The copy of swift-argument-parser in Vendor/ reads a command's arguments from its stored
/// properties with the standard library's field walker rather than `Mirror`, finds the command
/// stack without dynamic casts and spells the `--help-hidden` flag out (its README says why: start-up
/// time). What a user sees must be what upstream's parser shows.
final class ArgumentParserCopyTests: XCTestCase {
    /// Every command's arguments (names, kinds, defaults, help texts, their order, the option groups'
    /// among them) as `--experimental-dump-help` describes the whole command tree, pinned in
    /// `Golden/dump-help.json`. The file was first written by upstream's parser, which read the
    /// arguments with `Mirror`. `make golden` writes it again when a command's options change: a
    /// changed file is a reviewed change.
    func testEveryCommandsArgumentsAreThePinnedOnes() throws {
        let result = try TouchscrollProcess.run(["--experimental-dump-help"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = GoldenTranscriptTests.goldenDirectory.appendingPathComponent("dump-help.json")
        let pinned = try String(contentsOf: golden, encoding: .utf8)
        XCTAssertEqual(result.stdout, pinned, "the commands' arguments changed; if on purpose, run `make golden` and review the diff")
        for command in ["replay", "plot", "render", "record", "run", "daemon", "calibrate", "check", "defaults", "devices"] {
            XCTAssertTrue(pinned.contains("\"commandName\" : \"\(command)\""), command)
        }
    }

    /// `--help-hidden` is accepted by every command; touchscroll hides no option, so it shows what
    /// `--help` shows.
    func testHelpHiddenShowsTheHelp() throws {
        for command in [[], ["replay"], ["daemon"], ["config", "check"]] {
            let help = try TouchscrollProcess.run(command + ["--help"])
            let hidden = try TouchscrollProcess.run(command + ["--help-hidden"])
            XCTAssertEqual(hidden.status, 0, "\(command): \(hidden.stderr)")
            XCTAssertEqual(hidden.stdout, help.stdout, "\(command)")
            XCTAssertTrue(hidden.stdout.hasPrefix("OVERVIEW: "), "\(command): \(hidden.stdout.prefix(80))")
        }
    }
}
