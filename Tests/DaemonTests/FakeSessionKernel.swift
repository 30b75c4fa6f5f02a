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

    /// The scripted loop over the real kernel: the run loop's descriptors (timerfd, signalfd, the
    /// input devices) are fake numbers from 10 000 up, its epoll_wait runs the script and the clock
    /// is the test's; files, sockets and the control channel's own epoll set are real (the state
    /// file, the control socket), so a test can fail them with `SystemCallFaults`.
    var calls: SystemCalls {
        let live = SystemCalls.live
        var c = live
        c.closeDescriptor = { fd throws(Errno) in if fd < 10_000 { try live.closeDescriptor(fd) } }
        c.read = { fd, buffer, count throws(Errno) in fd < 10_000 ? try live.read(fd, buffer, count) : count }
        // The loop's epoll set records what it watches; the control channel's set (epollWatch,
        // epollReady) is a real one, which the loop watches like any other descriptor.
        c.epollAdd = { _, fd throws(Errno) in self.watched.append(fd) }
        c.epollRemove = { epoll, fd throws(Errno) in
            self.watched.removeAll { $0 == fd }
            if fd < 10_000 { try? live.epollRemove(epoll, fd) }
        }
        c.epollWait = { _, _ throws(Errno) in
            self.waits += 1
            while !self.script.isEmpty {
                if let ready = self.script.removeFirst()() { return ready }
            }
            throw Errno.invalidArgument
        }
        c.timerCreate = { () throws(Errno) in
            self.timerFD = self.allocate()
            return self.timerFD
        }
        c.timerSet = { _, deadline throws(Errno) in self.timerArmings.append(deadline.map(Timestamp.init(microseconds:))) }
        c.signalDescriptor = { _ throws(Errno) in
            self.signalFD = self.allocate()
            return self.signalFD
        }
        c.readSignal = { _ throws(Errno) in self.pendingSignals.isEmpty ? nil : self.pendingSignals.removeFirst() }
        c.monotonicNow = { self.now.microseconds }
        return c
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
