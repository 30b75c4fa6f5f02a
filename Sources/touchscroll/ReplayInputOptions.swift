import ArgumentParser
import Playback
import ScrollEngine

/// The options `replay` and `plot` share: what to replay, with which configuration, and which part.
struct ReplayInputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The recording or touch script to replay; - reads standard input.", valueName: "file"))
    var input: String

    @Option(name: .long, help: ArgumentHelp("YAML configuration (default: UIKit's defaults on a 1280×800 screen).", valueName: "file"))
    var config: String?

    @Option(name: .customLong("frame-rate"), help: ArgumentHelp("Animation frames per second (1…1000; default: output.frameRate of the configuration, 60).", valueName: "hz"))
    var frameRate: Double?

    @Option(name: .long, help: ArgumentHelp("Start this many seconds after the first input; fingers already down begin here.", valueName: "seconds"))
    var from: Double?

    @Option(name: .long, help: ArgumentHelp("Stop feeding input this many seconds after the first input; fingers still down are cancelled.", valueName: "seconds"))
    var to: Double?

    @Option(name: .long, help: ArgumentHelp("For recordings of several devices: the device to replay (0-based).", valueName: "n"))
    var device: Int?

    @Option(name: .long, help: ArgumentHelp("evemu device description for a headerless .events file.", valueName: "file"))
    var desc: String?

    @Flag(name: .customLong("allow-indirect"), help: "Replay a touchpad (indirect device) as if it were a touchscreen.")
    var allowIndirect = false

    func validate() throws {
        if let frameRate, !(1...1000).contains(frameRate) {
            throw ValidationError("--frame-rate must be from 1 to 1000 Hz, got \(frameRate)")
        }
        try Self.checkTime(from, "--from")
        try Self.checkTime(to, "--to")
        if let from, let to, to < from { throw ValidationError("--to (\(to)) must not be before --from (\(from))") }
        if let device, device < 0 { throw ValidationError("--device must be ≥ 0, got \(device)") }
    }

    /// A time option: finite, from 0 to the longest time any input may carry (2^40 s), so that
    /// adding it to the first input's time cannot leave what a Timestamp holds.
    static func checkTime(_ value: Double?, _ option: String) throws {
        guard let value else { return }
        let maximum = Double(Timestamp.maximumInputSeconds)
        guard value.isFinite, value >= 0, value <= maximum else {
            throw ValidationError("\(option) must be a number of seconds from 0 to \(Timestamp.maximumInputSeconds), got \(value)")
        }
    }

    func playbackOptions(defaultFrameRate: Double) -> PlaybackOptions {
        PlaybackOptions(frameRate: frameRate ?? defaultFrameRate, from: from, to: to)
    }
}
