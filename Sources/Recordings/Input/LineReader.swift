#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of text input, without its line terminator.
public struct TextLine: Sendable {
    /// 1-based line number in the input.
    public var number: Int
    public var text: String
}

/// Splits a `ByteSource` into lines, keeping only the current chunk and the unfinished line in
/// memory. Accepts `\n` and `\r\n`; a last line without a terminator is still a line.
public struct LineReader {
    public private(set) var source: any ByteSource
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private var lineNumber = 0
    /// Where `hasLineReady` found the next line break (the next line's search starts there).
    private var nextNewline: Int?
    /// Longest line accepted; a longer one is garbage (e.g. a binary file), not a recording.
    public static let maximumLineLength = 1 << 20

    public init(source: any ByteSource) {
        self.source = source
    }

    public var name: String { source.name }

    /// The next line, or nil at the end of the input.
    public mutating func nextLine() throws -> TextLine? {
        try nextRawLine().map { TextLine(number: $0.number, text: String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// The next line as bytes (valid until the next call), or nil at the end of the input. Readers
    /// parse their common lines from these directly; building a `String` per line costs more than
    /// the parsing.
    public mutating func nextRawLine() throws -> (number: Int, bytes: ArraySlice<UInt8>)? {
        guard let (number, range) = try nextLineRange() else { return nil }
        return (number, buffer[range])
    }

    /// The next line (as `nextRawLine`) lent to `body` as a pointer into the reader's buffer, valid
    /// only during the call; nil at the end of the input. Saves the per-line reference counting and
    /// bounds checks of an `ArraySlice` on the hot path of a reader.
    public mutating func withNextRawLine<Result>(_ body: (_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result? {
        guard let (number, range) = try nextLineRange() else { return nil }
        return try buffer.withUnsafeBufferPointer { all in
            try body(number, UnsafeBufferPointer(rebasing: all[range]))
        }
    }

    /// What a reader did with a line lent by `forEachBufferedLine`.
    public enum BufferedLineUse {
        /// Read; lend the next one.
        case read
        /// Read; lend no more now.
        case readLast
        /// Not read: the next call of any reading method gives it again.
        case left
    }

    /// Lends the whole lines already in the buffer to `body`, one after another, each as
    /// `withNextRawLine` would lend it, without reading more input, until `body` says to stop. A
    /// reader takes a run of its common lines this way in one pass over the buffer.
    public mutating func forEachBufferedLine(_ body: (_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws -> BufferedLineUse) rethrows {
        nextNewline = nil
        var position = start, number = lineNumber
        defer {
            start = position
            lineNumber = number
        }
        try buffer.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            while position < all.count {
                guard let found = memchr(base + position, Int32(UInt8(ascii: "\n")), all.count - position) else { return }
                let newline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                let line = Self.lineBounds(position..<newline, atBreak: true, isFirst: number == 0, in: all)
                let use = try body(number + 1, UnsafeBufferPointer(rebasing: all[line]))
                if use == .left { return }
                number += 1
                position = newline + 1
                if use == .readLast { return }
            }
        }
    }

    /// Finds the next line in the buffer (reading more input as needed): its number and its bytes'
    /// indices, without the line break (and a carriage return before it) or a leading UTF-8 BOM.
    private mutating func nextLineRange() throws -> (number: Int, range: Range<Int>)? {
        var searchFrom = start
        while true {
            if let newline = nextNewline.take() ?? Self.newline(in: buffer, from: searchFrom) {
                let line = makeLine(start..<newline, atBreak: true)
                start = newline + 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = makeLine(start..<buffer.count, atBreak: false)
                start = buffer.count
                return line
            }
            if buffer.count - start > Self.maximumLineLength {
                throw RecordingError(file: name, line: lineNumber + 1,
                                     expected: "a text line shorter than \(Self.maximumLineLength) bytes")
            }
            // Compact before reading more, so memory stays bounded by one chunk plus one line.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            searchFrom = buffer.count
            if try source.read(into: &buffer, maximum: 1 << 16) == 0 { finished = true }
        }
    }

    /// Whether `nextRawLine` would return without waiting for more input: a whole line is
    /// buffered, the input has ended, or the source has bytes waiting. False only when the input is
    /// a pipe or terminal whose writer has paused.
    public var hasLineReady: Bool {
        mutating get {
            if finished || nextNewline != nil { return true }
            if let newline = Self.newline(in: buffer, from: start) {
                nextNewline = newline // the line this asked about is then read without a second search
                return true
            }
            return source.hasInputReady
        }
    }

    /// The index of the first `\n` at or after `from` (memchr: the C library scans a word or a
    /// vector at a time).
    private static func newline(in buffer: [UInt8], from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!)
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    private mutating func makeLine(_ span: Range<Int>, atBreak: Bool) -> (number: Int, range: Range<Int>) {
        lineNumber += 1
        let isFirst = lineNumber == 1
        return (lineNumber, buffer.withUnsafeBufferPointer { Self.lineBounds(span, atBreak: atBreak, isFirst: isFirst, in: $0) })
    }

    /// The bytes of a line within `span` (from its first byte to its line break, or to the end of the
    /// input when `atBreak` is false): without the carriage return of a `\r\n` break, and without a
    /// UTF-8 byte order mark before the first line.
    private static func lineBounds(_ span: Range<Int>, atBreak: Bool, isFirst: Bool, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = span.lowerBound, upper = span.upperBound
        if atBreak, upper > lower, bytes[upper - 1] == UInt8(ascii: "\r") { upper -= 1 }
        if isFirst, upper - lower >= 3, bytes[lower] == 0xEF, bytes[lower + 1] == 0xBB, bytes[lower + 2] == 0xBF { lower += 3 }
        return lower..<upper
    }

    /// Bytes held right now (the current chunk and the unfinished line): stays bounded however
    /// long the input is.
    public var bufferedByteCount: Int { buffer.capacity }
}
