#if canImport(Glibc)
import Glibc
#endif
import Logging
import ScrollEngine

/// `touchscroll run --control-stdin`: requests on standard input, one per line, replies written
/// through `writeReply` (standard output, beside the event stream: replies have `"ok"`, events have
/// `"message"`). End of input stops reading; the daemon keeps running.
public final class ControlStandardInput {
    public let descriptor: CInt
    private var assembler: LineAssembler
    private var session = ControlSession(origin: .standardInput)
    private let writeReply: (String) -> Void
    private let watcher: any DescriptorWatcher
    private let logger: Logger
    private let lineLimit: Int
    public private(set) var isAtEnd = false

    public init(descriptor: CInt = STDIN_FILENO, watcher: any DescriptorWatcher, logger: Logger,
                lineLimit: Int = ControlServer.defaultLineLimit, writeReply: @escaping (String) -> Void) throws(SystemCallError) {
        self.descriptor = descriptor
        self.watcher = watcher
        self.logger = logger
        self.lineLimit = lineLimit
        self.writeReply = writeReply
        assembler = LineAssembler(limit: lineLimit)
        try watcher.watch(descriptor, readable: true, writable: false)
    }

    /// Reads once (the loop said the descriptor is readable, so this does not block) and answers
    /// every complete line.
    public func handleReadable(scrollView: any ControllableScrollView, now: Timestamp) {
        guard !isAtEnd else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        var n: Int
        repeat {
            n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while n < 0 && errno == EINTR
        if n <= 0 {
            if n < 0 && errno == EAGAIN { return }
            if n < 0 { logger.warning("control input failed", metadata: ["error": "\(SystemCallError.last("read", "stdin"))"]) }
            isAtEnd = true
            watcher.stopWatching(descriptor)
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
