import Foundation

/// Executables SwiftPM built next to the test bundle (.build/<config>/NAME).
enum BuiltExecutable {
    static var productsDirectory: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent()
    }

    /// The path of the built executable `name`, or nil when it was not built.
    static func path(_ name: String) -> String? {
        let candidate = productsDirectory.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String
    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscroll-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}
