#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Where a reader's bytes come from, a chunk at a time, so that no reader ever needs the whole
/// file in memory. Tests use `MemoryByteSource` with a chunk size of 1 to prove that readers do
/// not depend on how the bytes are split.
public protocol ByteSource {
    /// The name used in error messages (a path, `-` for stdin).
    var name: String { get }
    /// Appends up to `maximum` bytes to `buffer`; returns how many (0 at the end of the input).
    mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int
    /// Whether a `read` would return at once (bytes waiting, or the end of the input) rather than
    /// wait for a writer: a stream reader ends a frame when its input pauses. True unless the
    /// source is a pipe or terminal with nothing waiting.
    var hasInputReady: Bool { get }
}

extension ByteSource {
    public var hasInputReady: Bool { true }
}

/// A file read with plain POSIX `read(2)` (Foundation's FileHandle would do the same with more
/// allocation per chunk); `-` reads standard input. The descriptor is closed when the source is
/// released.
public final class FileByteSource: ByteSource {
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Whether the descriptor is a pipe, socket or terminal (standard input from another program or
    /// a person), where bytes arrive as they are written, rather than a file that is all there.
    /// Told once, when the source is opened.
    public let isStream: Bool
    /// The most one `read` asks the kernel for.
    private static let chunkSize = 1 << 16

    public init(path: String) throws {
        name = path
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
            isStream = Self.isStream(descriptor: 0)
            return
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw RecordingError(file: path, line: nil, expected: "a readable file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw RecordingError(file: path, line: nil, expected: "a file, not a directory")
        }
        descriptor = fd
        ownsDescriptor = true
        isStream = Self.isStream(descriptor: fd)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Whether `descriptor` is a pipe, socket or terminal (see `isStream`).
    public static func isStream(descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR
    }

    /// A regular file is always ready (asked without a system call: a touch-script reader asks
    /// after every frame that ends at the end of its buffer); a pipe, socket or terminal is when
    /// bytes wait or the writer has closed it (poll(2) with no timeout).
    public var hasInputReady: Bool {
        if !isStream { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, 0)
            if ready < 0, errno == EINTR { continue }
            return ready != 0 // an error is reported by the next read
        }
    }

    /// Reads straight into the free capacity at the end of `buffer` (no intermediate chunk to copy
    /// from).
    public func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        let wanted = min(maximum, Self.chunkSize)
        while true {
            var count = 0
            buffer.append(addingCapacity: wanted) { span in
                span.withUnsafeMutableBufferPointer { free, initialized in
                    count = systemRead(descriptor, free.baseAddress, wanted)
                    initialized = max(count, 0)
                }
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw RecordingError(file: name, line: nil, expected: "readable bytes (\(String(cString: strerror(errno))))")
            }
            return count
        }
    }
}

/// Bytes held in memory, handed out `chunkSize` bytes at a time.
public struct MemoryByteSource: ByteSource {
    public let name: String
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var position = 0

    public init(name: String = "<memory>", bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.name = name
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public init(name: String = "<memory>", text: String, chunkSize: Int = 1 << 16) {
        self.init(name: name, bytes: Array(text.utf8), chunkSize: chunkSize)
    }

    public mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        let count = min(chunkSize, maximum, bytes.count - position)
        buffer.append(contentsOf: bytes[position..<(position + count)])
        position += count
        return count
    }
}
