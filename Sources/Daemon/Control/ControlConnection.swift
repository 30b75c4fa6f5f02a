import SystemInterface
import ScrollEngine

/// One client of the control socket: its line buffer, protocol session and unsent output.
/// Non-blocking throughout: reads take what is there, writes queue what the socket will not take yet.
final class ControlConnection {
    let descriptor: CInt
    private let system: SystemCalls
    var assembler: LineAssembler
    var session = ControlSession(origin: .socket)
    private(set) var output: [UInt8] = []
    private var outputStart = 0
    /// The peer closed its side or failed: the server closes this connection.
    private(set) var isFinished = false

    init(descriptor: CInt, lineLimit: Int, system: SystemCalls) {
        self.descriptor = descriptor
        self.system = system
        assembler = LineAssembler(limit: lineLimit)
    }

    var pendingOutputCount: Int { output.count - outputStart }

    /// Reads what is available (at most `budget` bytes, so one chatty client cannot starve the
    /// loop) and returns the pieces found.
    func readAvailable(budget: Int) -> [LineAssembler.Piece] {
        var pieces: [LineAssembler.Piece] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var total = 0
        while total < budget {
            let n: Int
            do {
                n = try system.receiveBytes(descriptor, into: &chunk)
            } catch {
                if error != .wouldBlock { isFinished = true }
                break
            }
            if n > 0 {
                total += n
                pieces += assembler.feed(chunk[0..<n])
            } else {
                isFinished = true
                break
            }
        }
        return pieces
    }

    func enqueue(_ text: String) {
        output += text.utf8
    }

    /// Writes as much queued output as the socket takes. Returns true when some remains.
    func flush() -> Bool {
        while outputStart < output.count {
            let n: Int
            do {
                n = try system.sendBytes(descriptor, output, from: outputStart)
            } catch {
                if error != .wouldBlock { isFinished = true }
                break
            }
            if n > 0 {
                outputStart += n
            } else {
                break
            }
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            return false
        }
        if outputStart > 65536 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return true
    }
}
