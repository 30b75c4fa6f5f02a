#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Where encoded lines go: standard output in the tool, memory in tests.
public protocol ByteSink: AnyObject {
    func write(_ bytes: [UInt8]) throws(StreamWriteError)
    func flush() throws(StreamWriteError)
    /// Lets `body` append bytes straight to the end of the sink's own buffer (no copy), when the
    /// sink keeps one; then the same as `write` of those bytes. False, `body` not called, when the
    /// sink has no buffer: the caller writes bytes of its own with `write`.
    func append(_ body: (inout [UInt8]) -> Void) throws(StreamWriteError) -> Bool
}

extension ByteSink {
    public func append(_ body: (inout [UInt8]) -> Void) throws(StreamWriteError) -> Bool { false }
}

/// Writing to the output failed (for example a closed pipe).
public struct StreamWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var errno: Errno
    public init(errno: Errno) { self.errno = errno }
    public var description: String { "cannot write the output: \(errno)" }
}

/// Collects everything written, for tests and for callers that want the stream as a value.
public final class MemoryByteSink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    public func append(_ body: (inout [UInt8]) -> Void) -> Bool {
        body(&bytes)
        return true
    }
    public func flush() {}
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A buffered writer over a file descriptor (standard output by default): lines are collected in
/// a 16 KiB buffer and written with write(2) when it fills, on `flush()`, and on deinit.
///
/// 16 KiB keeps the buffer inside the processor's L1 data cache while lines are written into it (a
/// 64 KiB one was refilled from L2 line by line); the replay of a 5 MB stream makes about 330 writes
/// instead of 80, and took 1 % less CPU (301 alternating runs). 8 KiB gained nothing more.
///
/// A plain fd writer rather than FileHandle: FileHandle writes each call straight through (one
/// syscall per line) and reports errors by trapping on older toolchains.
public final class FileDescriptorByteSink: ByteSink {
    public let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    public init(fileDescriptor: Int32 = 1, capacity: Int = 16 * 1024) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        // Room past the flush threshold for the lines that cross it (a frame's few lines are
        // appended before the sink looks at its size), so that they do not reallocate the buffer:
        // a doubled copy would touch twice the pages, each a fault on first use.
        buffer.reserveCapacity(capacity + capacity / 4)
    }

    deinit {
        try? flush()
    }

    public func write(_ bytes: [UInt8]) throws(StreamWriteError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    public func append(_ body: (inout [UInt8]) -> Void) throws(StreamWriteError) -> Bool {
        body(&buffer)
        if buffer.count >= capacity { try flush() }
        return true
    }

    public func flush() throws(StreamWriteError) {
        var offset = 0
        defer { buffer.removeFirst(offset) }
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                #else
                Darwin.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw StreamWriteError(errno: .current)
            }
            offset += written
        }
    }
}
