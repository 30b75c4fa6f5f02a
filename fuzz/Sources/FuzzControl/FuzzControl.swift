import Daemon
import FuzzSupport
import ScrollEngine

/// Control requests, one per line: every command the parser accepts carries only values within
/// InputLimits (the engine is never handed one it cannot honour), and every reply is one line
/// of JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControl(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        let (id, result) = ControlCommandParser.parse(Array(line))
        let reply: ControlReply
        switch result {
        case .failure(let error):
            reply = .error(id: id, error)
        case .success(let command):
            check(command)
            reply = .ok(id: id)
        }
        let text = reply.line
        require(text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil, "a reply that is not one line: \(text)")
        let (replyID, parsedReply) = ControlCommandParser.parse(Array(text.dropLast().utf8))
        require(replyID == id, "the reply does not echo the id")
        if case .failure(.notJSON) = parsedReply { require(false, "a reply that is not JSON: \(text)") }
    }
    return 0
}

private func check(_ command: ControlCommand) {
    func coordinate(_ value: Double) { require(InputLimits.coordinateProblem(value) == nil, "\(command): coordinate \(value)") }
    func length(_ value: Double, positive: Bool = false) {
        require(InputLimits.lengthProblem(value, positive: positive) == nil, "\(command): length \(value)")
    }
    switch command {
    case .setContentOffset(let p, _):
        coordinate(p.x); coordinate(p.y)
    case .scrollRectToVisible(let r, _):
        coordinate(r.origin.x); coordinate(r.origin.y); length(r.width); length(r.height)
    case .zoomTo(let r, _):
        coordinate(r.origin.x); coordinate(r.origin.y); length(r.width, positive: true); length(r.height, positive: true)
    case .setZoomScale(let s, _):
        require(InputLimits.zoomScaleProblem(s) == nil, "\(command): scale \(s)")
    case .setContentSize(let s):
        length(s.width); length(s.height)
    case .setContentInset(let i):
        coordinate(i.top); coordinate(i.left); coordinate(i.bottom); coordinate(i.right)
    case .flashScrollIndicators, .stopScrollingAndZooming, .state, .subscribe, .unsubscribe:
        break
    }
}
