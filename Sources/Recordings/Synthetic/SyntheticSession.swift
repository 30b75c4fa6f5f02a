import ScrollEngine

/// The synthetic sessions bundled in `recordings/`: each is a finger choreography on a
/// 1280x800 px touchscreen sampled at 60 Hz. They are generated, never hand-typed, so that
/// `make recordings` reproduces every bundled file byte for byte.
public enum SyntheticSession: String, CaseIterable, Sendable {
    case flick
    case dragAndHold = "drag-and-hold"
    case dragPastEdge = "drag-past-edge"
    case statusBarTap = "status-bar-tap"
    case pinchIn = "pinch-in"
    case pinchOut = "pinch-out"
    case twoFingerScroll = "two-finger-scroll"
    case taps
    case doubleTap = "double-tap"
    case edgeSwipe = "edge-swipe"
    case listWithCarousel = "list-with-carousel"

    public static let screenSize = Size(width: 1280, height: 800)

    /// One sentence for the README and the file's header comment.
    public var summary: String {
        switch self {
        case .flick: "one finger flicks upward at 2 pt/ms for 100 ms and lifts while moving"
        case .dragAndHold: "one finger drags up 300 pt at 1 pt/ms, holds still 300 ms, lifts"
        case .dragPastEdge: "one finger drags down 400 pt from near the top (content overscrolls at offset 0), holds still 250 ms, lifts"
        case .statusBarTap: "a 400 pt upward fling, then 1.5 s in a tap at y=10 (status bar) lifted 80 ms later"
        case .pinchIn: "two fingers 400 pt apart pinch in to 80 pt over 500 ms"
        case .pinchOut: "two fingers 80 pt apart pinch out to 400 pt over 500 ms"
        case .twoFingerScroll: "two fingers side by side drag up 300 pt over 300 ms"
        case .taps: "three single taps of 80 ms at different places, 500 ms apart"
        case .doubleTap: "two taps of 70 ms at the same place, 150 ms apart"
        case .edgeSwipe: "one finger swipes in from the left edge 400 pt over 250 ms"
        case .listWithCarousel: "for config/list-with-carousel.yaml: a swipe left across the carousel (y 550) pages it, then an upward flick that starts on the carousel scrolls the list around it"
        }
    }

    /// The frames in screen px, starting at t = 0.
    public var frames: [TouchFrame] {
        var g = GestureBuilder(samplingRate: 60)
        let up = Point(x: 0, y: -1)
        switch self {
        case .flick:
            g.down(0, at: Point(x: 640, y: 600))
            g.move(0, direction: up, speed: 2, ticks: 6)
            g.advance()
            g.up(0, at: g.fingers[TouchSlot(0)]! + Point(x: 0, y: -2000.0 / 60))
        case .dragAndHold:
            g.down(0, at: Point(x: 640, y: 650))
            g.move([0: Point(x: 640, y: 350)], over: 300)
            g.wait(milliseconds: 300)
            g.up(0)
        case .dragPastEdge:
            g.down(0, at: Point(x: 640, y: 150))
            g.move([0: Point(x: 640, y: 550)], over: 400)
            g.wait(milliseconds: 250)
            g.up(0)
        case .statusBarTap:
            g.down(0, at: Point(x: 640, y: 650))
            g.move(0, direction: up, speed: 1.6, ticks: 15)
            g.advance()
            g.up(0, at: g.fingers[TouchSlot(0)]! + Point(x: 0, y: -1600.0 / 60))
            g.wait(milliseconds: 1500 - g.time.seconds * 1000)
            g.down(0, at: Point(x: 640, y: 10))
            g.wait(milliseconds: 80)
            g.up(0)
        case .pinchIn:
            g.down(0, at: Point(x: 440, y: 400))
            g.down(1, at: Point(x: 840, y: 400))
            g.move([0: Point(x: 600, y: 400), 1: Point(x: 680, y: 400)], over: 500)
            g.advance()
            g.up(0)
            g.up(1)
        case .pinchOut:
            g.down(0, at: Point(x: 600, y: 400))
            g.down(1, at: Point(x: 680, y: 400))
            g.move([0: Point(x: 440, y: 400), 1: Point(x: 840, y: 400)], over: 500)
            g.advance()
            g.up(0)
            g.up(1)
        case .twoFingerScroll:
            g.down(0, at: Point(x: 580, y: 600))
            g.down(1, at: Point(x: 700, y: 600))
            g.move([0: Point(x: 580, y: 300), 1: Point(x: 700, y: 300)], over: 300)
            g.advance()
            g.up(0)
            g.up(1)
        case .taps:
            for (index, point) in [Point(x: 320, y: 200), Point(x: 640, y: 400), Point(x: 960, y: 600)].enumerated() {
                if index > 0 { g.wait(milliseconds: 500) }
                g.down(0, at: point)
                g.wait(milliseconds: 80)
                g.up(0)
            }
        case .doubleTap:
            g.down(0, at: Point(x: 640, y: 400))
            g.wait(milliseconds: 70)
            g.up(0)
            g.wait(milliseconds: 150)
            g.down(0, at: Point(x: 640, y: 400))
            g.wait(milliseconds: 70)
            g.up(0)
        case .edgeSwipe:
            g.down(0, at: Point(x: 2, y: 400))
            g.move([0: Point(x: 402, y: 400)], over: 250)
            g.advance()
            g.up(0, at: Point(x: 402 + 400.0 / 15, y: 400))
        case .listWithCarousel:
            g.down(0, at: Point(x: 1000, y: 550))
            g.move([0: Point(x: 400, y: 556)], over: 200)
            g.advance()
            g.up(0)
            g.wait(milliseconds: 900)
            g.down(0, at: Point(x: 640, y: 650))
            g.move(0, direction: up, speed: 1.5, ticks: 12)
            g.advance()
            g.up(0, at: g.fingers[TouchSlot(0)]! + Point(x: 0, y: -1500.0 / 60))
        }
        return g.frames
    }

    /// The touch script text (with a header comment saying it is synthetic).
    public var touchScript: String {
        TouchScriptWriter.text(frames: frames, comments: [
            "synthetic (generated by `make recordings`, do not edit): \(summary)",
            "screen 1280x800 px, 60 Hz samples; format: one touch event a line, equal t = one frame",
        ])
    }

    /// The sessions also bundled as touch scripts (`recordings/scripts/NAME.touches.jsonl`).
    public static let touchScriptSessions: [SyntheticSession] = [.flick, .dragAndHold, .dragPastEdge, .statusBarTap, .listWithCarousel]
}

extension SyntheticSession {
    /// The synthetic touchscreen the evemu versions are "recorded" on: 1280x800 units (one per
    /// px), 10 slots, protocol B, INPUT_PROP_DIRECT, 10 units/mm.
    public static let device: EvdevDevice = {
        let x = AbsInfo(minimum: 0, maximum: 1279, resolution: 10)
        let y = AbsInfo(minimum: 0, maximum: 799, resolution: 10)
        return EvdevDevice(
            name: "touchscroll synthetic touchscreen",
            id: InputID(bustype: 0x06, vendor: 0x0001, product: 0x0001, version: 0x0001),
            properties: [InputProperty.direct],
            codes: [
                EventType.syn: [SynCode.report, SynCode.config, SynCode.dropped],
                EventType.key: [KeyCode.touch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
            ],
            absinfo: [
                AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }()

    /// The session as the kernel would report it on `device` (protocol B).
    public var evdevEvents: [EvdevEvent] {
        EvdevEncoder(device: Self.device, mapping: ScreenMapping(screenSize: Self.screenSize)).encode(frames)
    }

    /// The session as an evemu recording, labelled synthetic.
    public var evemu: String {
        EvemuWriter.header(device: Self.device, comments: [
            "synthetic (generated by `make recordings`, do not edit): \(summary)",
            "screen 1280x800 px, 60 Hz samples, protocol B",
        ]) + evdevEvents.map(EvemuWriter.eventLine).joined()
    }
}
