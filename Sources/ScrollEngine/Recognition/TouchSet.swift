/// The fingers that are down, in slot order (never a Dictionary: iteration order must be the same
/// on every run so sums, and therefore output bytes, are deterministic).
public struct TouchSet: Hashable, Sendable {
    public struct Touch: Hashable, Sendable {
        public var slot: TouchSlot
        public var location: Point
        public var downTime: Timestamp
        public var downLocation: Point
    }

    public private(set) var touches: [Touch] = []

    public init() {}

    public var isEmpty: Bool { touches.isEmpty }
    public var count: Int { touches.count }
    public var slots: [TouchSlot] { touches.map(\.slot) }

    public func contains(_ slot: TouchSlot) -> Bool { index(of: slot) != nil }
    public subscript(slot: TouchSlot) -> Touch? { index(of: slot).map { touches[$0] } }

    /// Where the finger in `slot` is, if it is down.
    public func location(of slot: TouchSlot) -> Point? { index(of: slot).map { touches[$0].location } }

    /// The position of `slot`'s touch in `touches` (a plain walk: a handful of fingers, asked for
    /// every sample).
    func index(of slot: TouchSlot) -> Int? {
        var i = 0
        while i < touches.count {
            if touches[i].slot == slot { return i }
            i += 1
        }
        return nil
    }

    /// Moves the touch at `index` (from `index(of:)`) to `location`; true when that is a new place.
    @discardableResult
    mutating func moveTouch(at index: Int, to location: Point) -> Bool {
        guard touches[index].location != location else { return false }
        touches[index].location = location
        return true
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

    /// Makes this set hold the same touches as `other`, in its own storage (kept between calls, so
    /// a snapshot taken every frame allocates nothing and the original stays uniquely referenced).
    mutating func replaceContents(with other: TouchSet) {
        if touches.count == other.touches.count {
            // The usual frame: as many fingers as the last one, copied over in place (the counts
            // are equal, so the copy fills the destination exactly).
            touches.withUnsafeMutableBufferPointer { destination in
                other.touches.withUnsafeBufferPointer { source in
                    _ = destination.update(fromContentsOf: source)
                }
            }
        } else {
            touches.removeAll(keepingCapacity: true)
            touches.append(contentsOf: other.touches)
        }
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
/// both, so that a finger landing or lifting never reads as motion (content must not jump).
public struct TouchMotion: Hashable, Sendable {
    /// Movement of the centroid of the persisting fingers.
    public var translation: Point
    /// Ratio of their spreads (1 when fewer than two fingers persist).
    public var scale: Double
    /// The centroid of the persisting fingers after the movement (the pinch's focal point).
    public var focus: Point?
    /// `after.spread()` when `between` measured it on the way: every finger of `after` persisted
    /// (then their spread is the sum it formed for `scale`, in the same order), and there are two or
    /// more. Nil when unknown.
    var spreadOfAll: Double?

    public init(translation: Point, scale: Double, focus: Point?) {
        self.translation = translation
        self.scale = scale
        self.focus = focus
    }

    public static func between(_ before: TouchSet, _ after: TouchSet) -> TouchMotion {
        between(before, after, measuringScale: true)
    }

    /// The same; with `measuringScale` false, the spread ratio is measured only when the centroid
    /// stayed where it was (then it alone tells whether the fingers moved), and is 1 otherwise: for
    /// a scroll view that cannot zoom, which has no other use for it (its second pass over the
    /// fingers is the costlier one).
    static func between(_ before: TouchSet, _ after: TouchSet, measuringScale: Bool) -> TouchMotion {
        // The persisting fingers: in `before` those still in `after`, in `after` those already in
        // `before` (the same slots, summed in the same slot order). Both sets keep their touches
        // sorted by slot, so one merge-like walk pairs them: the sums below are the ones
        // `centroid(where:)` and `spread(where:)` would form, in the same order, without their
        // repeated membership scans.
        let a = before.touches, b = after.touches
        @inline(__always) func forEachPair(_ body: (Point, Point) -> Void) {
            var i = 0, j = 0
            while i < a.count, j < b.count {
                let slotA = a[i].slot, slotB = b[j].slot
                if slotA == slotB {
                    body(a[i].location, b[j].location)
                    i += 1
                    j += 1
                } else if slotA < slotB {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        var sum0 = Point.zero, sum1 = Point.zero
        var count = 0
        forEachPair { p0, p1 in
            sum0 = sum0 + p0
            sum1 = sum1 + p1
            count += 1
        }
        guard count > 0 else {
            return TouchMotion(translation: .zero, scale: 1, focus: after.centroid())
        }
        let c0 = sum0 / Double(count), c1 = sum1 / Double(count)
        let translation = c1 - c0
        var scale = 1.0
        var spreadOfAll: Double?
        if count >= 2 && (measuringScale || translation == .zero) {
            var spread0 = 0.0, spread1 = 0.0
            forEachPair { p0, p1 in
                spread0 += p0.distance(to: c0)
                spread1 += p1.distance(to: c1)
            }
            let s0 = spread0 / Double(count), s1 = spread1 / Double(count)
            if s0 > 1e-9 { scale = s1 / s0 }
            if count == b.count { spreadOfAll = s1 }
        }
        var motion = TouchMotion(translation: translation, scale: scale, focus: c1)
        motion.spreadOfAll = spreadOfAll
        return motion
    }
}
