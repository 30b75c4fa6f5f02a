import Daemon
import Foundation
import Logging
import ScrollEngine
import XCTest

/// What the control socket's tests (`ControlServerTests`, `ControlAbuseTests`) share: a server on
/// a socket in a fresh temporary directory, a poll loop that turns it, one scroll view that records
/// what it is asked, and the server's log. Subscribers receive events as `{"message":…,"y":…}`.
class ControlSocketTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var loop: PollLoop!
    var view: RecordingScrollView!
    var server: ControlServer!
    var logLines: InMemoryLogLines!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("control")
        loop = PollLoop()
        view = RecordingScrollView()
        logLines = InMemoryLogLines()
        server = try makeServer()
    }

    override func tearDown() {
        server?.shutdown()
        directory.remove()
    }

    func makeServer(lineLimit: Int = ControlServer.defaultLineLimit, outputLimit: Int = ControlServer.defaultOutputLimit,
                    clientLimit: Int = ControlServer.defaultClientLimit) throws -> ControlServer {
        try ControlServer(socketPath: directory.file("control.sock"), watcher: loop,
                          eventLine: { "{\"message\":\"\($0.message.name)\",\"y\":\($0.state.contentOffset.y)}\n" },
                          logger: Logger(label: "control") { [logLines] in JournalLogHandler(label: $0, sink: logLines!, logLevel: .debug) },
                          lineLimit: lineLimit, outputLimit: outputLimit, clientLimit: clientLimit)
    }

    /// One turn of the loop: the server handles what is ready within `timeoutMilliseconds`.
    func turn(timeoutMilliseconds: Int32 = 5) {
        loop.turn(timeoutMilliseconds: timeoutMilliseconds) { fd, readiness in
            server.handle(fd, readiness, scrollView: view, now: .seconds(1))
        }
    }

    /// A new client, accepted by the server.
    func connect() throws -> ControlClient {
        let client = try ControlClient(path: server.socketPath)
        turn(timeoutMilliseconds: 50)  // accept
        return client
    }

    /// Turns the loop until `client` has `count` lines (or `within` seconds pass) and returns them.
    func replies(_ client: ControlClient, count: Int = 1, within: TimeInterval = 2) -> [String] {
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(within)
        while lines.count < count && Date() < deadline {
            turn(timeoutMilliseconds: 20)
            lines += client.takeLines()
        }
        return lines
    }

    /// Turns the loop until every client has a line (or 5 s pass) and returns them.
    func replies(_ clients: [ControlClient]) -> [[String]] {
        var lines = Array(repeating: [String](), count: clients.count)
        let deadline = Date().addingTimeInterval(5)
        while lines.contains(where: \.isEmpty) && Date() < deadline {
            turn()
            for (index, client) in clients.enumerated() { lines[index] += client.takeLines() }
        }
        return lines
    }
}
