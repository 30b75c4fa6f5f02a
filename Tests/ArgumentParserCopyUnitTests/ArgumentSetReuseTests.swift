import ArgumentParser
import XCTest

/// A command that hands every argument it does not know to one array, as a wrapper around another
/// tool does.
private struct PassesEverythingOn: ParsableCommand {
    @Flag var verbose = false
    @Argument(parsing: .allUnrecognized) var rest: [String] = []
}

/// The copy of swift-argument-parser in Vendor/ asks whether a command captures every unrecognised
/// argument of the argument set it has just built for the parse, rather than reflecting over the
/// command a second time (its README says why: start-up time). A command that does capture them
/// must still answer the built-in flags among them, as upstream's parser does.
final class ArgumentSetReuseTests: XCTestCase {
    func testACapturedHelpFlagStillAsksForTheHelp() throws {
        for arguments in [["--help"], ["-h"], ["--help-hidden"], ["a", "--help"], ["--verbose", "-h", "b"]] {
            // The parser answers a help flag with its help command instead of the command itself.
            let command = try PassesEverythingOn.parseAsRoot(arguments)
            XCTAssertFalse(command is PassesEverythingOn, "\(arguments) was parsed as arguments to pass on")
        }
    }

    func testACapturedHelpDumpStillDumpsTheHelp() {
        XCTAssertThrowsError(try PassesEverythingOn.parseAsRoot(["--experimental-dump-help"])) { error in
            XCTAssertEqual(PassesEverythingOn.exitCode(for: error), .success)
            XCTAssertTrue(PassesEverythingOn.fullMessage(for: error).hasPrefix("{"),
                          String(PassesEverythingOn.fullMessage(for: error).prefix(80)))
        }
    }

    func testEverythingElseIsCapturedInOrder() throws {
        let command = try XCTUnwrap(try PassesEverythingOn.parseAsRoot(["a", "--verbose", "--b", "-c", "d", "--version"]) as? PassesEverythingOn)
        XCTAssertTrue(command.verbose)
        XCTAssertEqual(command.rest, ["a", "--b", "-c", "d", "--version"])
    }
}
