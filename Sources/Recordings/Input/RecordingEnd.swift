import Glibc

/// Finds when a recording ends without reading it through: the last event line in the file's
/// last 64 KiB. Lets a replay show "elapsed / total" from the start.
enum RecordingEnd {
    static let tailLength = 64 * 1024

    /// The last event's time as written in the file (µs), or nil when the tail holds none.
    static func lastEventTime(path: String, format: RecordingFormat) -> Int64? {
        guard path != "-" else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        // Only a regular file has an end to seek to (a pipe or a directory has none).
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let start = max(0, size - tailLength)
        guard lseek(descriptor, off_t(start), SEEK_SET) == off_t(start) else { return nil }
        var bytes = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
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
            if let fields = TouchScriptLineScanner.scan(line) { return fields.t }
            return integerValue(ofKey: "t", in: line)
        }
    }

    /// The integer after `"key":` in a JSON object line, for the lines the touch-script scanner does
    /// not take (further keys, other spacing). A hint for the progress display only: the reader
    /// itself validates every line when it gets there.
    private static func integerValue(ofKey key: String, in line: ArraySlice<UInt8>) -> Int64? {
        let quoted = Array("\"\(key)\"".utf8)
        var index = line.startIndex
        while index + quoted.count <= line.endIndex {
            defer { index += 1 }
            guard line[index..<index + quoted.count].elementsEqual(quoted) else { continue }
            var k = index + quoted.count
            while k < line.endIndex, line[k] == 0x20 || line[k] == 0x09 { k += 1 }
            guard k < line.endIndex, line[k] == UInt8(ascii: ":") else { continue }
            k += 1
            while k < line.endIndex, line[k] == 0x20 || line[k] == 0x09 { k += 1 }
            let negative = k < line.endIndex && line[k] == UInt8(ascii: "-")
            if negative { k += 1 }
            var value: Int64 = 0
            var digits = 0
            while k < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[k]) {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int64(line[k] - UInt8(ascii: "0")))
                if o1 || o2 { return nil }
                value = sum
                digits += 1
                k += 1
            }
            return digits > 0 ? (negative ? -value : value) : nil
        }
        return nil
    }
}
