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
    /// The index of the buffer's last line break, once `forEachBufferedLine` has looked for it
    /// (`.unknown` again whenever the buffer changes).
    private var lastBreak = LastBreak.unknown
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
    ///
    /// A loop of its own rather than `forEachBufferedLine(recognizing:_:)` with a recogniser that
    /// reads nothing: through that one's extra closure the evemu reader's decoder was retained at
    /// every line (4 % more instructions for an evemu replay).
    public mutating func forEachBufferedLine(_ body: (_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>) throws -> BufferedLineUse) rethrows {
        nextNewline = nil
        var position = start, number = lineNumber
        defer {
            start = position
            lineNumber = number
        }
        try buffer.withUnsafeBufferPointer { all in
            while let (line, next) = Self.wholeLine(from: position, number: number + 1, in: all) {
                let use = try body(number + 1, UnsafeBufferPointer(rebasing: all[line]))
                if use == .left { return }
                number += 1
                position = next
                if use == .readLast { return }
            }
        }
    }

    /// A line lent by `forEachBufferedLine(recognizing:_:)`.
    public enum BufferedLine<Recognized> {
        /// What the reader's `recognize` read from the line.
        case recognized(Recognized)
        /// The line's bytes, as `withNextRawLine` lends them.
        case bytes(UnsafeBufferPointer<UInt8>)
    }

    /// `forEachBufferedLine`, for a reader whose common line is one it can recognise by reading
    /// it from its first byte: the search for each line's break (a `memchr` over the line) is
    /// skipped for the lines `recognize` reads.
    ///
    /// `recognize` is lent the buffer from the line's first byte to the buffer's last line break,
    /// included, so a scan of it stops inside at the latest. It returns what it read and the
    /// length of the line it read, when the line is one of its own; the line's bytes must not
    /// include a `\n` (a scan that accepts only its own kinds of bytes is sure of it), and the
    /// line must be followed by its `\n` straight away, which is checked here. A line it does
    /// not read, or one that ends otherwise (`\r\n`), is found and lent as bytes, as
    /// `forEachBufferedLine` lends it; so is the first line (a byte order mark may start it).
    public mutating func forEachBufferedLine<Recognized>(
        recognizing recognize: (_ text: UnsafeBufferPointer<UInt8>) -> (value: Recognized, length: Int)?,
        _ body: (_ number: Int, _ line: BufferedLine<Recognized>) throws -> BufferedLineUse
    ) rethrows {
        nextNewline = nil
        var position = start, number = lineNumber
        defer {
            start = position
            lineNumber = number
        }
        let lastBreak = lastLineBreak()
        try buffer.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            while position < all.count {
                if let lastBreak, position < lastBreak, number > 0 {
                    let text = UnsafeBufferPointer(start: base + position, count: lastBreak + 1 - position)
                    if let (value, length) = recognize(text), length < text.count, text[length] == UInt8(ascii: "\n") {
                        let use = try body(number + 1, .recognized(value))
                        if use == .left { return }
                        number += 1
                        position += length + 1
                        if use == .readLast { return }
                        continue
                    }
                }
                guard let (line, next) = Self.wholeLine(from: position, number: number + 1, in: all) else { return }
                let use = try body(number + 1, .bytes(UnsafeBufferPointer(rebasing: all[line])))
                if use == .left { return }
                number += 1
                position = next
                if use == .readLast { return }
            }
        }
    }

    /// The bytes of the whole line that starts at `position` (as `lineBounds` gives them) and
    /// where the line after it starts; nil when the buffer holds no line break from there on.
    @inline(__always)
    private static func wholeLine(from position: Int, number: Int, in all: UnsafeBufferPointer<UInt8>) -> (line: Range<Int>, next: Int)? {
        guard position < all.count, let base = all.baseAddress,
              let found = memchr(base + position, Int32(UInt8(ascii: "\n")), all.count - position) else { return nil }
        let newline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
        return (lineBounds(position..<newline, atBreak: true, isFirst: number == 1, in: all), newline + 1)
    }

    /// Whether the buffer's last line break is known, and where it is.
    private enum LastBreak {
        case unknown
        case at(Int)
        case absent
    }

    /// The index of the buffer's last line break, or nil when it has none; found once per read
    /// (searching back from the end: the last line break is within a line of it).
    private mutating func lastLineBreak() -> Int? {
        switch lastBreak {
        case .at(let index): return index
        case .absent: return nil
        case .unknown:
            var index = buffer.count - 1
            buffer.withUnsafeBufferPointer { bytes in
                while index >= 0, bytes[index] != UInt8(ascii: "\n") { index -= 1 }
            }
            lastBreak = index >= 0 ? .at(index) : .absent
            return index >= 0 ? index : nil
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
            lastBreak = .unknown
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
