import Foundation
import XCTest

/// The `touchscroll` executable links no Foundation: Foundation and its ICU data are most of a
/// binary's size and a good part of its memory, and a kiosk board pays for both. Nor
/// FoundationEssentials: without ICU it is still a third of the binary and of its conformance
/// records, which every start pays for (the copy of swift-argument-parser in Vendor/ does without it).
/// Nor Swift concurrency: touchscroll has no `async` code, and linking the concurrency runtime brings
/// libdispatch, whose initialiser and relocated tables every start paid for (the copies of
/// swift-log and swift-argument-parser in Vendor/ leave out their task-local logger and async commands).
///
/// Reads the symbols of the built executable and of each of its modules' object files with `nm`
/// (binutils), so a new `import Foundation` anywhere in the executable's modules fails here with the
/// file that brought it in.
final class NoFoundationTests: XCTestCase {
    /// The modules the executable links (ours and its packages').
    static let executableModules = [
        "ScrollEngine", "YAMLDocument", "JSONDocument", "Configuration", "StreamOutput", "Playback", "SessionPlot", "Recordings",
        "SystemInterface", "LiveInput", "Renderer", "Daemon", "touchscroll", "ArgumentParser", "ArgumentParserToolInfo", "Logging", "RealModule",
    ]
    /// Those and the development tools built beside the executable (`make recordings`, `make bench`),
    /// by their module names: none may use Foundation (test targets may).
    static let modules = executableModules + ["generate_recordings", "recordings_bench"]

    /// Swift symbols of the Foundation, FoundationEssentials and FoundationInternationalization modules
    /// (also extensions in them, `$sSy10FoundationE…`), of FoundationEssentials' collections, and ICU's.
    static func isFoundationSymbol(_ name: Substring) -> Bool {
        name.contains("10Foundation") || name.contains("20FoundationEssentials") || name.contains("30FoundationInternationalization")
            || name.contains("_FoundationCollections") || name.contains("_FoundationICU")
    }

    /// Symbols of the Swift concurrency runtime (its C entry points, `TaskLocal`, `Task`, the
    /// concurrency module's own `$ss…Sc…` names are too many to list: its entry points are what a use
    /// of it calls) and of libdispatch, which it links.
    static func isConcurrencySymbol(_ name: Substring) -> Bool {
        name.hasPrefix("swift_task_") || name.hasPrefix("swift_continuation_") || name.hasPrefix("swift_asyncLet")
            || name.contains("9TaskLocal") || name.hasPrefix("dispatch_") || name.hasPrefix("_dispatch_")
            || name == "libdispatch_init"
    }

    /// The Foundation symbols `nm` lists for each of `paths` (defined or referenced), in one run of nm.
    static func foundationSymbols(of paths: [String]) throws -> [String: Set<String>] {
        try symbols(of: paths, where: isFoundationSymbol)
    }

    /// The symbols `nm` lists for each of `paths` (defined or referenced) that `isWanted` picks, in one
    /// run of nm.
    static func symbols(of paths: [String], where isWanted: (Substring) -> Bool) throws -> [String: Set<String>] {
        guard !paths.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        process.arguments = ["-A"] + paths // -A: each line starts with "<file>:"
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("nm failed on \(paths.count) files") }
        var symbols: [String: Set<String>] = [:]
        for path in paths { symbols[path] = [] }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let name = line.split(separator: " ").last, isWanted(name),
                  let colon = line.firstIndex(of: ":") else { continue }
            symbols[String(line[..<colon]), default: []].insert(String(name))
        }
        return symbols
    }

    var products: URL { TouchscrollProcess.executable.deletingLastPathComponent() }

    /// The paths of `module`'s object files beside the executable (none when it is not built there).
    func objectFiles(of module: String) -> [String] {
        let directory = products.appendingPathComponent("\(module).build")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return files.filter { $0.hasSuffix(".o") }.map { directory.appendingPathComponent($0).path }
    }

    func testNoModuleOfTheExecutableUsesFoundation() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nm") else { throw XCTSkip("nm (binutils) is not installed") }
        var scanned = 0
        for module in Self.modules {
            let objects = objectFiles(of: module)
            scanned += objects.count
            for (path, symbols) in try Self.foundationSymbols(of: objects).sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(symbols, [], "\(path) uses Foundation (write what it needs by hand)")
            }
        }
        guard scanned > 0 else { throw XCTSkip("no object files beside \(TouchscrollProcess.executable.path); run `swift build` first") }
        XCTAssertGreaterThan(scanned, 100, "the executable's modules have hundreds of source files")
    }

    /// The linked executable itself has no Foundation symbol (and so no libFoundation, no ICU data).
    func testTheExecutableHasNoFoundationSymbols() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nm") else { throw XCTSkip("nm (binutils) is not installed") }
        let executable = TouchscrollProcess.executable.path
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw XCTSkip("touchscroll is not built at \(executable)") }
        let symbols = try Self.foundationSymbols(of: [executable])[executable] ?? []
        XCTAssertEqual(symbols.sorted(), [], "touchscroll links Foundation through these symbols")
    }

    /// Nor do the executable's modules, or the linked executable, use Swift concurrency. (The development
    /// tools may: a tool's top-level code runs on the main actor, which checks its executor.)
    func testNothingInTheExecutableUsesSwiftConcurrency() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/nm") else { throw XCTSkip("nm (binutils) is not installed") }
        let executable = TouchscrollProcess.executable.path
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw XCTSkip("touchscroll is not built at \(executable)") }
        let objects = Self.executableModules.flatMap(objectFiles(of:))
        XCTAssertGreaterThan(objects.count, 100, "the executable's modules have hundreds of source files")
        for (path, symbols) in try Self.symbols(of: objects + [executable], where: Self.isConcurrencySymbol).sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(symbols.sorted(), [], "\(path) uses Swift concurrency (the runtime and libdispatch would be linked into every start)")
        }
    }
}
