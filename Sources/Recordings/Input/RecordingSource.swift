#if canImport(Glibc)
import Glibc
#endif
import ScrollEngine

/// The one way to read a recorded session: evemu, libinput-record or a touch script, told apart
/// by their first bytes, yielding `TouchFrame`s lazily (the file is streamed, never loaded).
///
/// ```swift
/// let source = try RecordingSource.open(path: "flick.evemu", mapping: ScreenMapping(screenSize: Size(width: 1280, height: 800)))
/// while let frame = try source.nextFrame() { scrollView.handle(frame) }
/// ```
public final class RecordingSource: TouchFrameReader {
    public let format: RecordingFormat
    /// The path as given (`-` for stdin).
    public let path: String
    /// The recorded device (nil for touch scripts, which are already in screen px).
    public let device: EvdevDevice?
    /// udev's classification of `device`.
    public let deviceClass: DeviceClass?
    /// The description file used, when it was separate from the events.
    public let descriptionPath: String?
    /// When the last event happens, on the frames' time scale (evemu and libinput-record: from
    /// the first event; touch scripts: as written). Found from the file's tail when the source is
    /// opened from a path; nil for stdin, for a libinput-record device other than the last, or
    /// when the tail holds no event line. Measured on first use (a realtime replay's progress line
    /// asks), so a replay at full speed does not read and split the file's tail.
    public var endTime: Timestamp? {
        if let measuredEndTime { return measuredEndTime }
        let measured = endTimeDeviceIndex.flatMap { measureEndTime(deviceIndex: $0) }
        measuredEndTime = .some(measured)
        return measured
    }
    private var measuredEndTime: Timestamp??
    /// The device whose end is asked for; nil when the source was not opened from a path.
    private var endTimeDeviceIndex: Int?
    /// The format's reader: the one of these three that `format` names (the others stay nil). Each
    /// is a struct held in an optional stored property, which a call through optional chaining
    /// changes where it is (a struct held as an enum's payload would be copied out and back for
    /// every mutating call), with no box in between whose generic metadata the runtime would have
    /// to make, with a conformance check, at start-up.
    private var touchScript: TouchScriptReader?
    private var evemu: EvdevTouchFrameReader<EvemuReader>?
    private var libinputRecord: EvdevTouchFrameReader<LibinputRecordReader>?
    private var openingWarnings: [RecordingWarning]

    /// Every format's reader gives whole touches: the touch script's refuses a line that would break
    /// one and cancels the touches left down at its end; evdev's slot state machine (`SlotLife`) does
    /// the same for evemu and libinput-record. (`SharedCorpusTests` checks it on every shared
    /// recording, `TouchScriptReaderTests` the script's refusals and its cancel at the end.)
    public var givesWholeTouches: Bool { true }

    /// Most bytes looked at to tell the format. Reading stops earlier, at the end of the first line
    /// that is not blank or a comment, so that a pipe's first line is enough to start.
    static let sniffLength = 64 * 1024

    /// Opens a recording.
    /// - Parameters:
    ///   - path: the file, or `-` for standard input.
    ///   - descPath: evemu only: a `.desc` file with the device description (otherwise taken from
    ///     the file, or found beside it: the `NAME.desc` whose NAME begins the file's name).
    ///   - deviceIndex: libinput-record only: which of the recorded devices (0-based).
    ///   - mapping: device coordinates → screen px (unused for touch scripts).
    ///   - allowIndirect: read touchpads too (they are refused otherwise).
    public static func open(path: String, descPath: String? = nil, deviceIndex: Int = 0,
                            mapping: ScreenMapping, allowIndirect: Bool = false) throws -> RecordingSource {
        var file: any ByteSource = try FileByteSource(path: path)
        let prefix = try Self.readPrefix(&file)
        var description: (any ByteSource)?
        var descriptionPath = descPath
        var warnings: [RecordingWarning] = []
        if let descPath {
            description = try FileByteSource(path: descPath)
        } else if RecordingFormat.sniff(prefix) == .evemu, !RecordingFormat.evemuHasDescription(prefix), path != "-",
                  let found = Self.descriptionBeside(path) {
            description = try FileByteSource(path: found.path)
            descriptionPath = found.path
            if !found.isExact {
                warnings.append(RecordingWarning(file: path, message: "no NAME.desc matches the file name; using \(found.path), the same device name recorded elsewhere"))
            }
        }
        let source = try RecordingSource(source: PrefixedByteSource(prefix: prefix, source: file), prefix: prefix,
                                   description: description, descriptionPath: descriptionPath,
                                   deviceIndex: deviceIndex, mapping: mapping, allowIndirect: allowIndirect)
        source.openingWarnings.insert(contentsOf: warnings, at: 0)
        source.endTimeDeviceIndex = deviceIndex
        return source
    }

    /// Opens a recording from any byte source (tests, pipes).
    public static func open(source: any ByteSource, description: (any ByteSource)? = nil, deviceIndex: Int = 0,
                            mapping: ScreenMapping, allowIndirect: Bool = false) throws -> RecordingSource {
        var source = source
        let prefix = try Self.readPrefix(&source)
        return try RecordingSource(source: PrefixedByteSource(prefix: prefix, source: source), prefix: prefix,
                                   description: description, descriptionPath: description?.name,
                                   deviceIndex: deviceIndex, mapping: mapping, allowIndirect: allowIndirect)
    }

    private init(source: PrefixedByteSource, prefix: [UInt8], description: (any ByteSource)?, descriptionPath: String?,
                 deviceIndex: Int, mapping: ScreenMapping, allowIndirect: Bool) throws {
        path = source.name
        self.descriptionPath = descriptionPath
        guard !prefix.isEmpty else {
            throw RecordingError(file: source.name, line: nil, expected: "a recording (evemu, libinput record YAML or touch script), got an empty file")
        }
        guard let format = RecordingFormat.sniff(prefix) else {
            throw RecordingError(file: source.name, line: 1, expected: "a recording: an evemu file (# EVEMU, N:, E: lines), libinput record YAML (version: 1) or a touch script (JSON Lines); the start fits none")
        }
        self.format = format
        if format != .libinputRecord && deviceIndex != 0 {
            throw RecordingError(file: source.name, line: nil,
                                 expected: "device index 0: a \(format.rawValue) file holds one device (device indices are for libinput-record files)")
        }
        switch format {
        case .touchScript:
            touchScript = TouchScriptReader(source: source)
            device = nil
            deviceClass = nil
            openingWarnings = []
            return
        case .evemu:
            let events = try EvemuReader(source: source, description: description)
            let frames = try EvdevTouchFrameReader(events: events, mapping: mapping)
            device = events.device
            evemu = frames
        case .libinputRecord:
            let events = try LibinputRecordReader(source: source, deviceIndex: deviceIndex)
            let frames = try EvdevTouchFrameReader(events: events, mapping: mapping)
            device = events.device
            libinputRecord = frames
        }
        let deviceClass = DeviceClass(device: device!)
        self.deviceClass = deviceClass
        openingWarnings = []
        if deviceClass == .touchpad && !allowIndirect {
            throw RecordingError(file: source.name, line: nil,
                                 expected: "a touchscreen, but \"\(device!.name)\" is a touchpad (indirect: INPUT_PROP_POINTER or BTN_TOOL_FINGER without INPUT_PROP_DIRECT); use --allow-indirect to read it anyway")
        }
        if deviceClass != .touchscreen && deviceClass != .touchpad {
            openingWarnings.append(RecordingWarning(file: source.name, message: "\"\(device!.name)\" classifies as \(deviceClass.rawValue), not touchscreen; reading its touches anyway"))
        }
    }

    public var warnings: [RecordingWarning] {
        switch format {
        case .touchScript: openingWarnings + (touchScript?.warnings ?? [])
        case .evemu: openingWarnings + (evemu?.warnings ?? [])
        case .libinputRecord: openingWarnings + (libinputRecord?.warnings ?? [])
        }
    }

    private func measureEndTime(deviceIndex: Int) -> Timestamp? {
        var origin: Int64 = 0
        switch format {
        case .evemu:
            guard let first = evemu?.events.firstEventTime else { return nil }
            origin = first
        case .libinputRecord:
            // The tail belongs to the last device.
            guard let first = libinputRecord?.events.firstEventTime,
                  deviceIndex == (libinputRecord?.events.deviceCount ?? 1) - 1 else { return nil }
            origin = first
        case .touchScript:
            break
        }
        guard let last = RecordingEnd.lastEventTime(path: path, format: format), last >= origin else { return nil }
        return Timestamp(microseconds: last - origin)
    }

    public func recycle(_ frame: consuming TouchFrame) {
        switch format {
        case .touchScript: touchScript?.recycle(frame)
        case .evemu: evemu?.recycle(frame)
        case .libinputRecord: libinputRecord?.recycle(frame)
        }
    }

    public func nextFrame() throws -> TouchFrame? {
        switch format {
        case .touchScript: try touchScript?.nextFrame() ?? nil
        case .evemu: try evemu?.nextFrame() ?? nil
        case .libinputRecord: try libinputRecord?.nextFrame() ?? nil
        }
    }

    /// The frames as a lazy sequence; iteration stops after the first error, which is the last element.
    public var frames: RecordingFrames { RecordingFrames(source: self) }

    private static func readPrefix(_ source: inout any ByteSource) throws -> [UInt8] {
        var prefix: [UInt8] = []
        var firstLine = RecordingFormat.FirstContentLine()
        while prefix.count < sniffLength, !firstLine.isComplete(in: prefix) {
            if try source.read(into: &prefix, maximum: sniffLength - prefix.count) == 0 { break }
        }
        return prefix
    }

    /// The description file beside `path`: `NAME.desc` where NAME begins the file's name (the
    /// longest such NAME wins, as in `Atmel maXTouch Touchscreen.desc` for
    /// `Atmel maXTouch Touchscreen.1-finger-fast-taps.events`). Failing that, a `.desc` whose name
    /// up to its first `.` begins the file's name (the same device recorded on another machine,
    /// e.g. `SynPS2 Synaptics TouchPad.hp8470p.desc`); `isExact` tells which.
    static func descriptionBeside(_ path: String) -> (path: String, isExact: Bool)? {
        // The directory as the path names it (`dir/` is kept as the prefix of the result), and the file's name.
        let slash = path.lastIndex(of: "/")
        let directoryPrefix = slash.map { String(path[...$0]) } ?? ""
        let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let entries = directoryEntries(directoryPrefix.isEmpty ? "." : directoryPrefix) else { return nil }
        let descriptions = entries.filter { $0.hasSuffix(".desc") && $0 != fileName }.sorted { ($0.count, $0) > ($1.count, $1) }
        if let exact = descriptions.first(where: { fileName.hasPrefix(String($0.dropLast(".desc".count))) }) {
            return (directoryPrefix + exact, true)
        }
        let stem = { (name: String) in String(name.dropLast(".desc".count).prefix { $0 != "." }) }
        if let loose = descriptions.first(where: { fileName.hasPrefix(stem($0) + ".") }) {
            return (directoryPrefix + loose, false)
        }
        return nil
    }

    /// The names in a directory (without `.` and `..`), or nil when it cannot be read.
    private static func directoryEntries(_ directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// `RecordingSource`'s frames as a lazy sequence of results.
public struct RecordingFrames: Sequence, IteratorProtocol {
    let source: RecordingSource
    private var failed = false

    init(source: RecordingSource) {
        self.source = source
    }

    public mutating func next() -> Result<TouchFrame, RecordingError>? {
        guard !failed else { return nil }
        do {
            return try source.nextFrame().map { .success($0) }
        } catch let error as RecordingError {
            failed = true
            return .failure(error)
        } catch {
            failed = true
            return .failure(RecordingError(file: source.path, line: nil, expected: "readable input (\(error))"))
        }
    }
}
