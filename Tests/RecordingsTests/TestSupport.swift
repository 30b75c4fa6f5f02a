import Foundation
import ScrollEngine
import XCTest
@testable import Recordings

/// Paths the tests read, found from this file's location: <repo>/Tests/RecordingsTests/…
enum TestPaths {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let bundledRecordings = repository.appendingPathComponent("recordings")
    /// The shared real-device corpus, `<repo>/../shared/recordings`.
    static let sharedCorpus = repository.deletingLastPathComponent().appendingPathComponent("shared/recordings")

    /// The shared corpus folder, or an XCTSkip saying where it was looked for.
    static func requireSharedCorpus() throws -> URL {
        var isDirectory: ObjCBool = false
        for candidate in [sharedCorpus, URL(fileURLWithPath: "/work/shared/recordings")]
        where FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue {
            return candidate
        }
        throw XCTSkip("shared recordings corpus not found at \(sharedCorpus.path); corpus tests skipped")
    }
}

/// Reads every frame of a reader, failing the test on an error.
func readAllFrames(_ reader: inout some TouchFrameReader) throws -> [TouchFrame] {
    var frames: [TouchFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
}

/// The error a throwing expression throws, as a RecordingError (fails the test otherwise).
func recordingError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> RecordingError? {
    do {
        try body()
        XCTFail("expected a RecordingError, got success", file: file, line: line)
    } catch let error as RecordingError {
        return error
    } catch {
        XCTFail("expected a RecordingError, got \(error)", file: file, line: line)
    }
    return nil
}

/// Chunk sizes every reader is fed with: byte by byte, odd sizes, whole.
let chunkSizes = [1, 7, 4096, 1 << 20]
