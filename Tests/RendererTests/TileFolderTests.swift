import XCTest
import SystemInterface
@testable import Renderer

final class TileFolderTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "/renderer-tiles-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Cuts `image` into tiles of `tile` pixels under DIR/<scale>/<col>_<row>.png.
    func writeLevel(_ image: PixelBuffer, scale: Int, tile: Int) throws {
        let dir = directory + "/\(scale)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for row in 0..<((image.height + tile - 1) / tile) {
            for column in 0..<((image.width + tile - 1) / tile) {
                let w = min(tile, image.width - column * tile), h = min(tile, image.height - row * tile)
                let piece = PixelBuffer(size: PixelSize(width: w, height: h))
                for y in 0..<h { for x in 0..<w { piece[x, y] = image[column * tile + x, row * tile + y] } }
                try PNGFile.write(piece, to: dir + "/\(column)_\(row).png")
            }
        }
    }

    func testLevelsAreAssembledFromTheirTilesLargestFirst() throws {
        let full = Fixtures.coordinatePattern(width: 128, height: 96)
        let half = Fixtures.coordinatePattern(width: 64, height: 48)
        try writeLevel(full, scale: 1000, tile: 50)   // 3×2 tiles, the last column 28 wide, the last row 46 high
        try writeLevel(half, scale: 500, tile: 50)

        let levels = try TileFolder.readLevels(directory: directory)
        XCTAssertEqual(levels.map(\.size), [PixelSize(width: 128, height: 96), PixelSize(width: 64, height: 48)])
        for (x, y) in [(0, 0), (49, 49), (50, 50), (127, 95), (100, 60)] { XCTAssertEqual(levels[0][x, y], full[x, y] | 0xFF00_0000) }
        for (x, y) in [(0, 0), (63, 47), (51, 20)] { XCTAssertEqual(levels[1][x, y], half[x, y] | 0xFF00_0000) }

        let content = try ContentImage(levels: levels, pixelsPerPoint: 2)
        XCTAssertEqual(content.pointSize.width, 64)
        XCTAssertEqual(content.levelTable.level(forScale: 1), 1, "zoom 1 draws from the 500 level")
        XCTAssertEqual(content.levelTable.level(forScale: 2), 0)
    }

    /// Content settings tell a tile folder from an image file with stat(2) through the system-call
    /// layer; a path stat cannot read is taken for an image file, whose reader names it.
    func testContentIsATileFolderWhenStatSaysDirectory() throws {
        try writeLevel(Fixtures.coordinatePattern(width: 128, height: 96), scale: 1000, tile: 64)
        let content = try DisplaySettings.loadContent(directory, pixelsPerPoint: 1)
        XCTAssertEqual(content.levels.map(\.size), [PixelSize(width: 128, height: 96)])

        let faults = SystemCallFaults()
        faults.fail(.pathStatus, with: Errno(rawValue: EACCES))
        XCTAssertThrowsError(try DisplaySettings.loadContent(directory, pixelsPerPoint: 1, system: faults.calls(over: .live))) { error in
            let e = error as? RendererError
            XCTAssertEqual(e?.kind, .imageRead)
            XCTAssertEqual(e?.path, self.directory)
        }
        XCTAssertEqual(faults.count(.pathStatus), 1)
    }

    func testLevelsThatDoNotHalveAreRejected() throws {
        try writeLevel(Fixtures.coordinatePattern(width: 100, height: 100), scale: 1000, tile: 64)
        try writeLevel(Fixtures.coordinatePattern(width: 30, height: 30), scale: 500, tile: 64)
        XCTAssertThrowsError(try ContentImage(levels: TileFolder.readLevels(directory: directory))) { error in
            XCTAssertTrue("\(error)".contains("not half of level 0"), "\(error)")
        }
    }

    func testAMissingTileIsNamed() throws {
        try writeLevel(Fixtures.coordinatePattern(width: 100, height: 100), scale: 1000, tile: 50)
        try FileManager.default.removeItem(atPath: directory + "/1000/1_0.png")
        XCTAssertThrowsError(try TileFolder.readLevels(directory: directory)) { error in
            XCTAssertTrue("\(error)".contains("tile 1_0 is missing"), "\(error)")
        }
    }
}
