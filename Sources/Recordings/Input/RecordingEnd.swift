import Foundation

/// Finds when a recording ends without reading it through: the last event line in the file's
/// last 64 KiB. Lets a replay show "elapsed / total" from the start.
enum RecordingEnd {
    static let tailLength = 64 * 1024

    /// The last event's time as written in the file (µs), or nil when the tail holds none.
    static func lastEventTime(path: String, format: RecordingFormat) -> Int64? {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        let start = size > UInt64(tailLength) ? size - UInt64(tailLength) : 0
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else { return nil }
        let bytes = Array(data)
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: true)
        if start > 0, !lines.isEmpty { lines.removeFirst() } // cut in the middle
        for line in lines.reversed() {
            if let time = time(of: line, format: format) { return time }
        }
        return nil
    }

    private static func time(of line: ArraySlice<UInt8>, format: RecordingFormat) -> Int64? {
        switch format {
        case .evemu:
            return EvemuEventLine.parse(line)?.microseconds
        case .libinputRecord:
            var index = line.startIndex
            while index < line.endIndex, line[index] == 0x20 { index += 1 }
            guard line.endIndex - index > 2, line[index] == UInt8(ascii: "-") else { return nil }
            index += 1
            while index < line.endIndex, line[index] == 0x20 { index += 1 }
            guard let numbers = LibinputRecordReader.fastEvent(line[index...]) else { return nil }
            return numbers[0] * 1_000_000 + numbers[1]
        case .touchScript:
            struct Time: Decodable { var t: Int64 }
            return try? JSONDecoder().decode(Time.self, from: Data(line)).t
        }
    }
}
