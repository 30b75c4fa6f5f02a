import SystemInterface
import ArgumentParser
import Configuration
import Glibc
import LiveInput
import Logging
import Renderer
import ScrollEngine

/// `touchscroll calibrate`: draws targets on the display, takes one tap per target from the
/// touchscreen (raw: no calibration applied), fits the affine matrix by least squares and prints
/// the `LIBINPUT_CALIBRATION_MATRIX` udev line, the configuration fragment and the residual error
/// of every target — what xinput_calibrator and weston-touch-calibrator print.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Tap targets on the display and print the touchscreen's calibration matrix.",
        discussion: """
        Draws one crosshair at a time on --fb or --drm and waits for a tap on --device (read raw, \
        with no calibration applied: remove an old LIBINPUT_CALIBRATION_MATRIX first only if you \
        want libinput to see the same coordinates). The matrix maps the touchscreen's normalised \
        coordinates (0…1) onto the screen's, fitted by least squares over every target; the \
        residual of each target is how far its corrected tap lands from it, in pixels. Prints the \
        udev rule line and the equivalent `input.calibration` configuration on standard output.
        """
    )

    @Option(name: .long, help: ArgumentHelp("The touchscreen's event node.", valueName: "/dev/input/eventN"))
    var device: String
    @Option(name: .customLong("fb"), help: ArgumentHelp("Draw the targets on this fbdev framebuffer.", valueName: "path"))
    var framebuffer: String?
    @Option(name: .customLong("drm"), help: ArgumentHelp("Draw the targets on this DRM/KMS card.", valueName: "path"))
    var drm: String?
    @Option(name: .long, help: ArgumentHelp("How many targets: 4 (corners), 5 (corners and centre) or 9 (a 3×3 grid).", valueName: "n"))
    var targets: Int = 5
    @Option(name: .long, help: ArgumentHelp("How far the targets sit in from the edges, as a fraction of the screen.", valueName: "fraction"))
    var margin: Double = 0.1
    @Option(name: .long, help: ArgumentHelp("Give up when a target is not tapped within this many seconds.", valueName: "seconds"))
    var timeout: Double = 60

    func validate() throws {
        if (framebuffer == nil) == (drm == nil) { throw ValidationError("give exactly one display: --fb PATH or --drm PATH") }
        if CalibrationSession.targets(count: targets, margin: 0.1) == nil { throw ValidationError("--targets must be 4, 5 or 9, got \(targets)") }
        if !(margin > 0 && margin < 0.5) { throw ValidationError("--margin must be a fraction between 0 and 0.5, got \(margin)") }
        if !(timeout > 0 && timeout <= 86_400) { throw ValidationError("--timeout must be seconds > 0 and ≤ 86400") }
    }

    func run() throws {
        LiveLogging.bootstrap(verbose: false)
        try ExitCodes.reporting {
            let output: FrameOutput = if let framebuffer { try FramebufferOutput(path: framebuffer) } else { try DRMOutput(path: drm!) }
            let panel = output.panelSize
            let screen = Size(width: Double(panel.width), height: Double(panel.height))
            let input = try EvdevBackend(node: device, screen: screen, transform: .identity)
            defer { input.close() }
            var session = CalibrationSession(targets: CalibrationSession.targets(count: targets, margin: margin)!)
            let frame = PixelBuffer(size: panel)
            while let current = session.currentTarget {
                draw(session, current: current, into: frame)
                try output.present(frame)
                if session.taps.count == current {
                    StandardError.log(.info, "touchscroll: calibrate: tap target \(current + 1) of \(session.targets.count)")
                }
                try waitForInput(input, session: &session, screen: screen)
            }
            frame.fill(Color(rgb: 0x1C1C1E))
            try output.present(frame)
            try output.finish()
            let fit = try session.fit()
            print(Self.report(fit, screen: screen, device: input.summary.name), terminator: "")
        }
    }

    /// Reads the touchscreen until it has something, at most `timeout` seconds.
    private func waitForInput(_ input: EvdevBackend, session: inout CalibrationSession, screen: Size) throws {
        let ready = try? SystemCalls.live.waitReadable(input.fileDescriptor, Int32(timeout * 1000))
        guard ready == true else {
            throw ValidationError("no tap within \(Self.number(timeout)) s on \(device); is it the touchscreen under this display?")
        }
        for event in try input.readEvents() {
            if case .touches(let touches) = event { _ = session.feed(touches, screen: screen) }
            if case .deviceRemoved = event { throw ValidationError("\(device) went away during calibration") }
        }
    }

    /// A dark screen, the targets already tapped in green, the current one as a white crosshair.
    private func draw(_ session: CalibrationSession, current: Int, into frame: PixelBuffer) {
        frame.fill(Color(rgb: 0x1C1C1E))
        for (index, target) in session.targets.enumerated() where index <= current {
            let x = Int((target.x * Double(frame.width)).rounded()), y = Int((target.y * Double(frame.height)).rounded())
            let color = index < current ? Color(rgb: 0x30D158) : Color(rgb: 0xFFFFFF)
            let arm = max(12, min(frame.width, frame.height) / 25)
            frame.fill(color, x: max(0, x - arm), y: max(0, y - 1), width: 2 * arm + 1, height: 3)
            frame.fill(color, x: max(0, x - 1), y: max(0, y - arm), width: 3, height: 2 * arm + 1)
        }
    }

    /// What the command prints: the udev line, the configuration fragment, the residuals.
    static func report(_ fit: CalibrationFit, screen: Size, device: String) -> String {
        let numbers = fit.matrixText
        let residuals = fit.residuals(screen: screen)
        var text = "# touchscroll calibrate: \(fit.pairs.count) targets on a \(number(screen.width))x\(number(screen.height)) screen\n"
        text += "# udev rule (e.g. /etc/udev/rules.d/70-touchscroll-calibration.rules), then `udevadm trigger`:\n"
        text += "ATTRS{name}==\"\(device)\", ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(numbers.joined(separator: " "))\"\n"
        text += "# or, for touchscroll alone, in its configuration:\n"
        text += "input:\n  calibration: [\(numbers.joined(separator: ", "))]\n"
        text += "# residual per target (how far the corrected tap lands from it), in pixels:\n"
        for (index, pair) in fit.pairs.enumerated() {
            text += "#   target \(index + 1) at (\(number(pair.target.x * screen.width)), \(number(pair.target.y * screen.height))): \(number(residuals[index])) px\n"
        }
        return text
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
