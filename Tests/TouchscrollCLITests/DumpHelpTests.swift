import Foundation
import XCTest

/// `--experimental-dump-help` (swift-argument-parser's description of every command, for tools that
/// generate manuals and completions) is written without Foundation by the copy of the parser in
/// Vendor/: it must be the very bytes Foundation's `JSONEncoder` writes for the same document, as
/// upstream's parser printed it.
final class DumpHelpTests: XCTestCase {
    /// Any JSON value, read and written through Foundation's coders.
    enum Value: Codable, Equatable {
        case object([String: Value]), array([Value]), string(String), bool(Bool), integer(Int), number(Double), null

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                self = .object(try Dictionary(uniqueKeysWithValues: object.allKeys.map { ($0.stringValue, try object.decode(Value.self, forKey: $0)) }))
            } else if var array = try? decoder.unkeyedContainer() {
                var elements: [Value] = []
                while !array.isAtEnd { elements.append(try array.decode(Value.self)) }
                self = .array(elements)
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() { self = .null }
                else if let value = try? single.decode(Bool.self) { self = .bool(value) }
                else if let value = try? single.decode(Int.self) { self = .integer(value) }
                else if let value = try? single.decode(Double.self) { self = .number(value) }
                else { self = .string(try single.decode(String.self)) }
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .object(let members):
                var container = encoder.container(keyedBy: Key.self)
                for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .string(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .bool(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .integer(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .number(let value): var c = encoder.singleValueContainer(); try c.encode(value)
            case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
            }
        }
    }

    func testDumpHelpIsWhatFoundationsEncoderWrites() throws {
        for command in [[], ["replay"], ["daemon"], ["config", "check"]] {
            let result = try TouchscrollProcess.run(command + ["--experimental-dump-help"])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            let document = try JSONDecoder().decode(Value.self, from: Data(result.stdout.utf8))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let expected = String(decoding: try encoder.encode(document), as: UTF8.self)
            XCTAssertEqual(result.stdout, expected + "\n", "\(command)")
            // The document describes the command asked for, with its options.
            guard case .object(let root) = document, case .object(let described)? = root["command"],
                  case .string(let name)? = described["commandName"] else {
                return XCTFail("\(command): no command in \(result.stdout.prefix(200))")
            }
            XCTAssertEqual(name, command.last ?? "touchscroll")
            XCTAssertTrue(result.stdout.contains("\"abstract\" : "), "\(command)")
        }
    }
}
