import Foundation
import XCTest

/// Every bundled recording replayed with the committed golden configuration must give exactly the
/// committed transcript. `make golden` regenerates them; a changed golden file is a reviewed change.
final class GoldenTranscriptTests: XCTestCase {
    static let goldenDirectory = TouchscrollProcess.packageRoot.appendingPathComponent("Tests/TouchscrollCLITests/Golden")
    static let configuration = "Tests/TouchscrollCLITests/Golden/golden-config.yaml"

    /// Recordings (relative to the package root) that have a transcript: `Golden/<path>.stream.jsonl`.
    func goldenInputs() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: Self.goldenDirectory.path)
        var inputs: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".stream.jsonl") { inputs.append(String(relative.dropLast(".stream.jsonl".count))) }
        }
        return inputs.sorted()
    }

    func testEveryTouchScriptHasATranscript() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: TouchscrollProcess.packageRoot.appendingPathComponent("recordings/scripts").path)
            .filter { $0.hasSuffix(".touches.jsonl") }
            .map { "recordings/scripts/\($0)" }
        XCTAssertFalse(scripts.isEmpty)
        let inputs = try goldenInputs()
        for script in scripts {
            XCTAssertTrue(inputs.contains(script), "\(script) has no golden transcript: run `make golden` and review it")
        }
    }

    func testEveryTranscriptMatchesByteForByte() throws {
        let inputs = try goldenInputs()
        XCTAssertFalse(inputs.isEmpty, "no golden transcripts in \(Self.goldenDirectory.path)")
        for input in inputs {
            let expected = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(input + ".stream.jsonl"), encoding: .utf8)
            let result = try TouchscrollProcess.run(["replay", "--config", Self.configuration, input])
            XCTAssertEqual(result.status, 0, "\(input): \(result.stderr)")
            if result.stdout != expected {
                let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let firstDifference = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
                XCTFail("""
                \(input): output differs from its golden transcript at line \(firstDifference + 1) \
                (\(got.count) lines, expected \(want.count)); if the change is intended, run `make golden` and review the diff
                  got:      \(firstDifference < got.count ? String(got[firstDifference]) : "<end>")
                  expected: \(firstDifference < want.count ? String(want[firstDifference]) : "<end>")
                """)
            }
        }
    }
}
