import SystemInterface
import LiveInput
import Renderer
import ScrollEngine

/// The kernel under a `LiveSession`, scripted: descriptors are numbers from 10 000 up (far from
/// the real descriptors of the control socket), the clock is the test's, and every `epoll_wait`
/// runs the next step of the script, which changes the world and says which descriptors are ready.
final class FakeSessionKernel: @unchecked Sendable {
    var now = Timestamp.seconds(100)
    private var nextFD: Int32 = 10_000
    private(set) var watched: [Int32] = []
    private(set) var timerFD: Int32 = -1
    private(set) var signalFD: Int32 = -1
    /// Every arming of the timerfd, nil for disarming.
    private(set) var timerArmings: [Timestamp?] = []
    var pendingSignals: [Int32] = []
    /// What the next `epoll_wait` calls do: each step changes the world and returns the ready
    /// descriptors, or nil to pass to the next step. An empty script ends the loop with an error.
    var script: [() -> [Int32]?] = []
    private(set) var waits = 0

    /// The deadline the timer is armed for now.
    var armedDeadline: Timestamp? { timerArmings.last ?? nil }

    var calls: SystemCalls {
        SystemCalls(
            open: { _, _ throws(Errno) in throw Errno.noSuchFile },
            close: { _ in },
            read: { _, _, count throws(Errno) in count },
            epollCreate: { () throws(Errno) in self.allocate() },
            epollAdd: { _, fd throws(Errno) in self.watched.append(fd) },
            epollRemove: { _, fd throws(Errno) in self.watched.removeAll { $0 == fd } },
            epollWait: { _, _ throws(Errno) in
                self.waits += 1
                while !self.script.isEmpty {
                    if let ready = self.script.removeFirst()() { return ready }
                }
                throw Errno.invalidArgument
            },
            timerCreate: { () throws(Errno) in
                self.timerFD = self.allocate()
                return self.timerFD
            },
            timerSet: { _, deadline throws(Errno) in self.timerArmings.append(deadline.map(Timestamp.init(microseconds:))) },
            signalDescriptor: { _ throws(Errno) in
                self.signalFD = self.allocate()
                return self.signalFD
            },
            readSignal: { _ throws(Errno) in self.pendingSignals.isEmpty ? nil : self.pendingSignals.removeFirst() },
            monotonicNow: { self.now.microseconds }
        )
    }

    /// The timer expires (a one-shot timerfd is disarmed by firing): the descriptor to return.
    func fireTimer() -> [Int32] {
        timerArmings.append(nil)
        return [timerFD]
    }

    /// The real descriptor the session watches (its control channel's epoll set).
    var controlDescriptor: Int32? { watched.first { $0 < 10_000 } }

    private func allocate() -> Int32 {
        defer { nextFD += 1 }
        return nextFD
    }
}

/// A touchscreen behind `InputBackend`: the test queues events, the session reads them.
final class FakeTouchscreen: InputBackend {
    let fileDescriptor: Int32
    var queued: [LiveInputEvent] = []
    private(set) var isClosed = false
    /// Closes after the queue is read (a raw evdev node whose device went away).
    var closesAfterRead = false
    let summary: InputDeviceSummary

    init(fileDescriptor: Int32, node: String) {
        self.fileDescriptor = fileDescriptor
        summary = InputDeviceSummary(name: "Fake Touch", node: node, kind: .touchscreen)
    }

    func readEvents() throws(InputError) -> [LiveInputEvent] {
        defer {
            queued = []
            if closesAfterRead { isClosed = true }
        }
        return queued
    }

    func close() { isClosed = true }
}

/// A display that keeps what it was shown and fails on demand (DRM master taken, unplugged).
final class FakeDisplay: FrameOutput {
    let panelSize: PixelSize
    private(set) var framesPresented = 0
    private(set) var lastFrame: PixelBuffer?
    var failure: RendererError?

    init(panelSize: PixelSize) { self.panelSize = panelSize }

    func present(_ frame: PixelBuffer) throws {
        if let failure { throw failure }
        framesPresented += 1
        let copy = PixelBuffer(size: frame.size, format: frame.format)
        copy.copy(from: frame)
        lastFrame = copy
    }

    func finish() throws {}

    /// Every power change asked of the panel (true: down), and whether it is dark now.
    private(set) var blankings: [Bool] = []
    var isBlank: Bool { blankings.last ?? false }

    func setBlanked(_ blanked: Bool) throws { blankings.append(blanked) }
}
