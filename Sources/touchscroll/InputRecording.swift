import Recordings

/// Opens the input of `replay` / `plot` with the reader its format needs.
///
/// Formats: the touch script (JSON Lines, docs in the Recordings module). Recorded evdev sessions
/// (evemu, libinput record) are read by the Recordings module's readers as they land there.
enum InputRecording {
    static func open(_ options: ReplayInputOptions) throws -> any TouchFrameReader {
        if options.desc != nil {
            throw RecordingError(file: options.input, line: nil, expected: "an evemu recording for --desc (touch scripts have no device description)")
        }
        if let device = options.device, device != 0 {
            throw RecordingError(file: options.input, line: nil, expected: "a recording with device \(device) (a touch script has one device, 0)")
        }
        return try TouchScriptReader(path: options.input)
    }
}
