#if canImport(Glibc)
import Glibc
#endif

/// The fuzzer's input as an array.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with `message` when `condition` is false: libFuzzer saves the input as a crash
/// (`abort` rather than a Swift trap, so the message reaches stderr unmangled in any build).
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let text = "fuzz check failed: " + message() + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}
