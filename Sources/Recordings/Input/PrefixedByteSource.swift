/// Hands out `prefix` first, then the rest of `source`: lets a reader look at the first bytes
/// (to tell the format) and still read the whole stream, including from a pipe.
public struct PrefixedByteSource: ByteSource {
    private var prefix: [UInt8]
    private var offset = 0
    private var source: any ByteSource

    public init(prefix: [UInt8], source: any ByteSource) {
        self.prefix = prefix
        self.source = source
    }

    public var name: String { source.name }

    public var hasInputReady: Bool { offset < prefix.count || source.hasInputReady }

    public mutating func read(into buffer: inout [UInt8], maximum: Int) throws -> Int {
        if offset < prefix.count {
            // Into an empty buffer (a reader's first read) the whole prefix is handed over as it is:
            // its storage, not a copy, so the first 64 KiB of the input are neither copied again
            // nor their pages touched a second time.
            if offset == 0, buffer.isEmpty, prefix.count <= maximum {
                swap(&buffer, &prefix)
                prefix = []
                return buffer.count
            }
            let count = min(maximum, prefix.count - offset)
            buffer.append(contentsOf: prefix[offset..<(offset + count)])
            offset += count
            if offset == prefix.count {
                prefix = [] // release the sniffed bytes
                offset = 0
            }
            return count
        }
        return try source.read(into: &buffer, maximum: maximum)
    }
}
