extension Array {
    /// The position of the element whose slot (`slotOf`) is `slot`. The finger tables
    /// (`FingerLocations`, `TouchSet`) hold a handful of fingers and are asked for every sample of
    /// every frame, so this beats hashing.
    ///
    /// Both tables are sorted by slot, and a touchscreen gives the fingers down the lowest free
    /// slots (the kernel's multitouch protocol does, and so do the touch scripts `record` writes):
    /// the finger in slot k is then the table's k-th. That position is tried first, so the common
    /// lookup is one comparison the branch predictor always gets right; the walk over the storage,
    /// whose exit at a varying position it mispredicts about once a lookup, is for the others.
    @inline(__always)
    func index(ofSlot slot: TouchSlot, _ slotOf: (Element) -> TouchSlot) -> Int? {
        withUnsafeBufferPointer { elements in
            let guess = slot.rawValue
            if guess >= 0, guess < elements.count, slotOf(elements[guess]).rawValue == guess { return guess }
            var i = 0
            while i < elements.count {
                if slotOf(elements[i]).rawValue == slot.rawValue { return i }
                i &+= 1
            }
            return nil
        }
    }
}
