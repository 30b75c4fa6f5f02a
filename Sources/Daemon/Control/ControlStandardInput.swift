#if canImport(Glibc)
import SystemInterface
import Glibc
#endif
import Logging
import ScrollEngine

/// `touchscroll run --control-stdin`: requests on standard input, one per line, replies written
/// through `writeReply` (standard output, beside the event stream: replies have `"ok"`, events have
/// `"message"`). End of input stops reading; the daemon keeps running. A pipe, socket or terminal is
/// watched by the run loop; a regular file (`--control-stdin < commands.jsonl`) is read through at
/// start.
public final class ControlStandardInput {
    public let descriptor: CInt
    private var assembler: LineAssembler
    private var session = ControlSession(origin: .standardInput)
    private let writeReply: (String) -> Void
    private let watcher: any DescriptorWatcher
    private let logger: Logger
    private let lineLimit: Int
    private let system: SystemCalls
    public private(set) var isAtEnd = false

    public init(descriptor: CInt = STDIN_FILENO, watcher: any DescriptorWatcher, logger: Logger,
                lineLimit: Int = ControlServer.defaultLineLimit, system: SystemCalls = .live,
                writeReply: @escaping (String) -> Void) throws(SystemCallError) {
        self.descriptor = descriptor
        self.system = system
        self.watcher = watcher
        self.logger = logger
        self.lineLimit = lineLimit
        self.writeReply = writeReply
        assembler = LineAssembler(limit: lineLimit)
        do {
            try watcher.watch(descriptor, readable: true, writable: false)
            isWatched = true
        } catch where error.errno == Errno(rawValue: EPERM) {
            // epoll refuses regular files and /dev/null: they are always readable, so the caller
            // reads them through with `readToEnd` instead of waiting for readiness.
            isWatched = false
        }
    }

    /// False when standard input is a regular file or /dev/null (epoll cannot watch those); the
    /// caller then answers it all at once with `readToEnd`.
    public let isWatched: Bool

    /// Reads and answers everything up to the end of input (for an input that is not watched).
    public func readToEnd(scrollView: any ControllableScrollView, now: Timestamp) {
        while !isAtEnd { handleReadable(scrollView: scrollView, now: now) }
    }

    /// Reads once (the loop said the descriptor is readable, so this does not block) and answers
    /// every complete line.
    public func handleReadable(scrollView: any ControllableScrollView, now: Timestamp) {
        guard !isAtEnd else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        var n = 0
        var failure: Errno?
        do {
            n = try system.readBytes(descriptor, into: &chunk)
        } catch {
            failure = error
        }
        if n <= 0 {
            if failure == .wouldBlock { return }  // only on a non-blocking descriptor
            if let failure {
                logger.warning("control input failed", metadata: ["error": "\(SystemCallError(operation: "read", subject: "stdin", errno: failure))"])
            }
            isAtEnd = true
            if isWatched { watcher.stopWatching(descriptor) }
            logger.info("control input ended; the daemon keeps running")
            return
        }
        for piece in assembler.feed(chunk[0..<n]) {
            switch piece {
            case .line(let line):
                if let reply = session.handle(line: line, scrollView: scrollView, now: now) { writeReply(reply.line) }
            case .tooLong:
                writeReply(ControlReply.error(id: nil, .lineTooLong(limit: lineLimit)).line)
            }
        }
    }
}
