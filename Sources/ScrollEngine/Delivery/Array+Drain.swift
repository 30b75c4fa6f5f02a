extension Array {
    /// Returns the elements and leaves `self` empty, allocating nothing in steady state: `self` takes
    /// over the storage of the array the previous drain returned (`spare`, which its caller has let go
    /// of by now), emptied with its capacity kept, and `spare` keeps the array handed out. A caller that
    /// holds on to a drained array only costs a fresh buffer on the next drain.
    ///
    /// Inlinable, so that the readers and the playback driver (other modules) get a copy specialised
    /// for their element type; the storage is emptied from the end, element by element, which for the
    /// one or two samples or events a frame holds is cheaper than `removeAll(keepingCapacity:)` (that
    /// goes through the general `replaceSubrange`).
    @inlinable
    public mutating func drain(keeping spare: inout [Element]) -> [Element] {
        guard !isEmpty else { return [] }
        swap(&self, &spare)
        while !isEmpty { removeLast() }
        return spare
    }
}

extension Array {
    /// Takes back the storage of `batch`, an array lent out of `self` (moved out, leaving `self`
    /// empty): `batch` is emptied element by element and becomes `self` again, keeping its capacity,
    /// unless elements were gathered in `self` meanwhile (they stay; `batch`'s storage is let go).
    @inlinable
    public mutating func takeBack(_ batch: inout [Element]) {
        guard isEmpty else { return }
        while !batch.isEmpty { batch.removeLast() }
        swap(&self, &batch)
    }
}
