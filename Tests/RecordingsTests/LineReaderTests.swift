import XCTest
@testable import Recordings

/// `LineReader.forEachBufferedLine(recognizing:_:)` lends a line its reader recognises without
/// searching for the line's break first; every line must still come out once, in order, with its
/// number and bytes, whichever way it was read and however the input arrived.
final class LineReaderTests: XCTestCase {
    /// A toy common line, `ok` and digits, recognised from its first byte: the digits' value and
    /// the line's length. Only letters and digits are accepted, so no line break is inside.
    private static func recognizeOK(_ text: UnsafeBufferPointer<UInt8>) -> (value: Int, length: Int)? {
        guard text.count >= 3, text[0] == UInt8(ascii: "o"), text[1] == UInt8(ascii: "k") else { return nil }
        var length = 2, value = 0
        while length < text.count, text[length] >= UInt8(ascii: "0"), text[length] <= UInt8(ascii: "9") {
            value = value * 10 + Int(text[length] - UInt8(ascii: "0"))
            length += 1
        }
        return length > 2 ? (value, length) : nil
    }

    /// What the reader gave for one line.
    private enum Lent: Equatable {
        case recognized(number: Int, value: Int)
        case bytes(number: Int, text: String)
    }

    private let text = "ok1\nok22\nok3\r\nhello\nok4x\n\nok55\nok6\r\nok777\nok8"
    /// Every line, by number, as bytes (what `nextRawLine` gives) and, for the lines the toy reader
    /// may recognise (`ok` and digits, then `\n` straight away), the value it reads.
    private let expected: [(text: String, recognizable: Int?)] = [
        ("ok1", 1), ("ok22", 22), ("ok3", nil), ("hello", nil), ("ok4x", nil), ("", nil), ("ok55", 55), ("ok6", nil),
        ("ok777", 777), ("ok8", nil),
    ]

    /// Reads everything: a line with `nextRawLine` (which reads more input), then the lines
    /// already buffered with `forEachBufferedLine(recognizing:_:)`, until the end.
    private func readAll(chunkSize: Int, use: (Lent) -> LineReader.BufferedLineUse = { _ in .read }) throws -> [Lent] {
        var reader = LineReader(source: MemoryByteSource(text: text, chunkSize: chunkSize))
        var lent: [Lent] = []
        while let (number, bytes) = try reader.nextRawLine() {
            lent.append(.bytes(number: number, text: String(decoding: bytes, as: UTF8.self)))
            reader.forEachBufferedLine(recognizing: Self.recognizeOK) { number, line in
                let one: Lent
                switch line {
                case .recognized(let value): one = .recognized(number: number, value: value)
                case .bytes(let bytes): one = .bytes(number: number, text: String(decoding: bytes, as: UTF8.self))
                }
                let answer = use(one)
                if answer != .left { lent.append(one) }
                return answer
            }
        }
        return lent
    }

    func testEveryLineOnceInOrderHoweverTheInputArrives() throws {
        for chunkSize in chunkSizes + [2, 3, 5, 11] {
            let lent = try readAll(chunkSize: chunkSize)
            XCTAssertEqual(lent.count, expected.count, "chunks of \(chunkSize)")
            for (index, one) in lent.enumerated() where index < expected.count {
                switch one {
                case .recognized(let number, let value):
                    XCTAssertEqual(number, index + 1, "chunks of \(chunkSize)")
                    XCTAssertEqual(value, expected[index].recognizable, "line \(number), chunks of \(chunkSize)")
                case .bytes(let number, let text):
                    XCTAssertEqual(number, index + 1, "chunks of \(chunkSize)")
                    XCTAssertEqual(text, expected[index].text, "line \(number), chunks of \(chunkSize)")
                }
            }
        }
    }

    /// With the whole input in the buffer after the first line, each line the toy reader may
    /// recognise is recognised, and the others come as bytes: a `\r\n` line without its `\r`, a
    /// line whose recognised part is not followed by its break whole, an empty line; the last line,
    /// without a break, is not lent but read by `nextRawLine`.
    func testRecognisedLinesSkipTheSearchAndTheOthersComeAsBytes() throws {
        XCTAssertEqual(try readAll(chunkSize: 1 << 16), [
            .bytes(number: 1, text: "ok1"), .recognized(number: 2, value: 22), .bytes(number: 3, text: "ok3"),
            .bytes(number: 4, text: "hello"), .bytes(number: 5, text: "ok4x"), .bytes(number: 6, text: ""),
            .recognized(number: 7, value: 55), .bytes(number: 8, text: "ok6"), .recognized(number: 9, value: 777),
            .bytes(number: 10, text: "ok8"),
        ])
    }

    /// After every read of more input, the lines then buffered are recognised up to the buffer's
    /// new last line break (found again after each read).
    func testAfterEveryReadTheBufferedLinesAreRecognised() throws {
        let count = 300
        for chunkSize in [16, 64, 333, 4096] {
            var reader = LineReader(source: MemoryByteSource(text: (1...count).map { "ok\($0)\n" }.joined(), chunkSize: chunkSize))
            var read = 0, recognized = 0
            while let (number, bytes) = try reader.nextRawLine() {
                read += 1
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "ok\(number)")
                reader.forEachBufferedLine(recognizing: Self.recognizeOK) { number, line in
                    guard case .recognized(let value) = line else {
                        XCTFail("line \(number) not recognised, chunks of \(chunkSize)")
                        return .read
                    }
                    XCTAssertEqual(value, number, "chunks of \(chunkSize)")
                    recognized += 1
                    return .read
                }
            }
            XCTAssertEqual(read + recognized, count, "chunks of \(chunkSize)")
            // One line read by `nextRawLine` per read of more input (the one cut by the chunk's end).
            XCTAssertLessThan(read, count * 7 / chunkSize + 2, "chunks of \(chunkSize)")
        }
    }

    /// A recognised line the reader leaves is given again, as bytes, by `nextRawLine`; a line it
    /// reads last ends the pass, so the recognisable line after it comes from `nextRawLine` too.
    func testALeftLineComesAgainAndAReadLastEndsThePass() throws {
        let leftAt22 = try readAll(chunkSize: 1 << 16) { $0 == .recognized(number: 2, value: 22) ? .left : .read }
        XCTAssertEqual(Array(leftAt22.prefix(3)), [
            .bytes(number: 1, text: "ok1"), .bytes(number: 2, text: "ok22"), .bytes(number: 3, text: "ok3"),
        ])
        XCTAssertEqual(leftAt22.count, expected.count)
        let lastAt6 = try readAll(chunkSize: 1 << 16) { $0 == .bytes(number: 8, text: "ok6") ? .readLast : .read }
        XCTAssertEqual(Array(lastAt6.dropFirst(6).prefix(3)), [
            .recognized(number: 7, value: 55), .bytes(number: 8, text: "ok6"), .bytes(number: 9, text: "ok777"),
        ])
        XCTAssertEqual(lastAt6.count, expected.count)
    }
}
