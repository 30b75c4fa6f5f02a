extension Array {
    /// Returns the elements and leaves `self` empty, allocating nothing in steady state: `self` takes
    /// over the storage of the array the previous drain returned (`spare`, which its caller has let go
    /// of by now), emptied with its capacity kept, and `spare` keeps the array handed out. A caller that
    /// holds on to a drained array only costs a fresh buffer on the next drain.
    public mutating func drain(keeping spare: inout [Element]) -> [Element] {
        guard !isEmpty else { return [] }
        swap(&self, &spare)
        removeAll(keepingCapacity: true)
        return spare
    }
}
