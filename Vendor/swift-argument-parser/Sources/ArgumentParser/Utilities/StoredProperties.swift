//===----------------------------------------------------------------------===//
//
// touchscroll's copy of the Swift Argument Parser: this file is not upstream's
// (Vendor/swift-argument-parser/README.md says why it is here).
//
// Licensed under Apache License v2.0 with Runtime Library Exception
//
//===----------------------------------------------------------------------===//

// The standard library's field walker, the one `Mirror` is built on.
@_spi(Reflection) import Swift

extension ParsableArguments {
  /// The stored properties of a default instance, in declaration order: each
  /// one's name, its value, and the value as an `ArgumentSetProvider` when it
  /// is one (a property wrapper). The names and values are what
  /// `Mirror(reflecting: Self()).children` gives for a type that does not
  /// customise its mirror, which is what building an argument set reads.
  ///
  /// A struct's fields are read with `_forEachField`, straight from its type's
  /// field records. A `Mirror` gives the same names and values, but building
  /// one instantiates the generic types behind its `children` collection (a
  /// lazy map over a range, in a type-erased box) and asks whether the value
  /// and its type are `CustomReflectable`; the first time the Swift runtime is
  /// asked whether a type conforms to a protocol, it walks every
  /// protocol-conformance record of the executable, and that was some
  /// thirteen walks' worth at every start of a command-line tool. For the same reason a field
  /// is cast to `ArgumentSetProvider` from its own type, not from `Any` (which
  /// would first ask whether `Any` itself conforms), and the walk's options are
  /// spelled as a raw value (an array literal of them instantiates a generic
  /// initialiser over `Array`). A class, or a type the walker cannot describe,
  /// is reflected with `Mirror`, as upstream does.
  static func _storedProperties() -> [(
    label: String?, value: Any, provider: ArgumentSetProvider?
  )] {
    let instance = Self()
    var properties: [(label: String?, value: Any, provider: ArgumentSetProvider?)] = []
    let walked = withUnsafePointer(to: instance) { pointer in
      let base = UnsafeRawPointer(pointer)
      func field<Field>(_: Field.Type, at offset: Int) -> (Any, ArgumentSetProvider?) {
        let value = base.advanced(by: offset).assumingMemoryBound(to: Field.self).pointee
        return (value, value as? ArgumentSetProvider)
      }
      return _forEachField(of: Self.self, options: _EachFieldOptions(rawValue: 0)) {
        name, offset, fieldType, _ in
        let (value, provider) = field(fieldType, at: offset)
        properties.append((label: String(cString: name), value: value, provider: provider))
        return true
      }
    }
    guard walked else {
      return Mirror(reflecting: instance).children.map {
        (label: $0.label, value: $0.value, provider: $0.value as? ArgumentSetProvider)
      }
    }
    return properties
  }
}
