/// Splits a byte stream into newline-terminated lines, with a limit on a line's length so one
/// client cannot make the daemon buffer without bound. A line over the limit is reported once and
/// skipped up to its newline; the lines after it are read normally.
public struct LineAssembler: Hashable, Sendable {
    /// What came out of the bytes fed in.
    public enum Piece: Hashable, Sendable {
        case line([UInt8])
        case tooLong
    }

    public let limit: Int
    private var pending: [UInt8] = []
    private var discarding = false

    /// `limit`: the most bytes a line may have, newline not counted.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Bytes waiting for their newline.
    public var bufferedCount: Int { pending.count }

    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    pieces.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
            } else if !discarding {
                if pending.count == limit {
                    discarding = true
                    pending.removeAll(keepingCapacity: false)
                    pieces.append(.tooLong)
                } else {
                    pending.append(byte)
                }
            }
        }
        return pieces
    }
}
