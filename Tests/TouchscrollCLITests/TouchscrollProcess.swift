import Foundation
import XCTest

/// Runs the built `touchscroll` executable the way a user does, capturing exit status, standard
/// output and standard error (through files, so large outputs cannot fill a pipe and block).
struct TouchscrollProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutLines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// The package root, found from this file's path (Tests/TouchscrollCLITests/…).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build products directory: beside the test bundle.
    static var executable: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("touchscroll")
    }

    /// `journal: true` runs it as systemd runs a unit whose stderr is the journal: `JOURNAL_STREAM`
    /// names the device and inode of its stderr (here the capture file). `environment` adds variables.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], journal: Bool = false,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("touchscroll is not built at \(executable.path); run `swift build` first")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        var variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if journal { variables["JOURNAL_STREAM"] = try journalStream(of: errURL.path) }
        process.environment = variables
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8)
        )
    }

    /// `device:inode` of a file, as systemd writes `JOURNAL_STREAM` for the stream it connects.
    static func journalStream(of path: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        return "\(UInt64(status.st_dev)):\(UInt64(status.st_ino))"
    }

    /// Runs `touchscroll daemon --control-stdin --config CONFIG` with its runtime and state directories in
    /// `directory`, writes `requests` to its standard input, and returns the reply lines (the lines with
    /// "ok"; the event stream shares standard output) once there is one per request. Then stops it with
    /// SIGTERM, so it saves its state. A reply that never comes fails the caller's count, not the run:
    /// the daemon is stopped after 20 s at most.
    static func controlStdinReplies(config: String, requests: [String], directory: String) throws -> [String] {
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = packageRoot
        process.arguments = ["daemon", "--control-stdin", "--config", config, "--runtime-dir", directory, "--state-dir", directory]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        input.fileHandleForWriting.write(Data((requests.joined(separator: "\n") + "\n").utf8))
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { if process.isRunning { process.terminate() } }
        var replies: [String] = [], pending = Data()
        while replies.count < requests.count {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if line.contains(#""ok":"#) { replies.append(line) }
            }
        }
        return replies
    }
}
