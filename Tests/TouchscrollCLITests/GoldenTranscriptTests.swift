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

    /// Every touch script and synthetic session must have a transcript (real-device recordings that
    /// touchscroll refuses, touchpads, are the only ones `make golden` skips).
    func testEveryBundledScriptAndSyntheticSessionHasATranscript() throws {
        let inputs = try goldenInputs()
        for (folder, suffix) in [("recordings/scripts", ".touches.jsonl"), ("recordings/synthetic", ".evemu")] {
            let files = try FileManager.default.contentsOfDirectory(atPath: TouchscrollProcess.packageRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(suffix) }
            XCTAssertFalse(files.isEmpty, "nothing in \(folder)")
            for file in files {
                XCTAssertTrue(inputs.contains("\(folder)/\(file)"), "\(folder)/\(file) has no golden transcript: run `make golden` and review it")
            }
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
