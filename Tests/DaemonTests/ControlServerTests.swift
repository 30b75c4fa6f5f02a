import SystemInterface
import Daemon
import Foundation
import Glibc
import Logging
import ScrollEngine
import XCTest

/// The control socket end to end: real AF_UNIX stream sockets, several clients, a poll loop.
final class ControlServerTests: ControlSocketTestCase {
    func event(_ message: DelegateMessage, y: Double) -> DelegateEvent {
        DelegateEvent(time: .seconds(1), message: message,
                      state: ScrollViewState(contentOffset: Point(x: 0, y: y), zoomScale: 1, contentSize: .zero))
    }

    func testTheSocketIsCreatedWithMode0660() throws {
        var status = stat()
        XCTAssertEqual(lstat(server.socketPath, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(status.st_mode & 0o777, 0o660)
    }

    func testACommandIsAppliedAndAnswered() throws {
        let client = try connect()
        client.send(#"{"id":1,"command":"setContentOffset","offset":{"x":0,"y":640},"animated":true}"# + "\n")
        XCTAssertEqual(replies(client), [#"{"id":1,"ok":true}"#])
        XCTAssertEqual(view.calls, ["setContentOffset (0.0, 640.0) animated=true at 1000000µs"])
    }

    func testSeveralClientsEachWithTheirOwnPartialLines() throws {
        let a = try connect()
        let b = try connect()
        XCTAssertEqual(server.clientCount, 2)
        a.send(#"{"id":"a","command":"flashScrol"#)  // half a line
        b.send(#"{"id":"b","command":"state"}"# + "\n")
        let bReplies = replies(b)
        XCTAssertEqual(bReplies.count, 1)
        XCTAssertTrue(bReplies[0].hasPrefix(#"{"id":"b","ok":true,"state":{"#), bReplies[0])
        XCTAssertEqual(a.takeLines(), [], "a's half line is still waiting for its end")
        a.send("lIndicators\"}\n")
        XCTAssertEqual(replies(a), [#"{"id":"a","ok":true}"#])
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 1000000µs"])
    }

    func testMalformedUnknownAndOversizedLinesGetErrorsAndTheConnectionCarriesOn() throws {
        server.shutdown()
        server = try makeServer(lineLimit: 128)
        let client = try connect()
        client.send("this is not json\n")
        client.send(#"{"command":"teleport"}"# + "\n")
        client.send("{\"command\":\"state\",\"pad\":\"" + String(repeating: "x", count: 500) + "\"}\n")
        client.send(#"{"id":2,"command":"stopScrollingAndZooming"}"# + "\n")
        let lines = replies(client, count: 4)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], #"{"error":"not JSON: The given data was not valid JSON.","ok":false}"#)
        XCTAssertTrue(lines[1].hasPrefix(#"{"error":"unknown command \"teleport\""#), lines[1])
        XCTAssertEqual(lines[2], #"{"error":"line longer than 128 bytes, discarded","ok":false}"#)
        XCTAssertEqual(lines[3], #"{"id":2,"ok":true}"#)
        XCTAssertEqual(view.calls, ["stopScrollingAndZooming at 1000000µs"])
        XCTAssertEqual(server.clientCount, 1)
    }

    func testSubscribersReceiveTheEventStreamOthersDoNot() throws {
        let subscriber = try connect()
        let bystander = try connect()
        subscriber.send(#"{"command":"subscribe"}"# + "\n")
        XCTAssertEqual(replies(subscriber), [#"{"ok":true}"#])
        XCTAssertEqual(server.subscriberCount, 1)

        server.publish([event(.willBeginDragging, y: 0), event(.didScroll, y: 12.5)])

        XCTAssertEqual(replies(subscriber, count: 2), [
            #"{"message":"scrollViewWillBeginDragging","y":0.0}"#,
            #"{"message":"scrollViewDidScroll","y":12.5}"#,
        ])
        XCTAssertEqual(bystander.takeLines(), [])

        subscriber.send(#"{"command":"unsubscribe"}"# + "\n")
        XCTAssertEqual(replies(subscriber), [#"{"ok":true}"#])
        server.publish([event(.didScroll, y: 20)])
        XCTAssertEqual(replies(subscriber, count: 1, within: 0.2), [])
    }

    func testAClientThatLeavesIsForgottenAndTheOthersCarryOn() throws {
        var leaving: ControlClient? = try connect()
        let staying = try connect()
        XCTAssertNotNil(leaving)
        leaving = nil  // closes its socket
        staying.send(#"{"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(replies(staying), [#"{"ok":true}"#])
        XCTAssertEqual(server.clientCount, 1)
    }

    func testASubscriberThatStopsReadingIsDisconnected() throws {
        server.shutdown()
        server = try makeServer(outputLimit: 64 * 1024)
        let stuck = try connect()
        stuck.send(#"{"command":"subscribe"}"# + "\n")
        XCTAssertEqual(replies(stuck), [#"{"ok":true}"#])
        for round in 0..<2000 {
            server.publish((0..<50).map { event(.didScroll, y: Double(round * 50 + $0)) })
            if server.clientCount == 0 { break }
        }
        XCTAssertEqual(server.clientCount, 0)
        XCTAssertTrue(logLines.lines.contains { $0.hasPrefix("<4>control: control client disconnected reason=\"client stopped reading") },
                      "\(logLines.lines.suffix(3))")
    }

    func testClientsBeyondTheLimitAreRefusedWithAReason() throws {
        server.shutdown()
        server = try makeServer(clientLimit: 1)
        let first = try connect()
        let second = try connect()
        XCTAssertEqual(second.takeLines(), [#"{"error":"too many control clients (limit 1); connection closed","ok":false}"#])
        XCTAssertTrue(second.isClosedByPeer)
        first.send(#"{"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(replies(first), [#"{"ok":true}"#])
    }

    func testAStaleSocketFileIsReplacedAndShutdownRemovesIt() throws {
        let path = server.socketPath
        // Simulate a daemon killed without cleaning up: its socket file remains, nobody listens.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(stale) }
        server.shutdown()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))

        server = try makeServer()
        let client = try connect()
        client.send(#"{"command":"flashScrollIndicators"}"# + "\n")
        XCTAssertEqual(replies(client), [#"{"ok":true}"#])
    }

    func testARegularFileInTheSocketsPlaceIsNotDeleted() throws {
        server.shutdown()
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.file("control.sock"), contents: Data("keep".utf8)))
        XCTAssertThrowsError(try makeServer()) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, Errno(rawValue: EEXIST))
        }
        server = nil
        XCTAssertEqual(FileManager.default.contents(atPath: directory.file("control.sock")), Data("keep".utf8))
    }

    func testStandardInputFromARegularFileIsReadThroughAtOnce() throws {
        let commands = directory.file("commands.jsonl")
        try (#"{"id":1,"command":"flashScrollIndicators"}"# + "\n" + #"{"id":2,"command":"nope"}"# + "\n")
            .write(toFile: commands, atomically: true, encoding: .utf8)
        let fd = open(commands, O_RDONLY)
        defer { close(fd) }
        var written: [String] = []
        let epoll = try ControlDescriptorSet()
        let input = try ControlStandardInput(descriptor: fd, watcher: epoll, logger: Logger(label: "stdin")) { written.append($0) }
        XCTAssertFalse(input.isWatched, "epoll cannot watch a regular file")
        input.readToEnd(scrollView: view, now: .seconds(4))
        XCTAssertTrue(input.isAtEnd)
        XCTAssertEqual(written.count, 2)
        XCTAssertEqual(written.first, #"{"id":1,"ok":true}"# + "\n")
        XCTAssertEqual(view.calls, ["flashScrollIndicators at 4000000µs"])
    }

    func testStandardInputControlRepliesThroughTheWriter() throws {
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        var written: [String] = []
        let input = try ControlStandardInput(descriptor: pipeEnds[0], watcher: loop, logger: Logger(label: "stdin")) { written.append($0) }
        let request = #"{"id":1,"command":"setZoomScale","scale":2}"# + "\n" + #"{"command":"subscribe"}"# + "\n"
        _ = request.withCString { write(pipeEnds[1], $0, strlen($0)) }
        close(pipeEnds[1])
        for _ in 0..<3 {
            loop.turn { fd, _ in if fd == input.descriptor { input.handleReadable(scrollView: view, now: .seconds(2)) } }
        }
        XCTAssertEqual(written, [#"{"id":1,"ok":true}"# + "\n",
                                 #"{"error":"subscribe: the event stream already goes to standard output","ok":false}"# + "\n"])
        XCTAssertTrue(input.isAtEnd)
        XCTAssertTrue(input.isWatched)
        XCTAssertNil(loop.watched[pipeEnds[0]])
        XCTAssertEqual(view.calls, ["setZoomScale 2.0 animated=false at 2000000µs"])
        close(pipeEnds[0])
    }
}
