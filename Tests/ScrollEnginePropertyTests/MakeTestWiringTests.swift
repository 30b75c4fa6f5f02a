#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// The property test is CI's guard on the engine only if CI really runs it: `.ci/run` runs `make test`,
/// whose `swift-test` step runs every test target (no `--filter` or `--skip` that could leave this one out)
/// without setting PROPERTY_SESSIONS, so EnginePropertyTests runs its default count of sessions. These checks
/// read the files CI reads, so a change to the wiring fails here rather than silently dropping the property.
final class MakeTestWiringTests: XCTestCase {
    /// The repository's root: three levels above this file.
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static func read(_ relative: String) -> String? {
        guard let file = fopen(root + "/" + relative, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The recipe lines of a make target (the tab-indented lines after `name:`).
    static func recipe(_ target: String, in makefile: String) -> [String]? {
        let lines = makefile.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(target + ":") }) else { return nil }
        return Array(lines[(start + 1)...].prefix { $0.hasPrefix("\t") })
    }

    func testCIRunsMakeTest() throws {
        let ci = try XCTUnwrap(Self.read(".ci/run"), "no .ci/run")
        XCTAssertTrue(ci.split(separator: "\n").contains { $0.split(separator: " ").joined(separator: " ") == "make test" }, ".ci/run does not run `make test`")
    }

    func testMakeTestRunsEveryTestTargetWithTheDefaultSessionCount() throws {
        let makefile = try XCTUnwrap(Self.read("Makefile"), "no Makefile")
        let test = makefile.split(separator: "\n").first { $0.hasPrefix("test:") }
        XCTAssertNotNil(test?.split(separator: " ").first { $0 == "swift-test" }, "`make test` does not depend on swift-test")
        let recipe = try XCTUnwrap(Self.recipe("swift-test", in: makefile), "no swift-test target")
        let run = recipe.filter { $0.contains("$(SWIFT) test") }
        XCTAssertEqual(run.count, 1, "swift-test runs `swift test` once: \(recipe)")
        for line in run {
            XCTAssertFalse(line.contains("--filter") || line.contains("--skip ") || line.hasSuffix("--skip"), "swift-test leaves tests out: \(line)")
            XCTAssertFalse(line.contains("PROPERTY_"), "swift-test changes the property test's sessions: \(line)")
        }
        XCTAssertEqual(EnginePropertyTests.defaultSessions, 2_000, "CI runs 2 000 sessions")
    }
}
