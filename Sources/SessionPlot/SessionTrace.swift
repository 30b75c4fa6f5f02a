import ScrollEngine

/// What a replay did over time, collected for the plot: the state after every delegate event and
/// the periods when at least one finger was down.
public struct SessionTrace: Sendable {
    public struct Sample: Hashable, Sendable {
        public var time: Timestamp
        public var contentOffset: Point
        public var zoomScale: Double
        public var phase: SessionPhase
    }

    public struct TouchPeriod: Hashable, Sendable {
        public var start: Timestamp
        public var end: Timestamp
        /// Most fingers down at once during the period.
        public var fingers: Int
    }

    public let configuration: ScrollViewConfiguration
    public private(set) var samples: [Sample] = []
    public private(set) var touchPeriods: [TouchPeriod] = []
    public private(set) var start: Timestamp?
    public private(set) var end: Timestamp?

    private var fingersDown: Set<TouchSlot> = []
    private var openPeriod: TouchPeriod?

    public init(configuration: ScrollViewConfiguration) {
        self.configuration = configuration
        let initial = ScrollViewState(contentOffset: configuration.contentOffset, zoomScale: configuration.zoomScale, contentSize: configuration.contentSize)
        initialState = initial
    }

    private let initialState: ScrollViewState

    public mutating func record(_ frame: TouchFrame) {
        extend(to: frame.time)
        if samples.isEmpty {
            // The state before the first event: at rest, or tracking if the input starts with a touch.
            let phase: SessionPhase = frame.samples.contains { $0.phase == .down } ? .tracking : .resting
            samples.append(Sample(time: frame.time, contentOffset: initialState.contentOffset, zoomScale: initialState.zoomScale, phase: phase))
        }
        fingersDown = frame.slotsDown(after: fingersDown)
        if fingersDown.isEmpty {
            if var period = openPeriod {
                period.end = frame.time
                touchPeriods.append(period)
                openPeriod = nil
            }
        } else if openPeriod == nil {
            openPeriod = TouchPeriod(start: frame.time, end: frame.time, fingers: fingersDown.count)
        } else {
            openPeriod!.fingers = max(openPeriod!.fingers, fingersDown.count)
        }
    }

    public mutating func record(_ event: DelegateEvent) {
        extend(to: event.time)
        let phase = SessionPhase.of(event.state, in: configuration)
        samples.append(Sample(time: event.time, contentOffset: event.state.contentOffset, zoomScale: event.state.zoomScale, phase: phase))
    }

    /// Closes a touch period left open when the input ended with a finger down.
    public mutating func finish() {
        if var period = openPeriod, let end {
            period.end = end
            touchPeriods.append(period)
            openPeriod = nil
        }
    }

    private mutating func extend(to time: Timestamp) {
        if start == nil || time < start! { start = time }
        if end == nil || time > end! { end = time }
    }
}
