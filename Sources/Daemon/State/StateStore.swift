import SystemInterface
import Glibc
import JSONDocument
import ScrollEngine
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
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            return .unreadable(reason: "not valid JSON (\(error))")
        }
        do throws(FieldError) {
            let top = try FieldReader.object(document, at: [])
            let version = try FieldReader.int(top, "version", at: [])
            guard version == PreservedState.currentVersion else { return .versionMismatch(found: version) }
            let views = try FieldReader.object(FieldReader.field(top, "scrollViews", at: []), at: ["scrollViews"])
            var state = PreservedState()
            for (id, value) in views {
                let path = ["scrollViews", id]
                let view = try FieldReader.object(value, at: path)
                let offset = try FieldReader.object(FieldReader.field(view, "contentOffset", at: path), at: path + ["contentOffset"])
                let inset = try FieldReader.object(FieldReader.field(view, "contentInset", at: path), at: path + ["contentInset"])
                func number(_ object: [String: JSONValue], _ key: String, _ at: [String]) throws(FieldError) -> Double {
                    try FieldReader.double(object, key, at: at)
                }
                let offsetPath = path + ["contentOffset"], insetPath = path + ["contentInset"]
                let contentOffset = Point(x: try number(offset, "x", offsetPath), y: try number(offset, "y", offsetPath))
                let zoomScale = try number(view, "zoomScale", path)
                let contentInset = EdgeInsets(top: try number(inset, "top", insetPath), left: try number(inset, "left", insetPath),
                                              bottom: try number(inset, "bottom", insetPath), right: try number(inset, "right", insetPath))
                state.scrollViews[id] = PreservedScrollViewState(contentOffset: contentOffset, zoomScale: zoomScale, contentInset: contentInset)
            }
            return .loaded(state)
        } catch {
            return .unreadable(reason: error.reason)
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
        var views: [String: JSONValue] = [:]
        for (id, view) in state.scrollViews {
            let numbers = [view.contentOffset.x, view.contentOffset.y, view.zoomScale,
                           view.contentInset.top, view.contentInset.left, view.contentInset.bottom, view.contentInset.right]
            guard numbers.allSatisfy(\.isFinite) else { return nil }
            views[id] = .object([
                "contentOffset": .object(["x": .number(view.contentOffset.x), "y": .number(view.contentOffset.y)]),
                "zoomScale": .number(view.zoomScale),
                "contentInset": .object(["top": .number(view.contentInset.top), "left": .number(view.contentInset.left),
                                         "bottom": .number(view.contentInset.bottom), "right": .number(view.contentInset.right)]),
            ])
        }
        let document = JSONValue.object(["version": .number(Double(state.version)), "scrollViews": .object(views)])
        var bytes: [UInt8] = []
        document.append(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A field of the state file that is missing or of the wrong type, with its key path.
    struct FieldError: Error {
        var reason: String
    }

    /// Typed fields out of parsed JSON; errors name the key path (`scrollViews.gallery.zoomScale`).
    enum FieldReader {
        static func describe(_ path: [String]) -> String { path.isEmpty ? "top level" : path.joined(separator: ".") }

        static func field(_ object: [String: JSONValue], _ key: String, at path: [String]) throws(FieldError) -> JSONValue {
            guard let value = object[key] else { throw FieldError(reason: "missing key \(key) at \(describe(path))") }
            return value
        }

        static func object(_ value: JSONValue, at path: [String]) throws(FieldError) -> [String: JSONValue] {
            guard case .object(let fields) = value else { throw FieldError(reason: "expected an object at \(describe(path)), found \(value.kind)") }
            return fields
        }

        static func double(_ object: [String: JSONValue], _ key: String, at path: [String]) throws(FieldError) -> Double {
            switch try field(object, key, at: path) {
            case .number(let n): return n.double
            case .null: throw FieldError(reason: "expected Double at \(describe(path + [key])), found null")
            default: throw FieldError(reason: "expected Double at \(describe(path + [key]))")
            }
        }

        static func int(_ object: [String: JSONValue], _ key: String, at path: [String]) throws(FieldError) -> Int {
            switch try field(object, key, at: path) {
            case .number(let n) where n.double.rounded() == n.double && abs(n.double) < 1e15: return Int(n.double)
            case .null: throw FieldError(reason: "expected Int at \(describe(path + [key])), found null")
            default: throw FieldError(reason: "expected Int at \(describe(path + [key]))")
            }
        }
    }
}
