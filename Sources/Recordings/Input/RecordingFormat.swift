/// The file formats `RecordingSource` reads.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu-record output (`.evemu`, `.events`, `.ev`), versions 1.1–1.3.
    case evemu
    /// `libinput record` YAML, version 1.
    case libinputRecord = "libinput-record"
    /// touchscroll's JSON Lines touch script (`.touches.jsonl`).
    case touchScript = "touch-script"

    /// Tells the format from the first bytes of a file (up to a few KiB): `# EVEMU` or an evemu
    /// line prefix, a YAML top-level key, or a JSON object. Nil when none fits.
    public static func sniff(_ bytes: [UInt8]) -> RecordingFormat? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let decided: RecordingFormat?? = firstDecision(in: body) { rawLine in
            let line = rawLine.trimmingSpaces
            if line.isEmpty { return nil }
            if line.hasPrefix("#") {
                if line.dropFirst().trimmingSpaces.hasPrefix("EVEMU") { return .some(.evemu) }
                return nil
            }
            if line.hasPrefix("{") { return .some(.touchScript) }
            if line.count >= 2, "NIPBAELS".contains(line.first!), line.dropFirst().first == ":" { return .some(.evemu) }
            if line == "---" || line.hasPrefix("version:") || line.hasPrefix("ndevices:") || line.hasPrefix("devices:")
                || line.hasPrefix("libinput:") || line.hasPrefix("system:") { return .some(.libinputRecord) }
            return .some(nil)
        }
        return decided ?? nil
    }

    /// Visits the lines of `bytes` (split at every newline character, empty ones left out) until
    /// `decide` returns a value. Only the lines visited are decoded — the prefix may hold 64 KiB of
    /// them: the bytes are cut at each `\n` first (never inside a UTF-8 sequence), then each piece
    /// at any newline character, which gives the lines splitting the whole text would.
    private static func firstDecision<T>(in bytes: ArraySlice<UInt8>, _ decide: (Substring) -> T?) -> T? {
        var rest = bytes
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let text = String(decoding: rest[..<end], as: UTF8.self)
            rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...]
            for line in text.split(whereSeparator: \.isNewline) {
                if let decision = decide(line) { return decision }
            }
        }
        return nil
    }

    /// Follows bytes as they arrive until they hold enough to tell the format: a complete first
    /// line that is neither blank nor a `#` comment (`sniff` decides on it; an evemu file's
    /// description begins there). Remembers how far it has looked, so that bytes arriving one at a
    /// time are not scanned again and again.
    struct FirstContentLine {
        private var lineStart = 0
        private var searched = 0

        mutating func isComplete(in bytes: [UInt8]) -> Bool {
            while let newline = bytes[max(lineStart, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = bytes[lineStart..<newline].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
                if let first = line.first, first != UInt8(ascii: "#") { return true }
                lineStart = newline + 1
            }
            searched = bytes.count
            return false
        }
    }

    /// Whether an evemu prefix has a device description (an `N:` line) before its first event.
    static func evemuHasDescription(_ bytes: [UInt8]) -> Bool {
        firstDecision(in: bytes[...]) { rawLine -> Bool? in
            let line = rawLine.trimmingSpaces
            if line.hasPrefix("N:") { return true }
            if line.hasPrefix("E:") { return false }
            return nil
        } ?? false
    }
}
