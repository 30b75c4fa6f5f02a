import CPixman
import ScrollEngine

/// The display side of the tree's one rotation type: how the drawn frame is turned onto the panel,
/// clockwise, in software (pixman, nearest neighbour, so every pixel is copied exactly).
extension ScreenRotation {
    /// The size the renderer draws at for a panel of `panel` pixels.
    public func logicalSize(panel: PixelSize) -> PixelSize {
        swapsAxes ? panel.transposed : panel
    }

    /// Where logical pixel (x, y) lands on the panel (the forward map, for tests and touch mapping).
    public func panelPoint(x: Int, y: Int, logical: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .none: (x, y)
        case .quarter: (logical.height - 1 - y, x)
        case .half: (logical.width - 1 - x, logical.height - 1 - y)
        case .threeQuarters: (y, logical.width - 1 - x)
        }
    }

    /// Copies `logical` into `panel`, rotated.
    func rotate(_ logical: PixelBuffer, into panel: PixelBuffer) {
        precondition(logical.size == logicalSize(panel: panel.size), "logical \(logical.size) does not fit panel \(panel.size) at \(rawValue)°")
        // The transform maps a panel pixel centre back to the logical image (inverse of panelPoint).
        let w = Double(logical.width), h = Double(logical.height)
        var f = pixman_f_transform()
        switch self {
        case .none: f.m = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
        case .quarter: f.m = ((0, 1, 0), (-1, 0, h), (0, 0, 1))
        case .half: f.m = ((-1, 0, w), (0, -1, h), (0, 0, 1))
        case .threeQuarters: f.m = ((0, -1, w), (1, 0, 0), (0, 0, 1))
        }
        var t = pixman_transform()
        pixman_transform_from_pixman_f_transform(&t, &f)
        pixman_image_set_transform(logical.image, &t)
        pixman_image_set_filter(logical.image, PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_composite32(PIXMAN_OP_SRC, logical.image, nil, panel.image, 0, 0, 0, 0, 0, 0, Int32(panel.width), Int32(panel.height))
        pixman_image_set_transform(logical.image, nil)
    }
}

