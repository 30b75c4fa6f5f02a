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
}
