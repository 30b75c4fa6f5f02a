import Foundation
import XCTest

/// The README and docs/*.md are read by people who copy their examples: every configuration example must be
/// accepted by `config check`, every `touchscroll` command line must use a subcommand and options the binary
/// has, and a command that needs only files of this repository is run, and must print what the document shows.
final class DocumentationExamplesTests: XCTestCase {
    struct Block {
        var file: String
        var line: Int
        var language: String
        var lines: [String]
        var place: String { "\(file):\(line)" }
    }

    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: TouchscrollProcess.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    /// Fenced code blocks (```language … ```) of every document.
    static func blocks(language wanted: Set<String>) throws -> [Block] {
        var blocks: [Block] = []
        for document in documents {
            let text = try String(contentsOf: TouchscrollProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
            var current: Block?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") {
                    if let block = current { if wanted.contains(block.language) { blocks.append(block) }; current = nil }
                    else { current = Block(file: document, line: index + 1, language: String(line.dropFirst(3)), lines: []) }
                } else {
                    current?.lines.append(String(line))
                }
            }
        }
        return blocks
    }

    /// The `touchscroll …` invocations of a shell or console block: `$ ` prompts and `# comments` removed,
    /// continuation lines joined, each with the block's output lines that follow it (console blocks).
    struct Invocation {
        var place: String
        var words: [String]          // from the word after `touchscroll`, up to a redirection or pipe
        var shownOutput: [String]
    }

    static func invocations(in block: Block) -> [Invocation] {
        var result: [Invocation] = []
        var pending = ""
        for (offset, raw) in block.lines.enumerated() {
            var line = raw
            if block.language == "console" {
                guard line.hasPrefix("$ ") else {
                    if !result.isEmpty, result[result.count - 1].place.hasPrefix(block.file) { result[result.count - 1].shownOutput.append(line) }
                    continue
                }
                line.removeFirst(2)
            }
            if let hash = line.range(of: " #") { line = String(line[..<hash.lowerBound]) }
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            let command = pending + line
            pending = ""
            // Each simple command of the line; touchscroll must be its program (after `sudo`/`stdbuf -oL`),
            // not an argument of another one (`systemctl status touchscroll`).
            var words: [String] = []
            for word in command.split(whereSeparator: { $0 == " " }).map(String.init) + ["&&"] {
                guard ["|", "||", "&&", ";", "&"].contains(word) else { words.append(word); continue }
                var program = words.drop { $0 == "sudo" || $0 == "exec" || $0 == "stdbuf" || $0.hasPrefix("-o") }
                words = []
                guard let first = program.first, first == "touchscroll" || first.hasSuffix("/touchscroll") else { continue }
                program = program.dropFirst()
                let arguments = Array(program.prefix { !($0.hasPrefix(">") || $0.hasPrefix("2>") || $0 == "<") })
                result.append(Invocation(place: "\(block.file):\(block.line + 1 + offset)", words: arguments, shownOutput: []))
            }
        }
        return result
    }

    func testEveryYAMLExampleIsAcceptedByConfigCheck() throws {
        let blocks = try Self.blocks(language: ["yaml"])
        XCTAssertGreaterThanOrEqual(blocks.count, 2, "README and docs/configuration.md have YAML examples")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-doc-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for block in blocks {
            try block.lines.joined(separator: "\n").write(to: scratch, atomically: true, encoding: .utf8)
            let result = try TouchscrollProcess.run(["config", "check", scratch.path])
            XCTAssertEqual(result.status, 0, "\(block.place): the example is not a valid configuration:\n\(result.stderr)")
        }
    }

    func testEveryCommandExampleUsesASubcommandAndOptionsTheBinaryHas() throws {
        let invocations = try Self.blocks(language: ["sh", "console"]).flatMap(Self.invocations(in:))
        XCTAssertGreaterThanOrEqual(invocations.count, 8)
        var helpCache: [String: String] = [:]
        for invocation in invocations {
            guard let subcommand = invocation.words.first else { XCTFail("\(invocation.place): `touchscroll` with no subcommand"); continue }
            var path = [subcommand]
            if subcommand == "config", invocation.words.count > 1 { path.append(invocation.words[1]) }
            let key = path.joined(separator: " ")
            if helpCache[key] == nil {
                let help = try TouchscrollProcess.run(["help"] + path)
                XCTAssertEqual(help.status, 0, "\(invocation.place): `touchscroll \(key)` is not a command: \(help.stderr)")
                helpCache[key] = help.stdout
            }
            let help = helpCache[key] ?? ""
            for word in invocation.words where word.hasPrefix("--") {
                let option = String(word.split(separator: "=", maxSplits: 1)[0])
                let known = help.components(separatedBy: option).dropFirst().contains { rest in
                    guard let next = rest.first else { return true }
                    return !(next.isLetter || next.isNumber || next == "-")
                }
                XCTAssertTrue(known, "\(invocation.place): `touchscroll \(key)` has no option \(option)")
            }
        }
    }

    /// `replay` and `config` examples that name only files of this repository are run; where a console block
    /// shows their output, every shown line (its parts between `…` in order) must be in the real output, in order.
    func testRunnableExamplesSucceedAndPrintWhatTheyShow() throws {
        let invocations = try Self.blocks(language: ["sh", "console"]).flatMap(Self.invocations(in:))
        var ran = 0
        for invocation in invocations where ["replay", "config"].contains(invocation.words.first ?? "") {
            let files = invocation.words.dropFirst().filter { !$0.hasPrefix("-") && $0.contains(".") }
            guard files.allSatisfy({ FileManager.default.fileExists(atPath: TouchscrollProcess.packageRoot.appendingPathComponent($0).path) }) else { continue }
            let result = try TouchscrollProcess.run(invocation.words)
            ran += 1
            XCTAssertEqual(result.status, 0, "\(invocation.place): `touchscroll \(invocation.words.joined(separator: " "))` failed:\n\(result.stderr)")
            let actual = result.stdoutLines.map(String.init)
            var from = 0
            for shown in invocation.shownOutput where shown.trimmingCharacters(in: .whitespaces) != "…" {
                let parts = shown.components(separatedBy: "…").filter { !$0.isEmpty }
                guard let found = actual[from...].firstIndex(where: { Self.contains($0, inOrder: parts) }) else {
                    XCTFail("\(invocation.place): the document shows\n  \(shown)\nbut the command prints no such line after line \(from + 1)")
                    break
                }
                from = found + 1
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 2, "the README's replay example and docs/configuration.md's config check are run")
    }

    /// docs/control.md's "Replies" section shows requests and the daemon's answers byte for byte: they are
    /// sent to `touchscroll daemon --control-stdin` with config/example.yaml, and the replies compared.
    func testTheControlReplyExampleIsWhatTheDaemonAnswers() throws {
        let text = try String(contentsOf: TouchscrollProcess.packageRoot.appendingPathComponent("docs/control.md"), encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "\n## Replies\n").dropFirst().first?.components(separatedBy: "\n### ").first)
        let lines = section.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{") }
        let requests = lines.filter { $0.contains(#""command":"#) }
        let documented = lines.filter { $0.contains(#""ok":"#) }
        XCTAssertEqual(requests.count, documented.count, "every request in the Replies section has its reply")
        XCTAssertGreaterThanOrEqual(requests.count, 3)

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let replies = try TouchscrollProcess.controlStdinReplies(config: "config/example.yaml", requests: requests,
                                                                 directory: scratch.path)
        XCTAssertEqual(replies, documented)
    }

    static func contains(_ line: String, inOrder parts: [String]) -> Bool {
        var rest = Substring(line)
        for part in parts {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
