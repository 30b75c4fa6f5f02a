import Daemon
import Foundation
import Logging
import XCTest

/// SIGKILL lands at random points while `daemon-state-writer` rewrites the state file as fast as it
/// can; after every kill the file must hold one complete generation (every entry has the same
/// contentOffset.y), never a torn or empty file, and generations never go backwards.
final class StateCrashSafetyTests: XCTestCase {
    func testSIGKILLDuringStateWritesNeverLeavesACorruptFile() throws {
        let writer = try XCTUnwrap(BuiltExecutable.path("daemon-state-writer"),
                                   "daemon-state-writer is built with the tests (swift build --build-tests)")
        let directory = try TemporaryDirectory("crash")
        defer { directory.remove() }
        let store = StateStore(directory: directory.path)

        var generation = 0
        var killsMidWrite = 0
        var kills = 0
        // At least 50 kills, and on until 3 of them landed inside a write (a fast, idle machine keeps the
        // temporary file alive only briefly), at most 400.
        for iteration in 0..<400 {
            if iteration >= 50 && killsMidWrite >= 3 { break }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [directory.path]
            try process.run()
            if iteration.isMultiple(of: 2) {
                usleep(useconds_t(30_000 + (iteration * 7_919) % 90_000))  // 30–120 ms, spread over the write cycle
            } else {
                // Aim at a write in progress: kill as soon as its temporary file exists (at most 2 s).
                let deadline = Date().addingTimeInterval(2)
                while Date() < deadline,
                      (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.contains(where: { $0 != "state.json" }) != true {
                    usleep(50)
                }
            }
            kill(process.processIdentifier, SIGKILL)
            kills += 1
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the writer must die by SIGKILL, not exit")

            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "state.json" }
            if !leftovers.isEmpty { killsMidWrite += 1 }

            switch store.load() {
            case .missing:
                XCTAssertEqual(generation, 0, "iteration \(iteration): the state file disappeared")
            case .loaded(let state):
                let generations = Set(state.scrollViews.values.map(\.contentOffset.y))
                XCTAssertEqual(state.scrollViews.count, 400, "iteration \(iteration): incomplete state")
                XCTAssertEqual(generations.count, 1, "iteration \(iteration): mixed generations \(generations.sorted().prefix(3))")
                let found = Int(generations.first ?? 0)
                XCTAssertGreaterThanOrEqual(found, generation, "iteration \(iteration): went back in time")
                generation = found
            case .unreadable(let reason):
                XCTFail("iteration \(iteration): corrupt state file: \(reason)")
            case .versionMismatch(let found):
                XCTFail("iteration \(iteration): version \(found)")
            }
        }
        XCTAssertGreaterThan(generation, 0, "the writer completed writes between the kills")
        XCTAssertGreaterThan(killsMidWrite, 0, "some kills landed inside a write (a temporary file was left)")
        print("state crash test: \(kills) kills, \(killsMidWrite) left a temporary file (killed mid-write), reached generation \(generation)")

        store.removeLeftoverTemporaryFiles(logger: Logger(label: "test"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["state.json"])
    }
}
