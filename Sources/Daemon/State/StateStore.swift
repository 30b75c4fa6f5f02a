import SystemInterface
import Foundation
import Logging

/// The state file in the state directory (`$STATE_DIRECTORY`, or `--state-dir`): reads it at start,
/// replaces it atomically on every save.
public struct StateStore: Sendable {
    public static let fileName = "state.json"
    public let path: String
    /// The file system calls (tests inject failures here).
    public let system: SystemCalls

    public init(directory: String, system: SystemCalls = .live) {
        self.path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        self.system = system
    }

    /// What reading the file found.
    public enum LoadResult: Hashable, Sendable {
        case loaded(PreservedState)
        /// No file yet (first start): defaults, silently.
        case missing
        /// The file cannot be read or decoded; `reason` says why.
        case unreadable(reason: String)
        /// A file written by another format version.
        case versionMismatch(found: Int)
    }

    /// The largest state file read: an entry is about 150 bytes, so this holds thousands.
    public static let maximumFileBytes = 1 << 20

    public func load() -> LoadResult {
        let bytes: [UInt8]
        do {
            guard let read = try AtomicFile.read(path, limit: Self.maximumFileBytes, system: system) else { return .missing }
            bytes = read
        } catch {
            return .unreadable(reason: "\(error)")
        }
        return Self.decode(bytes)
    }

    /// What the bytes of a state file hold (`load` without the file).
    public static func decode(_ bytes: [UInt8]) -> LoadResult {
        struct VersionOnly: Decodable { var version: Int }
        let decoder = JSONDecoder()
        let data = Data(bytes)
        let version: Int
        do {
            version = try decoder.decode(VersionOnly.self, from: data).version
        } catch {
            return .unreadable(reason: describe(error))
        }
        guard version == PreservedState.currentVersion else { return .versionMismatch(found: version) }
        do {
            return .loaded(try decoder.decode(PreservedState.self, from: data))
        } catch {
            return .unreadable(reason: describe(error))
        }
    }

    /// The preserved state to start from: the file's, or empty (defaults) with a warning when it is
    /// corrupt or of another version. Never fails.
    public func loadOrDefaults(logger: Logger) -> PreservedState {
        switch load() {
        case .loaded(let state):
            logger.info("restored state", metadata: ["path": "\(path)", "scrollViews": "\(state.scrollViews.count)"])
            return state
        case .missing:
            logger.info("no saved state yet, starting from the configuration", metadata: ["path": "\(path)"])
            return PreservedState()
        case .unreadable(let reason):
            logger.warning("state file unreadable, starting from the configuration",
                           metadata: ["path": "\(path)", "reason": "\(reason)"])
            return PreservedState()
        case .versionMismatch(let found):
            logger.warning("state file has another format version, starting from the configuration",
                           metadata: ["path": "\(path)", "found": "\(found)", "expected": "\(PreservedState.currentVersion)"])
            return PreservedState()
        }
    }

    public func save(_ state: PreservedState) throws(SystemCallError) {
        guard let bytes = Self.encode(state) else {
            // Only non-finite numbers fail to encode; the caller filtered them (isUsable).
            throw SystemCallError(operation: "encode", subject: path, errno: Errno(rawValue: EINVAL))
        }
        try AtomicFile.replace(path, with: bytes, system: system)
    }

    /// The bytes of a state file holding `state` (sorted keys, one line), or nil when a number is
    /// not finite.
    public static func encode(_ state: PreservedState) -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state) else { return nil }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// A decoding error as one line: what was wrong and at which key path.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch decoding {
        case .dataCorrupted(let c): return "not valid JSON (\(c.underlyingError.map { "\($0)" } ?? c.debugDescription))"
        case .keyNotFound(let key, let c): return "missing key \(key.stringValue) at \(path(c))"
        case .typeMismatch(let type, let c): return "expected \(type) at \(path(c))"
        case .valueNotFound(let type, let c): return "expected \(type) at \(path(c)), found null"
        @unknown default: return "\(error)"
        }
    }
}
