import ArgumentParser
import Configuration
import LiveInput
import Logging
import Recordings

/// The input options `run` and `daemon` share, and the backends they open.
struct LiveInputOptions: ParsableArguments {
    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case libinput, evdev
    }

    @Option(help: "Input stack: libinput (udev seat or --device nodes) or evdev (raw, through libevdev).")
    var backend: Backend = .libinput

    @Option(help: "The udev seat libinput reads (libinput backend without --device).")
    var seat = "seat0"

    @Option(name: .customLong("device"), help: ArgumentHelp("Read this event node (repeatable; no hotplug).", valueName: "node"))
    var devices: [String] = []

    @Flag(help: "Grab the device exclusively (evdev backend); off by default so other readers keep working.")
    var grab = false

    @Flag(name: .customLong("touch-only"), help: "Ignore keyboards and wheels (as the configuration's input.touchOnly: true).")
    var touchOnly = false

    func validate() throws {
        if backend == .evdev && devices.isEmpty {
            throw ValidationError("--backend evdev needs --device /dev/input/eventN")
        }
        if grab && backend != .evdev {
            throw ValidationError("--grab applies to --backend evdev only (libinput does not grab)")
        }
    }

    /// Opens the chosen backend(s) for the configured screen and input transform.
    func makeBackends(configuration: TouchscrollConfiguration, logger: Logger) throws(InputError) -> [any InputBackend] {
        let transform = configuration.touchTransform
        // Keyboards and wheels are read unless the command line or the configuration says touchscreens only.
        let touchOnly = self.touchOnly || configuration.input.touchOnly
        switch backend {
        case .libinput:
            let source: LibinputBackend.Source = devices.isEmpty ? .udev(seat: seat) : .paths(devices)
            let libinput = try LibinputBackend(source: source, screen: configuration.screen.size, transform: transform,
                                               acceptsKeyboards: !touchOnly, acceptsWheels: !touchOnly,
                                               logger: Logger(label: "touchscroll.libinput"))
            for failure in libinput.takeOpenFailures() { logger.warning("\(failure)") }
            return [libinput]
        case .evdev:
            // Every node in one source that drops unplugged devices and opens them again when they return.
            let screen = configuration.screen.size, grab = grab
            return [try EvdevNodeSet(nodes: devices, logger: Logger(label: "touchscroll.evdev")) { node, index throws(InputError) in
                let evdev = try EvdevBackend(node: node, screen: screen, transform: transform, grab: grab,
                                             slotOffset: index * EvdevDecoder.maximumSlots,
                                             logger: Logger(label: "touchscroll.evdev"))
                logger.info("reading \(evdev.summary)\(grab ? " (exclusive grab)" : "")")
                return evdev
            }]
        }
    }
}
