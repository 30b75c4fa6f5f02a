//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// touchscroll's copy: upstream imports FoundationEssentials here, for two things only, and that
// import links all of FoundationEssentials (with the standard library's regex modules) into every
// program that uses the parser: 6 MB of a stripped binary, 1 500 of its 4 250 protocol-conformance
// records (which the runtime walks when a conformance lookup misses its cache, as the parser's
// reflection does at every start) and 0.3 ms of every start. Both are written here without it:
// - an error's description, as upstream gives it with FoundationEssentials but for
//   `LocalizedError`, a Foundation protocol that nothing here can conform to;
// - `--experimental-dump-help`'s JSON, byte for byte what FoundationEssentials' `JSONEncoder`
//   gives with `.prettyPrinted` and `.sortedKeys`.

extension Error {
  func describe() -> String {
    String(describing: self)
  }
}

enum JSONEncoder {
  /// `value` as pretty-printed JSON with sorted keys (two-space indents, `"key" : value`, `/`
  /// escaped as `\/`), or "" when it cannot be encoded (a non-finite number).
  static func encode<T: Encodable>(_ value: T) -> String {
    let root = JSONTreeNode()
    do {
      try root.store(value, codingPath: [])
    } catch {
      return ""
    }
    var output = ""
    root.write(to: &output, indent: 0)
    return output
  }
}

/// One JSON value while it is being encoded: containers fill their node in place, so that nested
/// containers taken from an encoder write into their parent.
final class JSONTreeNode {
  enum Kind {
    case null, bool(Bool), number(String), string(String), array, object
  }

  var kind = Kind.null
  var elements: [JSONTreeNode] = []
  var members: [String: JSONTreeNode] = [:]

  /// Stores `value`: a scalar directly, anything else through its `encode(to:)`.
  func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    switch value {
    case let value as Bool: kind = .bool(value)
    case let value as String: kind = .string(value)
    case let value as any BinaryInteger: kind = .number(String(describing: value))
    case let value as Double: kind = .number(try Self.number(value, codingPath: codingPath))
    case let value as Float: kind = .number(try Self.number(Double(value), codingPath: codingPath))
    default: try value.encode(to: JSONTreeEncoder(node: self, codingPath: codingPath))
    }
  }

  private static func number(_ value: Double, codingPath: [any CodingKey]) throws -> String {
    guard value.isFinite else {
      throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "not a finite number"))
    }
    // An integral value prints without ".0", as JSONEncoder prints it.
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }

  func child(_ key: any CodingKey) -> JSONTreeNode {
    if case .object = kind {} else { kind = .object; members = [:] }
    let node = JSONTreeNode()
    members[key.stringValue] = node
    return node
  }

  func appendElement() -> JSONTreeNode {
    if case .array = kind {} else { kind = .array; elements = [] }
    let node = JSONTreeNode()
    elements.append(node)
    return node
  }

  func write(to output: inout String, indent: Int) {
    switch kind {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): Self.writeString(text, to: &output)
    case .array:
      output += "[\n"
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ",\n" }
        output += String(repeating: " ", count: indent + 2)
        element.write(to: &output, indent: indent + 2)
      }
      output += "\n" + String(repeating: " ", count: indent) + "]"
    case .object:
      output += "{\n"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output += ",\n" }
        output += String(repeating: " ", count: indent + 2)
        Self.writeString(key, to: &output)
        output += " : "
        members[key]!.write(to: &output, indent: indent + 2)
      }
      output += "\n" + String(repeating: " ", count: indent) + "}"
    }
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "/": output += "\\/"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

struct JSONTreeEncoder: Encoder {
  let node: JSONTreeNode
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.kind {} else { node.kind = .object; node.members = [:] }
    return KeyedEncodingContainer(JSONTreeKeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.kind {} else { node.kind = .array; node.elements = [] }
    return JSONTreeUnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONTreeSingleValueContainer(node: node, codingPath: codingPath)
  }
}

struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONTreeNode
  var codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { _ = node.child(key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.child(key).store(value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
    JSONTreeEncoder(node: node.child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    JSONTreeEncoder(node: node.child(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    JSONTreeEncoder(node: node.child(JSONTreeKey(stringValue: "super")), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    JSONTreeEncoder(node: node.child(key), codingPath: codingPath + [key])
  }
}

struct JSONTreeUnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONTreeNode
  var codingPath: [any CodingKey]
  var count: Int { node.elements.count }

  private var nextKey: JSONTreeKey { JSONTreeKey(intValue: count) }

  mutating func encodeNil() throws { _ = node.appendElement() }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = codingPath + [nextKey]
    try node.appendElement().store(value, codingPath: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let path = codingPath + [nextKey]
    return JSONTreeEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = codingPath + [nextKey]
    return JSONTreeEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = codingPath + [nextKey]
    return JSONTreeEncoder(node: node.appendElement(), codingPath: path)
  }
}

struct JSONTreeSingleValueContainer: SingleValueEncodingContainer {
  let node: JSONTreeNode
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.kind = .null }
  mutating func encode(_ value: Bool) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: String) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Double) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Float) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Int) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Int8) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Int16) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Int32) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: Int64) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: UInt) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: UInt8) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: UInt16) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: UInt32) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode(_ value: UInt64) throws { try node.store(value, codingPath: codingPath) }
  mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}

struct JSONTreeKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
