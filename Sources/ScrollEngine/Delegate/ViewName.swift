import Synchronization

/// The id of a scroll view or of a content view, as the delegate messages name it.
///
/// Names are interned, as Objective-C interns its selectors: every distinct id is stored once, for the
/// life of the process, and a `ViewName` is the address and length of those bytes. So an event that
/// names its view is a plain value — copied as bytes, with no reference count to adjust — and two names
/// are equal exactly when their addresses are. The stream writer copies a name's bytes straight into
/// the line.
///
/// The store only grows, by the bytes of each id not seen before: ids come from configuration (a
/// screen's handful of views), so it stays a few hundred bytes however often a configuration is loaded.
public struct ViewName: Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The first byte of the id's UTF-8, in the interned store (never freed, never written again).
    private let start: UnsafePointer<UInt8>
    public let utf8Count: Int

    /// The interned name of `id` (stored on its first use).
    public init(_ id: String) {
        self = ViewName.store.withLock { $0.intern(id) }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    fileprivate init(start: UnsafePointer<UInt8>, utf8Count: Int) {
        self.start = start
        self.utf8Count = utf8Count
    }

    /// The id's UTF-8 bytes.
    public var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: utf8Count) }

    /// The id as a `String` (made anew on every call: for messages and APIs, not per frame).
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    public var description: String { string }

    // Interned: the same id always has the same address, so the address is the identity.
    public static func == (a: ViewName, b: ViewName) -> Bool { a.start == b.start }
    public func hash(into hasher: inout Hasher) { hasher.combine(start) }

    private static let store = Mutex(Store())

    /// Every id seen so far, each with the bytes a `ViewName` points at.
    private struct Store {
        var names: [String: ViewName] = [:]

        mutating func intern(_ id: String) -> ViewName {
            if let name = names[id] { return name }
            // The id and a zero byte after it, so that even the empty id has an address of its own.
            let bytes = Array(id.utf8) + [0]
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = storage.initialize(from: bytes)
            let name = ViewName(start: UnsafePointer(storage.baseAddress!), utf8Count: bytes.count - 1)
            names[id] = name
            return name
        }
    }
}

// The bytes a name points at are immutable and never freed, so a name may cross threads freely.
extension ViewName: @unchecked Sendable {}
