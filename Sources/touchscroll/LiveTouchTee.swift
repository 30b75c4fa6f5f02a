import Recordings
import ScrollEngine
import StreamOutput

#if canImport(Glibc)
import Glibc
#endif

/// `run --tee-touches FILE`: every touch frame fed to the engine, as a touch script, flushed frame
/// by frame (a live run is stopped by a signal at any moment, and other tools read the file while it
/// grows; `replay`'s tee buffers instead, as a replay always ends by itself).
final class LiveTouchTee {
    private let sink: FileDescriptorByteSink

    init(path: String) throws {
        let fd = try ExitCodes.reporting { try OutputFile.create(path) }
        sink = FileDescriptorByteSink(fileDescriptor: fd)
    }

    func write(_ frame: TouchFrame) throws(StreamWriteError) {
        var text = ""
        for sample in frame.samples { text += TouchScriptWriter.line(time: frame.time, sample: sample) + "\n" }
        try sink.write(Array(text.utf8))
        try sink.flush()
    }

    func close() throws(StreamWriteError) {
        try sink.flush()
        OutputFile.close(sink.fileDescriptor)
    }
}
