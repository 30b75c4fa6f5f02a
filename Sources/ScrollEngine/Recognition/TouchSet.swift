/// The fingers that are down, in slot order (never a Dictionary: iteration order must be the same
/// on every run so sums, and therefore output bytes, are deterministic).
///
/// The frames of touches applied to the set are numbered (`beginFrame()`); each touch remembers the
/// frame it landed in and where it was before the frame it last moved in, so the movement within a
/// frame (`motion(inFrame:measuringScale:)`) is measured without a copy of the set taken before it.
public struct TouchSet: Hashable, Sendable {
    public struct Touch: Hashable, Sendable {
        public var slot: TouchSlot
        public var location: Point
        public var downTime: Timestamp
        public var downLocation: Point
        /// The frame the touch landed in (0: before any frame), the last frame it moved in, and
        /// its location before that frame.
        var landedIn: UInt64 = 0
        var movedIn: UInt64 = 0
        var locationBeforeMove: Point = .zero
    }

    public private(set) var touches: [Touch] = []
    /// The number of the latest frame begun.
    private var frame: UInt64 = 0

    public init() {}

    public var isEmpty: Bool { touches.isEmpty }
    public var count: Int { touches.count }
    public var slots: [TouchSlot] { touches.map(\.slot) }

    public func contains(_ slot: TouchSlot) -> Bool { index(of: slot) != nil }
    public subscript(slot: TouchSlot) -> Touch? { index(of: slot).map { touches[$0] } }

    /// Where the finger in `slot` is, if it is down.
    public func location(of slot: TouchSlot) -> Point? { index(of: slot).map { touches[$0].location } }

    /// The position of `slot`'s touch in `touches`.
    @inline(__always)
    func index(of slot: TouchSlot) -> Int? { touches.index(ofSlot: slot) { $0.slot } }

    /// Starts a frame: the touches' movements from now on are measured from where they are.
    /// Returns its number (frames handled inside another, as a touch handed over by the edge-swipe
    /// recogniser is, get later numbers and leave the enclosing frame's record alone).
    mutating func beginFrame() -> UInt64 {
        frame &+= 1
        return frame
    }

    /// Adds a touch that landed in `frame`.
    mutating func insert(_ touch: Touch, landedIn frame: UInt64) {
        var touch = touch
        touch.landedIn = frame
        insert(touch)
    }

    /// Moves the touch at `index` (from `index(of:)`) to `location` within `frame`; true when that
    /// is a new place.
    @inline(__always) @discardableResult
    mutating func moveTouch(at index: Int, to location: Point, inFrame frame: UInt64) -> Bool {
        guard touches[index].location != location else { return false }
        Self.move(&touches[index], to: location, inFrame: frame)
        return true
    }

    @inline(__always)
    private static func move(_ touch: inout Touch, to location: Point, inFrame frame: UInt64) {
        if touch.movedIn != frame {
            touch.movedIn = frame
            touch.locationBeforeMove = touch.location
        }
        touch.location = location
    }

    public mutating func insert(_ touch: Touch) {
        let index = touches.firstIndex { $0.slot > touch.slot } ?? touches.endIndex
        touches.insert(touch, at: index)
    }

    public mutating func move(_ slot: TouchSlot, to location: Point) {
        if let i = index(of: slot) { touches[i].location = location }
    }

    @discardableResult
    public mutating func remove(_ slot: TouchSlot) -> Touch? {
        guard let i = index(of: slot) else { return nil }
        return touches.remove(at: i)
    }

    public mutating func removeAll() { touches.removeAll() }

    /// How the fingers moved within `frame`, measured only on those that were down before it (the
    /// persisting ones: they landed in an earlier frame), so that a finger landing or lifting never
    /// reads as motion (content must not jump). The touches lifted in the frame must still be in the
    /// set. With `measuringScale` false, the spread ratio is measured only when the centroid stayed
    /// where it was (then it alone tells whether the fingers moved), and is 1 otherwise: for a
    /// scroll view that cannot zoom, which has no other use for it (its second pass over the
    /// fingers is the costlier one).
    @inline(__always)
    func motion(inFrame frame: UInt64, measuringScale: Bool) -> TouchMotion {
        // Each persisting finger's location before the frame and now, in slot order: the sums below
        // are the ones `centroid(where:)` and `spread(where:)` would form on the set before the
        // frame and after it, restricted to these fingers, in the same order.
        // Over the storage: a for-in loop over the array copied each 72-byte touch out through its
        // iterator first.
        @inline(__always) func forEachPersisting(_ body: (Point, Point) -> Void) {
            touches.withUnsafeBufferPointer { touches in
                for i in touches.indices where touches[i].landedIn < frame {
                    body(touches[i].movedIn == frame ? touches[i].locationBeforeMove : touches[i].location, touches[i].location)
                }
            }
        }
        var sum0 = Point.zero, sum1 = Point.zero
        var count = 0
        forEachPersisting { p0, p1 in
            sum0 = sum0 + p0
            sum1 = sum1 + p1
            count += 1
        }
        guard count > 0 else {
            return TouchMotion(translation: .zero, scale: 1, focus: centroid())
        }
        let c0 = sum0 / Double(count), c1 = sum1 / Double(count)
        let translation = c1 - c0
        var scale = 1.0
        var spreadOfAll: Double?
        if count >= 2 && (measuringScale || translation == .zero) {
            var spread0 = 0.0, spread1 = 0.0
            forEachPersisting { p0, p1 in
                spread0 += p0.distance(to: c0)
                spread1 += p1.distance(to: c1)
            }
            let s0 = spread0 / Double(count), s1 = spread1 / Double(count)
            if s0 > 1e-9 { scale = s1 / s0 }
            if count == touches.count { spreadOfAll = s1 }
        }
        var motion = TouchMotion(translation: translation, scale: scale, focus: c1)
        motion.spreadOfAll = spreadOfAll
        return motion
    }

    /// The centroid of the given slots' locations (all touches when `slots` is nil).
    public func centroid(of slots: [TouchSlot]? = nil) -> Point? {
        guard let slots else { return centroid { _ in true } }
        return centroid { slots.contains($0) }
    }

    /// The mean distance of the given touches from their centroid: the "spread" a pinch scales by.
    public func spread(of slots: [TouchSlot]? = nil) -> Double? {
        guard let slots else { return spread { _ in true } }
        return spread { slots.contains($0) }
    }

    /// The centroid of the touches whose slot is `included`, summed in slot order, in one pass
    /// without building a temporary array (this runs for every input frame).
    public func centroid(where included: (TouchSlot) -> Bool) -> Point? {
        var sum = Point.zero
        var count = 0
        for t in touches where included(t.slot) {
            sum = sum + t.location
            count += 1
        }
        guard count > 0 else { return nil }
        return sum / Double(count)
    }

    /// The spread of the touches whose slot is `included` (nil for fewer than two), without
    /// allocating.
    public func spread(where included: (TouchSlot) -> Bool) -> Double? {
        guard let c = centroid(where: included) else { return nil }
        var sum = 0.0
        var count = 0
        for t in touches where included(t.slot) {
            sum += t.location.distance(to: c)
            count += 1
        }
        guard count >= 2 else { return nil }
        return sum / Double(count)
    }
}

/// How the fingers moved between two instants, measured only on the fingers that were down at
/// both, so that a finger landing or lifting never reads as motion (content must not jump):
/// `TouchSet.motion(inFrame:measuringScale:)`.
public struct TouchMotion: Hashable, Sendable {
    /// Movement of the centroid of the persisting fingers.
    public var translation: Point
    /// Ratio of their spreads (1 when fewer than two fingers persist).
    public var scale: Double
    /// The centroid of the persisting fingers after the movement (the pinch's focal point).
    public var focus: Point?
    /// The set's `spread()` after the movement, when measuring the motion formed it on the way:
    /// every finger persisted (then their spread is the sum formed for `scale`, in the same order),
    /// and there are two or more. Nil when unknown.
    var spreadOfAll: Double?

    public init(translation: Point, scale: Double, focus: Point?) {
        self.translation = translation
        self.scale = scale
        self.focus = focus
    }
}
