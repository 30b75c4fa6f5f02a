#if canImport(Glibc)
import SystemInterface
import Glibc
#endif

/// `--png DIR`: every presented frame becomes `DIR/frame-000001.png`, `frame-000002.png`, …
public final class PNGSequenceOutput: FrameOutput {
    public let panelSize: PixelSize
    public let directory: String
    public private(set) var framesWritten = 0

    /// Creates `directory` when it does not exist.
    public init(directory: String, panelSize: PixelSize, system: SystemCalls = .live) throws {
        self.directory = directory
        self.panelSize = panelSize
        do {
            try system.makeDirectory(directory, 0o755)
        } catch {
            // An existing directory is fine (checked just below).
            if error != Errno(rawValue: EEXIST) {
                throw RendererError(.imageWrite, path: directory, "cannot create the output directory", errno: error)
            }
        }
        // Checked now, not at the first frame: an existing file or an unwritable directory.
        guard let info = try? system.pathStatus(directory), info.st_mode & S_IFMT == S_IFDIR else {
            throw RendererError(.imageWrite, path: directory, "the output path exists and is not a directory", errno: ENOTDIR)
        }
        do {
            try system.checkAccess(directory, W_OK | X_OK)
        } catch {
            throw RendererError(.imageWrite, path: directory, "cannot write into the output directory", errno: error)
        }
    }

    public func present(_ frame: PixelBuffer) throws {
        framesWritten += 1
        try PNGFile.write(frame, to: path(ofFrame: framesWritten))
    }

    public func finish() throws {}

    /// The file frame `n` (from 1) is written to.
    public func path(ofFrame n: Int) -> String {
        let digits = String(n)
        return directory + "/frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }
}
