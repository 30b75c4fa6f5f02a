import Configuration
import LiveInput
import Recordings
import ScrollEngine

/// Opens the input of `replay` / `plot`: evemu, libinput record or a touch script, told apart by
/// the Recordings module (`RecordingSource`), mapped onto the configured screen with the
/// configured rotation and flips, then calibrated.
enum InputRecording {
    static func open(_ options: ReplayInputOptions, configuration: TouchscrollConfiguration) throws -> any TouchFrameReader {
        let input = configuration.input
        let touch = configuration.touchTransform
        let mapping = ScreenMapping(screenSize: configuration.screen.size, rotation: touch.rotation,
                                    flipX: touch.flipHorizontally, flipY: touch.flipVertically)
        let source = try RecordingSource.open(
            path: options.input, descPath: options.desc, deviceIndex: options.device ?? 0,
            mapping: mapping, allowIndirect: options.allowIndirect
        )
        // Touch scripts are already in screen px: no device, nothing to calibrate.
        guard source.format != .touchScript, !input.calibration.isIdentity else { return source }
        return CalibratedFrameReader(source: source, calibration: input.calibration, screenSize: configuration.screen.size)
    }

    /// The time of the recording's last event, when the reader can tell without reading it all
    /// (for the `--realtime` progress line); nil for standard input.
    static func endTime(of reader: any TouchFrameReader) -> Timestamp? {
        switch reader {
        case let source as RecordingSource: source.endTime
        case let calibrated as CalibratedFrameReader: calibrated.source.endTime
        default: nil
        }
    }
}

/// Applies the configured calibration matrix to every touch location of a device recording, as
/// the raw evdev backend does live (`CalibrationMatrix.apply(toScreenPoint:screenSize:)`).
struct CalibratedFrameReader: TouchFrameReader {
    let source: RecordingSource
    let calibration: CalibrationMatrix
    let screenSize: Size

    var warnings: [RecordingWarning] { source.warnings }
    /// Calibration moves the touches; it never adds, drops or reorders one.
    var givesWholeTouches: Bool { source.givesWholeTouches }

    mutating func nextFrame() throws -> TouchFrame? {
        guard var frame = try source.nextFrame() else { return nil }
        for index in frame.samples.indices {
            frame.samples[index].location = calibration.apply(toScreenPoint: frame.samples[index].location, screenSize: screenSize)
        }
        return frame
    }

    mutating func recycle(_ frame: consuming TouchFrame) {
        source.recycle(frame)
    }
}
