import Renderer
import XCTest

/// Content whose every pixel says where it is: red + 256 × green is its row, blue its column
/// (mod 256). A drawn frame's pixel then tells which content row is on screen there.
enum RowCodedContent {
    static func write(width: Int, height: Int, to path: String) throws {
        let image = PixelBuffer(size: PixelSize(width: width, height: height))
        for y in 0..<height {
            for x in 0..<width {
                image.pixels[y * image.stride / 4 + x] = 0xFF00_0000 | UInt32(y & 0xFF) << 16 | UInt32(y >> 8) << 8 | UInt32(x & 0xFF)
            }
        }
        try PNGFile.write(image, to: path)
    }

    /// The content row a frame shows at screen row `y` (sampled at column 100, away from the indicators).
    static func row(in frame: PixelBuffer, screenRow y: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let p = frame[100, y]
        XCTAssertEqual(Int(p & 0xFF), 100, "column 100 shows content column 100", file: file, line: line)
        return Int((p >> 16) & 0xFF) + 256 * Int((p >> 8) & 0xFF)
    }
}
