import ArgumentParser
import Glibc
import ScrollEngine
import Renderer
import SessionPlot
import StreamOutput

/// `touchscroll plot FILE --out session.svg`: replays and draws the session.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Replay a recording or touch script and draw it as an SVG picture.",
        discussion: """
        Draws contentOffset x and y and zoomScale against time, shades the periods a finger was down, \
        and colours a strip by phase (tracking, dragging, decelerating, bouncing, animating, zooming). \
        The replay is the same virtual-clock replay as `touchscroll replay`.

        Exit codes: 0 success, 1 the picture could not be written or the scroll view did not settle, \
        2 invalid configuration, 3 unusable input, 64 invalid command line.
        """
    )

    @OptionGroup var input: ReplayInputOptions

    @Option(name: .long, help: ArgumentHelp("Where to write the SVG.", valueName: "file"))
    var out: String

    func run() throws {
        // The output is checked before the replay runs, not after it.
        try ExitCodes.reporting {
            if let code = OutputPathCheck.writableFileError(out) { throw OutputFileError(path: out, errno: code) }
        }
        var replay = try ReplayRun(input)
        replay.warnIfNothingCanMove()
        let name = input.input == "-" ? "standard input" : String(input.input.split(separator: "/").last ?? "")
        let renderer = SessionPlotRenderer(title: "touchscroll · \(name)")
        let svg: String
        if replay.configuration.scrollViews.isEmpty {
            var trace = SessionTrace(configuration: replay.configuration.scrollView)
            _ = try replay.run(fed: { trace.record($0) }, emit: { events in events.forEach { trace.record($0) } })
            trace.finish()
            svg = renderer.svg(for: trace)
        } else {
            // A screen of several scroll views: one panel per view that moved (the first
            // top-level view's alone when none did), every panel with the fingers' periods.
            var views: [(id: String, configuration: ScrollViewConfiguration)] = []
            func collect(_ nodes: [ScrollViewTree.Node]) {
                for node in nodes { views.append((node.id, node.configuration)); collect(node.children) }
            }
            collect(replay.configuration.scrollViews)
            var traces = views.map { SessionTrace(configuration: $0.configuration) }
            var moved = Set<String>()
            _ = try replay.run(fed: { frame in for i in traces.indices { traces[i].record(frame) } }, emit: { events in
                for event in events {
                    guard let i = views.firstIndex(where: { $0.id == event.view }) else { continue }
                    traces[i].record(event)
                    switch event.message {
                    case .didScroll, .didZoom: moved.insert(views[i].id)
                    default: break
                    }
                }
            })
            for i in traces.indices { traces[i].finish() }
            let shown = views.indices.filter { moved.contains(views[$0].id) }
            svg = renderer.svg(for: (shown.isEmpty ? [0] : shown).map { (views[$0].id, traces[$0]) })
        }
        let fd = try ExitCodes.reporting { try OutputFile.create(out) }
        defer { OutputFile.close(fd) }
        do {
            let file = FileDescriptorByteSink(fileDescriptor: fd)
            try file.write(Array(svg.utf8))
            try file.flush()
        } catch {
            StandardError.error("cannot write \(out): \(error)")
            throw ExitCodes.code(for: error)
        }
    }
}
