import SystemInterface
import Logging
import Recordings
import ScrollEngine

/// Reads one touchscreen node raw through libevdev and decodes it with the shared evdev decoder
/// (`Recordings.EvdevDecoder`: protocol B, A and single touch), for systems without libinput.
///
/// The first read reports `.deviceAdded`; ENODEV reports `.deviceRemoved`.
///
/// SYN_DROPPED: the reader resyncs libevdev; the decoder, told of the drop, cancels the touches that
/// were down and ignores slots until they start new touches. ENODEV: the device was unplugged; its
/// touches are cancelled, the backend closes, the process carries on.
public final class EvdevBackend: InputBackend {
    private let reader: RawEvdevReader
    private let logger: Logger
    private var decoder: EvdevDecoder
    private var lastTime: Timestamp = .zero
    /// Added to every slot number, so several raw devices in one run never share a slot.
    private let slotOffset: Int
    /// Applied after the decoder's flips and rotation, in normalised screen coordinates — where
    /// libinput and the replay path apply it.
    private let calibration: CalibrationMatrix
    private let screenSize: Size
    /// The first read reports the device as added, as libinput does for the devices it opens, so
    /// a session tracks devices the same way for every backend.
    private var announced = false

    public init(node: String, screen: Size, transform: ScreenTransform = .identity, grab: Bool = false,
                slotOffset: Int = 0, system: SystemCalls = .live, evdev: LibevdevCalls = .live,
                logger: Logger = Logger(label: "touchscroll.evdev")) throws(InputError) {
        reader = try RawEvdevReader(node: node, grab: grab, system: system, evdev: evdev)
        self.logger = logger
        self.slotOffset = slotOffset
        let kind = DeviceKind(reader.device)
        if kind != .touchscreen {
            logger.warning("\(node) \"\(reader.device.name)\" is a \(kind.rawValue), not a touchscreen; reading it anyway")
        }
        calibration = transform.calibration
        screenSize = screen
        do {
            decoder = try EvdevDecoder(device: reader.device, mapping: ScreenMapping(screen: screen, transform: transform))
        } catch {
            reader.close()
            throw InputError(call: "EvdevDecoder", errno: .invalidArgument, device: node, detail: "\(error)")
        }
    }

    public var fileDescriptor: Int32 { reader.fileDescriptor }
    public var isClosed: Bool { reader.isClosed }
    public func close() { reader.close() }

    /// The device as `run` announces it.
    public var summary: InputDeviceSummary {
        InputDeviceSummary(name: reader.device.name, node: reader.node, kind: DeviceKind(reader.device))
    }

    public func readEvents() throws(InputError) -> [LiveInputEvent] {
        let batch = try reader.read()
        if batch.dropped { logger.warning("\(reader.node): SYN_DROPPED (events lost); resynchronising") }
        var out: [LiveInputEvent] = announced ? [] : [.deviceAdded(summary)]
        announced = true
        for event in batch.events {
            lastTime = max(lastTime, event.time)
            if let frame = decoder.feed(event) { out.append(.touches(offset(frame))) }
        }
        for warning in decoder.takeWarnings() { logger.warning("\(reader.node): \(warning)") }
        if batch.deviceRemoved {
            logger.info("device removed: \(summary)")
            if let frame = decoder.finish(at: lastTime) { out.append(.touches(offset(frame))) }
            out.append(.deviceRemoved(summary, time: lastTime))
        }
        return out
    }

    /// The decoded frame as the session sees it: calibrated, slots moved by `slotOffset`.
    private func offset(_ frame: TouchFrame) -> TouchFrame {
        guard slotOffset != 0 || !calibration.isIdentity else { return frame }
        var shifted = frame
        for i in shifted.samples.indices {
            shifted.samples[i].slot = TouchSlot(shifted.samples[i].slot.rawValue + slotOffset)
            shifted.samples[i].location = calibration.apply(toScreenPoint: shifted.samples[i].location, screenSize: screenSize)
        }
        return shifted
    }
}

extension ScreenMapping {
    /// The decoder's mapping for a screen transform: both flip the device's axes, then rotate, so
    /// the flips carry over as they are (the calibration matrix is not part of the mapping).
    public init(screen: Size, transform: ScreenTransform) {
        self.init(screenSize: screen, rotation: transform.rotation,
                  flipX: transform.flipHorizontally, flipY: transform.flipVertically)
    }
}
