/// Fingers down by slot, each with its latest location, kept sorted by slot: a handful at most, so
/// a linear scan is cheaper than hashing, and walking them goes in slot order (the same order, so
/// the same sums, in every process). Removing keeps the storage, so a table allocates nothing once
/// it has held its most fingers.
public struct FingerLocations: Sendable {
    public private(set) var entries: [(slot: TouchSlot, location: Point)] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    public func contains(_ slot: TouchSlot) -> Bool { index(of: slot) != nil }

    /// Where `slot` is in `entries`.
    @inline(__always)
    private func index(of slot: TouchSlot) -> Int? { entries.index(ofSlot: slot) { $0.slot } }

    /// Puts the finger at `location`, adding it if it is not down.
    public mutating func set(_ slot: TouchSlot, _ location: Point) {
        if move(slot, to: location) { return }
        let index = entries.withUnsafeBufferPointer { entries in entries.firstIndex { $0.slot > slot } ?? entries.count }
        entries.insert((slot, location), at: index)
    }

    /// Moves a finger that is down; false (nothing changed) when it is not. Runs for every finger
    /// of every frame: the storage is made unique only once the finger is found.
    public mutating func move(_ slot: TouchSlot, to location: Point) -> Bool {
        guard let index = index(of: slot) else { return false }
        entries[index].location = location
        return true
    }

    /// Removes the finger; false when it was not down.
    @discardableResult
    public mutating func remove(_ slot: TouchSlot) -> Bool {
        guard let index = index(of: slot) else { return false }
        entries.remove(at: index)
        return true
    }

    public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
