/// A source of input for the run loop: one descriptor to poll, and a read that drains it.
public protocol InputBackend: AnyObject {
    /// Polled for readability by the run loop.
    var fileDescriptor: Int32 { get }
    /// Reads everything available now (never blocks). A removed device is reported as events,
    /// not as an error; errors are for failures the backend cannot carry on from.
    func readEvents() throws(InputError) -> [LiveInputEvent]
    /// Releases devices and descriptors.
    func close()
    /// True once the backend has nothing more to read (its only device went away); the run loop
    /// stops watching its descriptor.
    var isClosed: Bool { get }
}
