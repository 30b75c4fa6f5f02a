import ScrollEngine

/// The storage of the samples a reader hands out frame after frame, reused so that reading a frame
/// allocates nothing in steady state.
///
/// Two ways, by what the caller does with a frame when it is done:
/// - it lets go of it: the reader keeps a reference to the array it handed out and fills it again
///   once the caller has let go (`Array.drain(keeping:)`): a retain and a release per frame;
/// - it gives the frame back (`TouchFrameReader.recycle(_:)`, as the playback driver does): the
///   array is moved out whole and its storage moved back, and no reference count changes.
///   Atomic reference counts cost far more than their instructions, and a replay reads tens of
///   thousands of frames.
/// The second way is taken from the first frame given back on.
struct FrameSamples {
    /// The samples of the frame being read.
    var current: [TouchSample] = []
    /// The array handed out last, while frames are not given back.
    private var handedOut: [TouchSample] = []
    /// Storage given back while `current` already had some (a caller that reads a frame ahead).
    private var spare: [TouchSample] = []
    private var comesBack = false

    /// The frame's samples, moved out; `current` is left empty for the next frame, in the storage
    /// given back last if there is some. With no samples (a frame that is not one) the storage stays.
    mutating func handOut() -> [TouchSample] {
        guard comesBack else { return current.drain(keeping: &handedOut) }
        guard !current.isEmpty else { return [] }
        var handed: [TouchSample] = []
        swap(&handed, &current)
        swap(&current, &spare)
        return handed
    }

    /// Takes the storage of samples this handed out (any array of samples will do) for the frames
    /// after it, leaving `samples` empty. If the caller still shares the array, emptying it here
    /// copies it first: what the caller sees never changes.
    mutating func takeBack(_ samples: inout [TouchSample]) {
        if !comesBack {
            comesBack = true
            handedOut = []
        }
        if current.capacity == 0 {
            swap(&current, &samples)
            Self.empty(&current)
        } else if spare.capacity == 0 {
            swap(&spare, &samples)
            Self.empty(&spare)
        }
    }

    /// Emptied element by element: for the one or two samples of a frame, cheaper than
    /// `removeAll(keepingCapacity:)`, which goes through the general `replaceSubrange`.
    private static func empty(_ samples: inout [TouchSample]) {
        while !samples.isEmpty { samples.removeLast() }
    }
}
