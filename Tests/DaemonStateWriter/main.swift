// daemon-state-writer DIRECTORY
//
// The victim of StateCrashSafetyTests: continues from the generation found in DIRECTORY/state.json
// and rewrites the file as fast as it can, generation after generation, until it is SIGKILLed.
// Every scroll view of generation g has contentOffset.y == g, and there are enough of them
// (≈45 KiB) that a kill usually lands in the middle of a write.
import Daemon
import Glibc
import ScrollEngine

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    StandardErrorSink().write(line: "usage: daemon-state-writer DIRECTORY\n")
    exit(2)
}
let store = StateStore(directory: arguments[1])
var generation = 0
if case .loaded(let state) = store.load(), let first = state.scrollViews["view-0"] {
    generation = Int(first.contentOffset.y)
}
while true {
    generation += 1
    var state = PreservedState()
    for index in 0..<400 {
        state.scrollViews["view-\(index)"] = PreservedScrollViewState(
            contentOffset: Point(x: Double(index), y: Double(generation)), zoomScale: 1,
            contentInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    }
    do {
        try store.save(state)
    } catch {
        StandardErrorSink().write(line: "daemon-state-writer: \(error)\n")
        exit(1)
    }
}
