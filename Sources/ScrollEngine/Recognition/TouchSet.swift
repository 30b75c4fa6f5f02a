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

    public func contains(_ slot: TouchSlot) -> Bool { touches.contains { $0.slot == slot } }
    public subscript(slot: TouchSlot) -> Touch? { touches.first { $0.slot == slot } }

    public mutating func insert(_ touch: Touch) {
        let index = touches.firstIndex { $0.slot > touch.slot } ?? touches.endIndex
        touches.insert(touch, at: index)
    }

    public mutating func move(_ slot: TouchSlot, to location: Point) {
        if let i = touches.firstIndex(where: { $0.slot == slot }) { touches[i].location = location }
    }

    @discardableResult
    public mutating func remove(_ slot: TouchSlot) -> Touch? {
        guard let i = touches.firstIndex(where: { $0.slot == slot }) else { return nil }
        return touches.remove(at: i)
    }

    public mutating func removeAll() { touches.removeAll() }

    /// Makes this set hold the same touches as `other`, in its own storage (kept between calls, so
    /// a snapshot taken every frame allocates nothing and the original stays uniquely referenced).
    mutating func replaceContents(with other: TouchSet) {
        touches.removeAll(keepingCapacity: true)
        touches.append(contentsOf: other.touches)
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

    public init(translation: Point, scale: Double, focus: Point?) {
        self.translation = translation
        self.scale = scale
        self.focus = focus
    }

    public static func between(_ before: TouchSet, _ after: TouchSet) -> TouchMotion {
        // The persisting fingers: in `before` those still in `after`, in `after` those already in
        // `before` (the same slots, summed in the same slot order).
        guard let c0 = before.centroid(where: { after.contains($0) }), let c1 = after.centroid(where: { before.contains($0) }) else {
            return TouchMotion(translation: .zero, scale: 1, focus: after.centroid())
        }
        var scale = 1.0
        if let s0 = before.spread(where: { after.contains($0) }), let s1 = after.spread(where: { before.contains($0) }), s0 > 1e-9 {
            scale = s1 / s0
        }
        return TouchMotion(translation: c1 - c0, scale: scale, focus: c1)
    }
}
