import XCTest
@testable import Recordings

/// The sniffed prefix and the rest of the input come out as one stream, whether the prefix is
/// handed over whole (into an empty buffer), in pieces (a smaller `maximum`), or after bytes the
/// buffer already holds.
final class PrefixedByteSourceTests: XCTestCase {
    private let prefix = Array("{\"t\": 0, \"slot\": 0, \"phase\": \"down\", \"x\": 1, \"y\": 2}\n".utf8)
    private let rest = Array("{\"t\": 8000, \"slot\": 0, \"phase\": \"up\", \"x\": 1, \"y\": 2}\n".utf8)

    private func source() -> PrefixedByteSource {
        PrefixedByteSource(prefix: prefix, source: MemoryByteSource(bytes: rest, chunkSize: 7))
    }

    /// Reads until the end, `maximum` bytes at most per read, appending to `buffer`.
    private func drain(_ source: inout PrefixedByteSource, into buffer: inout [UInt8], maximum: Int) throws -> [Int] {
        var counts: [Int] = []
        while true {
            let count = try source.read(into: &buffer, maximum: maximum)
            if count == 0 { return counts }
            counts.append(count)
        }
    }

    func testAnEmptyBufferTakesTheWholePrefixInOneRead() throws {
        var source = source()
        var buffer: [UInt8] = []
        let counts = try drain(&source, into: &buffer, maximum: 1 << 16)
        XCTAssertEqual(buffer, prefix + rest)
        XCTAssertEqual(counts.first, prefix.count)
    }

    func testASmallerMaximumHandsThePrefixOutInPieces() throws {
        var source = source()
        var buffer: [UInt8] = []
        let counts = try drain(&source, into: &buffer, maximum: 10)
        XCTAssertEqual(buffer, prefix + rest)
        XCTAssertEqual(Array(counts.prefix(6)), [10, 10, 10, 10, 10, 3])
    }

    func testBytesAlreadyInTheBufferStayBeforeThePrefix() throws {
        var source = source()
        var buffer = Array("# kept\n".utf8)
        _ = try drain(&source, into: &buffer, maximum: 1 << 16)
        XCTAssertEqual(buffer, Array("# kept\n".utf8) + prefix + rest)
    }
}
