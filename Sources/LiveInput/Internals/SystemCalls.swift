import SystemInterface
import ScrollEngine

/// Live input's use of the one system-call layer (`SystemInterface.SystemCalls`): the `checked…`
/// helpers add the call name and device to a failure for `InputError`, and the clock and timer
/// speak the engine's `Timestamp`. The libinput, libudev and libevdev calls have tables of their
/// own (`LibinputCalls`, `UdevCalls`, `LibevdevCalls`) built on this one for their descriptors.
extension SystemCalls {
    /// Opens a device node, naming the node (and for EACCES the `input` group) in the error.
    public func checkedOpen(_ path: String, flags: Int32) throws(InputError) -> Int32 {
        do {
            return try open(path, flags)
        } catch {
            throw InputError(call: "open", errno: error, device: path)
        }
    }

    /// Runs `body`, turning its `Errno` into an `InputError` naming `call` and `device`.
    public func checked<T>(_ call: String, device: String? = nil, _ body: () throws(Errno) -> T) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            throw InputError(call: call, errno: error, device: device)
        }
    }

    /// CLOCK_MONOTONIC now, as the engine's time.
    public func monotonicTimestamp() -> Timestamp {
        Timestamp(microseconds: monotonicNow())
    }

    /// Arms `timer` for the absolute monotonic time `deadline`, or disarms it (nil).
    public func setTimer(_ timer: Int32, _ deadline: Timestamp?) throws(Errno) {
        try timerSet(timer, deadline?.microseconds)
    }
}
