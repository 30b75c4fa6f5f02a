// Regenerates the synthetic files in recordings/ (run by `make recordings`):
//   generate-recordings <recordings-folder>
// Writes scripts/NAME.touches.jsonl for the touch-script sessions and synthetic/NAME.evemu for
// every synthetic session, creating the folders as needed, and prints each file's absolute path.
// Output is deterministic: running it twice gives the same bytes.
import Glibc
import Recordings
import StreamOutput
import SystemInterface

let system = SystemCalls.live

/// Writes `text` to standard error (unbuffered: the tool exits right after).
func printError(_ text: String) {
    let standardError = FileDescriptorByteSink(fileDescriptor: STDERR_FILENO)
    try? standardError.write(Array(text.utf8))
    try? standardError.flush()
}

/// A failed step, with the file it was for.
struct GenerateError: Error, CustomStringConvertible {
    var action: String
    var path: String
    var reason: String
    var description: String { "cannot \(action) \(path): \(reason)" }
}

/// `path` made absolute against the working directory, without trailing slashes.
func absolute(_ path: String) throws(GenerateError) -> String {
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    if trimmed.hasPrefix("/") { return trimmed }
    guard let directory = getcwd(nil, 0) else {
        throw GenerateError(action: "resolve", path: path, reason: "\(Errno.current)")
    }
    defer { free(directory) }
    let base = String(cString: directory)
    return (base == "/" ? "" : base) + "/" + trimmed
}

/// `mkdir -p`: each missing folder on the way to `path`.
func makeDirectories(_ path: String) throws(GenerateError) {
    var prefix = ""
    for component in path.split(separator: "/") {
        prefix += "/" + component
        do {
            try system.makeDirectory(prefix, 0o777)
        } catch where error.rawValue == EEXIST {
            continue
        } catch {
            throw GenerateError(action: "create the folder", path: prefix, reason: "\(error)")
        }
    }
}

/// Writes `text` to `path`, replacing what was there.
func write(_ text: String, to path: String) throws(GenerateError) {
    let fd: Int32
    do {
        fd = try system.create(path, O_WRONLY | O_TRUNC, 0o666)
    } catch {
        throw GenerateError(action: "create", path: path, reason: "\(error)")
    }
    defer { system.close(fd) }
    let sink = FileDescriptorByteSink(fileDescriptor: fd)
    do {
        try sink.write(Array(text.utf8))
        try sink.flush()
    } catch {
        throw GenerateError(action: "write", path: path, reason: "\(error.errno)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    printError("usage: generate-recordings <recordings-folder>\n")
    exit(64)
}
do {
    let root = try absolute(arguments[1])
    for (relativePath, text) in SyntheticRecordings.files() {
        let path = root + "/" + relativePath
        if let slash = path.lastIndex(of: "/") { try makeDirectories(String(path[..<slash])) }
        try write(text, to: path)
        print(path)
    }
} catch {
    printError("<3>generate-recordings: \(error)\n")
    exit(1)
}
