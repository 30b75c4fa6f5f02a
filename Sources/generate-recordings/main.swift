// Regenerates the synthetic files in recordings/ (run by `make recordings`):
//   generate-recordings <recordings-folder>
// Writes scripts/NAME.touches.jsonl for the touch-script sessions and synthetic/NAME.evemu for
// every synthetic session. Output is deterministic: running it twice gives the same bytes.
import Foundation
import Recordings

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: generate-recordings <recordings-folder>\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1])
do {
    for (relativePath, text) in SyntheticRecordings.files() {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        print(url.path)
    }
} catch {
    FileHandle.standardError.write(Data("<3>generate-recordings: \(error)\n".utf8))
    exit(1)
}
