import Daemon
import Foundation
import Glibc
import XCTest

/// The real daemon process against the inputs that killed it: a poisoned or special state file at
/// start, requests the engine cannot honour, and a reload with a configuration that is valid YAML
/// but used to crash replay.
extension DaemonProcessTests {
    func testAPoisonedStateFileGivesDefaultsAndTheDaemonSurvivesTheRequestsThatKilledIt() throws {
        try Data(#"{"version":1,"scrollViews":{"scrollView":{"contentOffset":{"x":0,"y":100},"zoomScale":1,"contentInset":{"top":-1e308,"left":-1e308,"bottom":-1e308,"right":-1e308}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory.file("state/state.json")))
        let daemon = try startDaemon()
        XCTAssertTrue(expectDatagram().hasPrefix("READY=1"))
        let client = try control()
        XCTAssertEqual(try stateOffsetY(client), 0, "the configuration's offset, not the poisoned state's")
        XCTAssertEqual(request(client, #"{"command":"setContentInset","inset":{"top":-1e308,"left":-1e308,"bottom":-1e308,"right":-1e308}}"#),
                       #"{"error":"setContentInset: \"inset.top\" must be between -1e7 and 1e7 points","ok":false}"#)
        XCTAssertEqual(request(client, #"{"command":"setContentSize","size":{"width":1.7976931348623157e308,"height":1}}"#),
                       #"{"error":"setContentSize: \"size.width\" must be at most 1e7 points","ok":false}"#)
        XCTAssertEqual(request(client, #"{"command":"setContentOffset","offset":{"x":0,"y":3000},"animated":true}"#), #"{"ok":true}"#)
        let state = try XCTUnwrap(request(client, #"{"command":"state"}"#))
        XCTAssertFalse(state.contains("null"), state)
        stop(daemon)
        XCTAssertTrue(daemonLog.contains("<4>touchscroll.state: preserved state has values out of range, ignoring it"), daemonLog)
        XCTAssertTrue(daemonLog.contains("contentInset.top must be between -1e7 and 1e7 points"), daemonLog)
    }

    func testAFIFOInPlaceOfTheStateFileDoesNotBlockStartUp() throws {
        XCTAssertEqual(mkfifo(directory.file("state/state.json"), 0o600), 0)
        let daemon = try startDaemon()
        XCTAssertTrue(expectDatagram().hasPrefix("READY=1"))
        XCTAssertEqual(try stateOffsetY(try control()), 0)
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
        XCTAssertEqual(daemon.terminationReason, .exit)
        XCTAssertTrue(daemonLog.contains("is a FIFO, not a regular file"), daemonLog)
    }

    func testSighupWithAConfigurationThatCrashedReplayIsRejectedAndTheDaemonCarriesOn() throws {
        let daemon = try startDaemon()
        _ = expectDatagram()
        let client = try control()
        for yaml in [
            "scrollView:\n  longPress: { enabled: true, minimumPressDuration: 1e15 }\n",
            "scrollView:\n  contentInset: { top: -1e300, left: -1e300, bottom: -1e300, right: -1e300 }\n",
            "scrollView:\n  contentOffset: { x: 1e300, y: -1e300 }\n",
        ] {
            try yaml.write(toFile: configPath, atomically: true, encoding: .utf8)
            kill(daemon.processIdentifier, SIGHUP)
            XCTAssertTrue(expectDatagram(startingWith: "RELOADING=1").hasPrefix("RELOADING=1"))
            XCTAssertTrue(expectDatagram(startingWith: "READY=1").hasPrefix("READY=1"))
            let state = try XCTUnwrap(request(client, #"{"command":"state"}"#))
            XCTAssertTrue(state.contains(#""contentSize":{"height":4000,"width":800}"#), state)
        }
        stop(daemon)
        XCTAssertEqual(daemonLog.components(separatedBy: "reload rejected, the running configuration stays").count - 1, 3, daemonLog)
    }
}
