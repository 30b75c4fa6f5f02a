extension Array {
    /// The position of the element whose slot (`slotOf`) is `slot`: a plain walk over the storage.
    /// The finger tables (`FingerLocations`, `TouchSet`) hold a handful of fingers and are asked for
    /// every sample of every frame, so a walk beats hashing; a `for … in indices` loop here was left
    /// to generic iterator and equality calls.
    @inline(__always)
    func index(ofSlot slot: TouchSlot, _ slotOf: (Element) -> TouchSlot) -> Int? {
        withUnsafeBufferPointer { elements in
            var i = 0
            while i < elements.count {
                if slotOf(elements[i]).rawValue == slot.rawValue { return i }
                i &+= 1
            }
            return nil
        }
    }
}
