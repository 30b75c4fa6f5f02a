import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// The byte-level scanner reads the common touch-script line with the values the full JSON parser
/// gives, and declines (nil) every line it is not sure about, leaving it to the parser.
final class TouchScriptLineScannerTests: XCTestCase {
    /// What the scanner reads from `line`. Every line a test scans is also checked as the reader
    /// first meets it, at the start of the rest of its buffer (`assertReadAtTheStartOfABuffer`).
    private func scan(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> TouchScriptLineScanner.Fields? {
        assertReadAtTheStartOfABuffer(line, file: file, line: number)
        return TouchScriptLineScanner.scan(ArraySlice(line.utf8))
    }

    /// `scanLine(atStartOf:)` reads a line in the writer's layout followed by `\n` (whatever comes
    /// after) with the fields the whole line gives `writerLayout` and the line's length. It declines
    /// every other line, and any line followed by `\r\n`, a space, or the end of the text.
    private func assertReadAtTheStartOfABuffer(_ line: String, file: StaticString = #filePath, line number: UInt = #line) {
        let bytes = Array(line.utf8)
        let whole: TouchScriptLineScanner.Fields? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor = TouchScriptLineScanner.Cursor(position: base, end: base + buffer.count)
            return cursor.writerLayout()
        }
        func atStart(_ rest: String) -> (fields: TouchScriptLineScanner.Fields, length: Int)? {
            (bytes + Array(rest.utf8)).withUnsafeBufferPointer(TouchScriptLineScanner.scanLine(atStartOf:))
        }
        for rest in ["\n", "\n{\"t\": 1, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\n", "\n123\n", "\n\n"] {
            let read = atStart(rest)
            XCTAssertEqual(read?.fields, whole, "\(line) followed by \(rest.debugDescription)", file: file, line: number)
            XCTAssertEqual(read?.length, whole.map { _ in bytes.count }, "\(line) followed by \(rest.debugDescription)", file: file, line: number)
        }
        for rest in ["\r\n", "\r\n{\"t\": 1}\n", " \n", ""] {
            XCTAssertNil(atStart(rest), "\(line) followed by \(rest.debugDescription)", file: file, line: number)
        }
    }

    /// What the reader's full path (`TouchScriptObjectParser`) reads from the line.
    private func decoded(_ line: String) -> TouchScriptLineScanner.Fields? {
        guard let fields = try? TouchScriptObjectParser.parse(ArraySlice(line.utf8)),
              case .integer(let t)? = fields["t"], case .integer(let slot)? = fields["slot"],
              case .string(let name)? = fields["phase"], let phase = TouchPhase(rawValue: name) else { return nil }
        func number(_ value: JSONScalar?) -> Double? {
            switch value {
            case .integer(let integer)?: Double(integer)
            case .real(let real)?: real
            default: nil
            }
        }
        guard let x = number(fields["x"]), let y = number(fields["y"]) else { return nil }
        return TouchScriptLineScanner.Fields(t: t, slot: slot, phase: phase, x: x, y: y)
    }

    /// Lines that neither way reads: the scanner gives nil, and so does the decoder's reading.
    private func assertDeclinedByBoth(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in lines {
            XCTAssertNil(scan(text), text, file: file, line: line)
            XCTAssertNil(decoded(text), text, file: file, line: line)
        }
    }

    func testReadsTheCommonLinesAsTheDecoderDoes() {
        let lines = [
            #"{"t": 0, "slot": 0, "phase": "down", "x": 640, "y": 600}"#,
            #"{"t": 16666, "slot": 0, "phase": "move", "x": 640, "y": 566.667}"#,
            #"{"t":33333,"slot":1,"phase":"up","x":-12.5,"y":1e3}"#,
            #"{"y": 2.5E-3, "x": 0.1, "phase": "cancel", "slot": 9, "t": -1099511627776}"#,
            "\t{ \"t\" : 7 , \"slot\" : 2 , \"phase\" : \"move\" , \"x\" : 1 , \"y\" : 2 }  ",
            #"{"t": -0, "slot": 0, "phase": "down", "x": -0, "y": -0.0}"#,
            #"{"t": 5, "slot": 0, "phase": "down", "x": -0e3, "y": 0.1e-2}"#,
        ]
        for line in lines {
            let scanned = scan(line)
            XCTAssertNotNil(scanned, line)
            let expected = decoded(line.trimmingCharacters(in: .whitespaces))
            XCTAssertEqual(scanned, expected, line)
            // Equal signs too: the decoder reads -0 as the integer 0, so +0.
            XCTAssertEqual(scanned.map { [$0.x.sign, $0.y.sign] }, expected.map { [$0.x.sign, $0.y.sign] }, line)
        }
        XCTAssertEqual(scan(#"{"t": 16666, "slot": 3, "phase": "move", "x": 640, "y": 566.667}"#),
                       TouchScriptLineScanner.Fields(t: 16666, slot: 3, phase: .move, x: 640, y: 566.667))
    }

    /// Lines as `TouchScriptWriter` lays them out (the layout matched piece by piece) read as the
    /// decoder reads them, for every phase and for values with and without fractions and signs;
    /// the same layout with a value the decoder would reject, or with anything after it, is declined.
    func testReadsTheWritersLayoutAsTheDecoderDoes() {
        let samples: [(Int64, Int, TouchPhase, Double, Double)] = [
            (0, 0, .down, 640, 600), (15998, 1, .move, 389.589, 416.113), (33333, 9, .up, -12.5, 0.001),
            (-1_099_511_627_776, 255, .cancel, 1e7, -1e7), (7, 2147483647, .move, -0.0, 0.5),
        ]
        for (t, slot, phase, x, y) in samples {
            let line = TouchScriptWriter.line(time: Timestamp(microseconds: t), sample: TouchSample(slot: TouchSlot(slot), phase: phase, location: Point(x: x, y: y)))
            let scanned = scan(line)
            XCTAssertNotNil(scanned, line)
            XCTAssertEqual(scanned, decoded(line), line)
            XCTAssertEqual(scanned.map { [$0.x.sign, $0.y.sign] }, decoded(line).map { [$0.x.sign, $0.y.sign] }, line)
        }
        for line in [
            #"{"t": 01, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
            #"{"t": 1, "slot": 0, "phase": "dow", "x": 1, "y": 2}"#,
            #"{"t": 1, "slot": 0, "phase": "down", "x": 1., "y": 2}"#,
            #"{"t": 1, "slot": 0, "phase": "down", "x": 1, "y": 2}, "#,
            #"{"t": 1, "slot": 0, "phase": "down", "x": 1, "y": 2, "y": 3}"#,
            #"{"t": 1, "slot": 0, "phase": "down", "x": 1, "y": 2} 5"#,
        ] {
            XCTAssertNil(scan(line), line)
        }
        // One space fewer: not the writer's layout, read key by key with the same values.
        XCTAssertEqual(scan(#"{"t":1, "slot": 0, "phase": "down", "x": 1, "y": 2}  "#),
                       TouchScriptLineScanner.Fields(t: 1, slot: 0, phase: .down, x: 1, y: 2))
        // The writer's layout with spaces after the brace, or numbers with an exponent: read key
        // by key too, with the values the decoder gives.
        for line in [
            #"{"t": 5, "slot": 1, "phase": "move", "x": 12.5, "y": 7}  "#,
            "{\"t\": 5, \"slot\": 1, \"phase\": \"move\", \"x\": 12.5, \"y\": 7}\t",
            #"{"t": 5, "slot": 1, "phase": "move", "x": 1.25e1, "y": 7E0}"#,
        ] {
            XCTAssertEqual(scan(line), TouchScriptLineScanner.Fields(t: 5, slot: 1, phase: .move, x: 12.5, y: 7), line)
            XCTAssertEqual(scan(line), decoded(line.trimmingCharacters(in: .whitespaces)), line)
        }
        // Cut off before the closing brace, or only a brace: declined.
        for line in [#"{"t": 5, "slot": 1, "phase": "move", "x": 12.5, "y": 7"#, #"{"t": 5"#, #"{"t": "#, "}", ""] {
            XCTAssertNil(scan(line), line)
        }
    }

    /// The scanner's own decimal conversion gives the bits the standard library's parser gives, for
    /// every shape of number up to its 15 bytes (a fixed pseudo-random sample of 50 000).
    func testDecimalsConvertExactlyAsTheStandardParser() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        func digits(_ count: Int, leadingZeroAllowed: Bool) -> String {
            String((0..<count).map { i in Character(String(i == 0 && !leadingZeroAllowed ? 1 + next(9) : next(10))) })
        }
        var checked = 0
        while checked < 50_000 {
            var text = next(2) == 0 ? "-" : ""
            let integerDigits = 1 + next(8)
            text += next(6) == 0 ? "0" : digits(integerDigits, leadingZeroAllowed: false)
            if next(2) == 0 { text += "." + digits(1 + next(9), leadingZeroAllowed: true) }
            if next(3) == 0 { text += ["e", "E"][next(2)] + ["", "+", "-"][next(3)] + String(next(40)) }
            guard text.utf8.count <= 15 else { continue }
            checked += 1
            let scanned = TouchScriptLineScanner.Cursor.decimal(ArraySlice(text.utf8))
            XCTAssertEqual(scanned?.bitPattern, Double(text)?.bitPattern, text)
        }
    }

    /// Runs of digits of every length up to the scanner's limits (18 digits for an integer, 15 bytes
    /// for a number), of every digit, at the start, middle and end of a line, in the writer's layout
    /// and in the tightest one, read as the decoder reads them; one digit more is declined.
    func testDigitRunsOfEveryLengthReadAsTheDecoderReadsThem() {
        func run(_ count: Int, from first: Int) -> String {
            String((0..<count).map { Character(String((first + $0) % 10)) })
        }
        for length in 1...19 {
            for first in 0..<10 {
                // A run starting with 0 is a leading zero (declined by both) unless it is "0" itself.
                let digits = length == 1 ? String(first) : (first == 0 ? "1" : "") + run(length - (first == 0 ? 1 : 0), from: first)
                let fraction = "0." + digits
                // Each line with whether its run is past the scanner's limits.
                let lines: [(String, Bool)] = [
                    (#"{"t": \#(digits), "slot": 0, "phase": "move", "x": 1, "y": 2}"#, digits.count > 18),
                    (#"{"t":\#(digits),"slot":0,"phase":"move","x":1,"y":2}"#, digits.count > 18),
                    (#"{"t": 1, "slot": 0, "phase": "move", "x": \#(digits), "y": 2}"#, digits.count > 15),
                    (#"{"t": 1, "slot": 0, "phase": "move", "x": 1, "y": \#(digits)}"#, digits.count > 15),
                    (#"{"t":1,"slot":0,"phase":"move","x":1,"y":\#(digits)}"#, digits.count > 15),
                    (#"{"t": 1, "slot": 0, "phase": "move", "x": 1, "y": \#(fraction)}"#, fraction.count > 15),
                    (#"{"t":1,"slot":0,"phase":"move","x":1,"y":-\#(fraction)}"#, fraction.count + 1 > 15),
                ]
                for (line, pastLimits) in lines {
                    if pastLimits {
                        XCTAssertNil(scan(line), line)
                    } else {
                        XCTAssertNotNil(scan(line), line)
                        XCTAssertEqual(scan(line), decoded(line), line)
                    }
                }
            }
        }
    }

    /// Times of eight and nine digits, as a script longer than ten seconds has most of them, are read
    /// as one word and a digit: every edge of those lengths, and the shapes next to them (ten digits,
    /// a leading zero, a sign, a fraction, another byte after the digits), read as the decoder reads
    /// them or declined as before.
    func testTimesOfEightAndNineDigitsReadAsTheDecoderReadsThem() {
        var times: [Int64] = [10_000_000, 10_000_001, 12_345_678, 99_999_999, 100_000_000, 123_456_789, 999_999_999,
                              1_000_000_000, 9_999_999, -12_345_678, -123_456_789]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            times.append(10_000_000 + Int64(state >> 35) % 990_000_000)
        }
        for t in times {
            for line in [#"{"t": \#(t), "slot": 3, "phase": "move", "x": 389.589, "y": 416.113}"#,
                         #"{"t": \#(t), "slot": 0, "phase": "down", "x": 1, "y": 2}"#] {
                XCTAssertEqual(scan(line)?.t, t, line)
                XCTAssertEqual(scan(line), decoded(line), line)
            }
        }
        assertDeclinedByBoth([
            #"{"t": 012345678, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
            #"{"t": 12345678.5, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
            #"{"t": 123456789.5, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
            #"{"t": 12345678x, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
            #"{"t": 123456789x, "slot": 0, "phase": "down", "x": 1, "y": 2}"#,
        ])
        // An exponent: left to the decoder, which reads the integral value.
        let exponent = #"{"t": 1234567e8, "slot": 0, "phase": "down", "x": 1, "y": 2}"#
        XCTAssertNil(scan(exponent))
        XCTAssertEqual(decoded(exponent)?.t, 123_456_700_000_000)
    }

    /// Coordinates with three decimals, as `record` writes most of them, are read as one word (with
    /// the time's first eight digits): a sweep of them as x and as y gives the decoder's values,
    /// and the shapes next to it (a leading zero, a sign, a fourth integer digit, an exponent or a
    /// decimal fewer) are read as before or declined as before.
    func testThreeDecimalCoordinatesReadAsTheDecoderReadsThem() {
        for integer in stride(from: 100, through: 999, by: 7) {
            for thousandths in stride(from: 0, through: 999, by: 37) {
                let value = "\(integer)." + String(String(thousandths + 1000).dropFirst())
                for line in [
                    #"{"t": 12345678, "slot": 0, "phase": "move", "x": \#(value), "y": 1}"#,
                    #"{"t": 123456789, "slot": 0, "phase": "move", "x": 1, "y": \#(value)}"#,
                ] {
                    guard let scanned = scan(line) else { return XCTFail(line) }
                    XCTAssertEqual(scanned, decoded(line), line)
                }
            }
        }
        for value in ["100.000", "999.999", "-389.589", "1280.5", "1000.125", "389.58", "389.5", "389.589e0", "389.589E1", "0.125"] {
            for line in [
                #"{"t": 16666667, "slot": 2, "phase": "move", "x": \#(value), "y": 416.113}"#,
                #"{"t": 16666667, "slot": 2, "phase": "move", "x": 416.113, "y": \#(value)}"#,
            ] {
                XCTAssertNotNil(scan(line), line)
                XCTAssertEqual(scan(line), decoded(line), line)
            }
        }
        // Leading zeros, in a coordinate's shape and in a time's first eight digits: declined, as the
        // decoder declines them.
        assertDeclinedByBoth([
            #"{"t": 16666667, "slot": 2, "phase": "move", "x": 012.345, "y": 416.113}"#,
            #"{"t": 16666667, "slot": 2, "phase": "move", "x": 416.113, "y": 012.345}"#,
            #"{"t": 01234567, "slot": 2, "phase": "move", "x": 389.589, "y": 416.113}"#,
            #"{"t": 012345678, "slot": 2, "phase": "move", "x": 389.589, "y": 416.113}"#,
        ])
    }

    /// Lines the scanner leaves to the decoder: it gives nil, never a different value.
    func testDeclinesEveryOtherLine() {
        let lines = [
            #"{"t": 0, "slot": 0, "phase": "down", "x": 640}"#, // a key missing
            #"{"t": 0, "slot": 0, "phase": "down", "x": 640, "y": 1, "pressure": 3}"#, // an unknown key
            #"{"t": 0, "t": 1, "slot": 0, "phase": "down", "x": 640, "y": 1}"#, // a key twice
            #"{"t": 1.0, "slot": 0, "phase": "down", "x": 640, "y": 1}"#, // t not an integer literal
            #"{"t": 01, "slot": 0, "phase": "down", "x": 640, "y": 1}"#, // a leading zero
            #"{"t": 0, "slot": 0, "phase": "do\u0077n", "x": 640, "y": 1}"#, // an escape
            #"{"t": 0, "slot": 0, "phase": "hover", "x": 640, "y": 1}"#, // not a phase
            #"{"t": 0, "slot": 0, "phase": "down", "x": [640], "y": 1}"#, // a nested value
            #"{"t": 0, "slot": 0, "phase": "down", "x": .5, "y": 1}"#, // not a JSON number
            #"{"t": 0, "slot": 0, "phase": "down", "x": 5., "y": 1}"#,
            #"{"t": 0, "slot": 0, "phase": "down", "x": 1e, "y": 1}"#,
            #"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 1} x"#, // something after the object
            #"{"t": 0, "slot": 0, "phase": "down", "x": 1, "y": 1,}"#, // a trailing comma
            #"{"t": 1234567890123456789, "slot": 0, "phase": "down", "x": 1, "y": 1}"#, // too many digits to be sure
            #"{"t": 0, "slot": 99999999999999999999999999999999, "phase": "down", "x": 1, "y": 1}"#, // past Int64 (found by fuzzing)
            #"{"t": 0, "slot": 0, "phase": "down", "x": 0.1234567890123456789, "y": 1}"#, // a long number
            #"{"t": 0, "slot": 0, "phase": "down", "x": -1e-400, "y": 1}"#, // rounds to zero
            #"{"t": 0, "slot": "0", "phase": "down", "x": 1, "y": 1}"#, // a string slot
            #"{"t": 0, "slot": 0, "phase": down, "x": 1, "y": 1}"#,
            "",
            "{",
        ]
        for line in lines { XCTAssertNil(scan(line), line) }
    }

    /// A script of lines the scanner reads and lines only the decoder reads gives the frames both
    /// paths agree on, with the same line numbers in errors.
    func testReaderMixesScannedAndDecodedLines() throws {
        var reader = TouchScriptReader(source: MemoryByteSource(name: "mixed.jsonl", text: """
            {"t": 0, "slot": 0, "phase": "down", "x": 10, "y": 20}
            {"t": 0, "slot": 1, "phase": "down", "x": 30, "y": 40, "note": "the decoder reads this one"}
            {"t": 16000, "slot": 0, "phase": "move", "x": 11.5, "y": 21}
            {"t": 16000, "slot": 1, "phase": "move", "x": 31, "y": 4.1e1}
            {"t": 8000, "slot": 1, "phase": "up", "x": 31, "y": 41}
            """))
        let first = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(first.time, Timestamp(microseconds: 0))
        XCTAssertEqual(first.samples.map(\.location), [Point(x: 10, y: 20), Point(x: 30, y: 40)])
        let second = try XCTUnwrap(reader.nextFrame())
        XCTAssertEqual(second.samples.map(\.location), [Point(x: 11.5, y: 21), Point(x: 31, y: 41)])
        XCTAssertThrowsError(try reader.nextFrame()) { error in
            XCTAssertEqual((error as? RecordingError)?.line, 5)
        }
    }
}

/// The format is told as soon as the first line that is not blank or a comment is complete.
final class FirstContentLineTests: XCTestCase {
    func testCompleteOnlyAtTheEndOfTheFirstContentLine() {
        let text = Array("# EVEMU 1.3\n\n   # a comment\nN: Touchscreen\nI: 0018".utf8)
        var firstLine = RecordingFormat.FirstContentLine()
        var completeAt: Int?
        for count in 0...text.count where completeAt == nil {
            if firstLine.isComplete(in: Array(text[..<count])) { completeAt = count }
        }
        XCTAssertEqual(completeAt, Array("# EVEMU 1.3\n\n   # a comment\nN: Touchscreen\n".utf8).count)
    }

    func testCommentsAloneNeverComplete() {
        var firstLine = RecordingFormat.FirstContentLine()
        XCTAssertFalse(firstLine.isComplete(in: Array("# one\n#two\n\n{\"t\"".utf8)))
    }
}
