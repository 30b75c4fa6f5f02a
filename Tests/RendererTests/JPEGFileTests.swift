import XCTest
@testable import Renderer

final class JPEGFileTests: XCTestCase {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/halves.jpg").path

    func testAJPEGDecodesToOpaquePixelsCloseToItsColours() throws {
        let image = try ImageFile.read(path: fixture)
        XCTAssertEqual(image.size, PixelSize(width: 64, height: 32))
        func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)] }
        for (x, expected) in [(5, [255, 200, 40, 30]), (60, [255, 20, 60, 210])] {
            for (got, want) in zip(channels(image[x, 16]), expected) { XCTAssertEqual(got, want, accuracy: 4, "x = \(x)") }
        }
        let content = ContentImage(source: image, minimumSide: 64)
        XCTAssertTrue(content.isOpaque)
    }

    func testABrokenJPEGIsAnErrorWithLibjpegsMessage() throws {
        let path = NSTemporaryDirectory() + "/renderer-broken-\(getpid()).jpg"
        defer { unlink(path) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ImageFile.read(path: path)) { error in
            let e = error as? RendererError
            XCTAssertEqual(e?.kind, .imageRead)
            XCTAssertTrue(e?.detail.contains("not a readable JPEG") ?? false, "\(String(describing: e))")
        }
    }
}
