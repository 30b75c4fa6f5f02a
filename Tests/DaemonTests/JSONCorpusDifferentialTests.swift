import Daemon
import JSONDocument
import Foundation
import XCTest

/// `JSONValue.parse` against Foundation's `JSONDecoder` (what read control requests and state files
/// before) on every line of the checked-in fuzz corpora: both accept the same lines and read the same
/// values, so no request the control channel refused is accepted now, and none it took is refused.
/// (Only JSONDecoder's quirks with a zero before an exponent, `0E1` refused but `0e0` taken, are not
/// copied: every such number is read.)
final class JSONCorpusDifferentialTests: XCTestCase {
    /// Foundation's reading of a JSON document, as the control channel did it.
    enum FoundationJSON: Decodable {
        case null, bool(Bool), number(Double), string(String), array([FoundationJSON]), object([String: FoundationJSON])

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else if let a = try? c.decode([FoundationJSON].self) { self = .array(a) }
            else { self = .object(try c.decode([String: FoundationJSON].self)) }
        }

        var value: JSONValue {
            switch self {
            case .null: .null
            case .bool(let b): .bool(b)
            case .number(let n): .number(n)
            case .string(let s): .string(s)
            case .array(let a): .array(a.map(\.value))
            case .object(let o): .object(o.mapValues(\.value))
            }
        }
    }

    static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz/corpus")

    func compare(_ bytes: [UInt8], _ name: String) {
        let foundation = try? JSONDecoder().decode(FoundationJSON.self, from: Data(bytes)).value
        let ours = try? JSONValue.parse(bytes)
        // JSONDecoder reads a bare number and ignores what follows a NUL after it (`1\0x`); such a
        // line is no request either way (not an object), so bare numbers are not compared.
        if case .number? = foundation { return }
        XCTAssertEqual(ours, foundation, "\(name): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }

    func testControlRequestsReadAsFoundationReadThem() throws {
        let directory = Self.corpora.appendingPathComponent("control")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertGreaterThan(files.count, 50)
        var lines = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                // The control server hands over only UTF-8 lines (others get "not UTF-8").
                guard String(validating: line, as: UTF8.self) != nil else { continue }
                lines += 1
                compare(Array(line), file)
                // Every cut of the line too: the parser's error paths, where most differences would hide.
                for end in stride(from: line.startIndex, to: line.endIndex, by: 1) where String(validating: line[..<end], as: UTF8.self) != nil {
                    compare(Array(line[..<end]), file + " (cut)")
                }
            }
        }
        XCTAssertGreaterThan(lines, 100)
    }

    func testStateFilesReadAsFoundationReadThem() throws {
        let directory = Self.corpora.appendingPathComponent("state-file")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            compare(try [UInt8](Data(contentsOf: directory.appendingPathComponent(file))), file)
        }
    }
}
