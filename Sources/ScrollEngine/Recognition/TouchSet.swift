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

    /// The centroid of the given slots' locations (all touches when `slots` is nil).
    public func centroid(of slots: [TouchSlot]? = nil) -> Point? {
        let chosen = slots.map { s in touches.filter { s.contains($0.slot) } } ?? touches
        guard !chosen.isEmpty else { return nil }
        var sum = Point.zero
        for t in chosen { sum = sum + t.location }
        return sum / Double(chosen.count)
    }

    /// The mean distance of the given touches from their centroid: the "spread" a pinch scales by.
    public func spread(of slots: [TouchSlot]? = nil) -> Double? {
        let chosen = slots.map { s in touches.filter { s.contains($0.slot) } } ?? touches
        guard chosen.count >= 2, let c = centroid(of: chosen.map(\.slot)) else { return nil }
        var sum = 0.0
        for t in chosen { sum += t.location.distance(to: c) }
        return sum / Double(chosen.count)
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
        let persisting = before.slots.filter { after.contains($0) }
        guard let c0 = before.centroid(of: persisting), let c1 = after.centroid(of: persisting) else {
            return TouchMotion(translation: .zero, scale: 1, focus: after.centroid())
        }
        var scale = 1.0
        if let s0 = before.spread(of: persisting), let s1 = after.spread(of: persisting), s0 > 1e-9 {
            scale = s1 / s0
        }
        return TouchMotion(translation: c1 - c0, scale: scale, focus: c1)
    }
}
