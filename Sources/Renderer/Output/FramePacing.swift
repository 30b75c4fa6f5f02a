/// What paces the frames of an output, so the run loop knows whether to wait on the device or on a timer.
public enum FramePacing: Hashable, Sendable {
    /// present() returns after the vertical blank (FBIO_WAITFORVSYNC).
    case waitsForVerticalBlank
    /// present() queues a page flip; its completion event arrives on `fd` (DRM: drmHandleEvent).
    case pageFlipEvents(fd: Int32)
    /// The device cannot tell: draw at most once per interval (microseconds).
    case timer(intervalMicroseconds: Int64)
}
