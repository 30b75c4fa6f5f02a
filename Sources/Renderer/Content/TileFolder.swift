import CPixman
import Glibc

/// Content as a folder of tiles at several resolutions, like PhotoScroller's:
///
///     DIR/1000/0_0.png  DIR/1000/1_0.png  …   the full-resolution level, tiles named <col>_<row>
///     DIR/500/0_0.png   …                     half the size
///     DIR/250/…                               a quarter, and so on
///
/// A level's directory is its scale in thousandths of the largest one; each level must be exactly
/// half the one before (PhotoScroller's 1000/500/250/125). Tiles are PNG or JPEG, all the same size
/// except the last column and row, which may be narrower or shorter. The tiles of each level are
/// assembled into one image in memory, so drawing is the same as for a single image.
public enum TileFolder {
    public static func readLevels(directory: String) throws -> [PixelBuffer] {
        guard let entries = entries(of: directory) else {
            throw RendererError(.imageRead, path: directory, "cannot list the tile folder: \(String(cString: strerror(errno)))")
        }
        let scales = entries.compactMap(Int.init).filter { $0 > 0 }.sorted(by: >)
        guard !scales.isEmpty else {
            throw RendererError(.imageRead, path: directory, "no level directories (named by scale in thousandths, e.g. 1000, 500, 250)")
        }
        for (a, b) in zip(scales, scales.dropFirst()) where a != 2 * b {
            throw RendererError(.imageRead, path: directory, "levels \(a) and \(b): each level must be half the one before")
        }
        return try scales.map { try readLevel(directory: directory + "/\($0)") }
    }

    /// The names in a directory (without `.` and `..`), or nil with `errno` set when it cannot be read.
    static func entries(of directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// One level: its tiles pasted together with pixman.
    static func readLevel(directory: String) throws -> PixelBuffer {
        let names = entries(of: directory) ?? []
        var tiles: [[Int]: String] = [:]
        for name in names {
            let stem = name.split(separator: ".").first.map(String.init) ?? ""
            let parts = stem.split(separator: "_").compactMap { Int($0) }
            let ext = name.split(separator: ".").last?.lowercased() ?? ""
            if parts.count == 2, ["png", "jpg", "jpeg"].contains(ext) { tiles[parts] = directory + "/" + name }
        }
        guard let columns = tiles.keys.map({ $0[0] }).max().map({ $0 + 1 }),
              let rows = tiles.keys.map({ $0[1] }).max().map({ $0 + 1 }) else {
            throw RendererError(.imageRead, path: directory, "no tiles named <col>_<row>.png or .jpg")
        }
        var read: [[Int]: PixelBuffer] = [:]
        for row in 0..<rows {
            for column in 0..<columns {
                guard let path = tiles[[column, row]] else {
                    throw RendererError(.imageRead, path: directory, "tile \(column)_\(row) is missing (\(columns)×\(rows) tiles expected)")
                }
                read[[column, row]] = try ImageFile.read(path: path)
            }
        }
        let tileWidth = read[[0, 0]]!.width, tileHeight = read[[0, 0]]!.height
        let width = (columns - 1) * tileWidth + read[[columns - 1, 0]]!.width
        let height = (rows - 1) * tileHeight + read[[0, rows - 1]]!.height
        let level = PixelBuffer(size: PixelSize(width: width, height: height), format: .argb8888)
        for (key, tile) in read {
            let (column, row) = (key[0], key[1])
            let expectedWidth = column == columns - 1 ? width - column * tileWidth : tileWidth
            let expectedHeight = row == rows - 1 ? height - row * tileHeight : tileHeight
            guard tile.width == expectedWidth, tile.height == expectedHeight else {
                throw RendererError(.imageRead, path: tiles[key]!, "tile is \(tile.size), expected \(expectedWidth)x\(expectedHeight)")
            }
            pixman_image_composite32(PIXMAN_OP_SRC, tile.image, nil, level.image, 0, 0, 0, 0,
                                     Int32(column * tileWidth), Int32(row * tileHeight), Int32(tile.width), Int32(tile.height))
        }
        return level
    }
}
