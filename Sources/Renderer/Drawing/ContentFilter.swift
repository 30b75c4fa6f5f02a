import CPixman

/// How content pixels are resampled onto the screen.
public enum ContentFilter: String, Hashable, Sendable, CaseIterable {
    /// PIXMAN_FILTER_NEAREST: exact when one content pixel is one screen pixel.
    case nearest
    /// PIXMAN_FILTER_BILINEAR: the fast filter used while moving and zooming.
    case bilinear
    /// PIXMAN_FILTER_SEPARABLE_CONVOLUTION (box reconstruction, box sampling over the pixel's
    /// footprint): the high-quality filter for settled frames that are scaled down.
    case convolution

    /// Sets this filter on `image` for drawing at `sourcePixelsPerScreenPixel` (> 1: scaling down).
    func apply(to image: OpaquePointer, sourcePixelsPerScreenPixel scale: Double) {
        switch self {
        case .nearest:
            pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        case .bilinear:
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .convolution:
            var count: Int32 = 0
            let s = pixman_double_to_fixed(max(scale, 1))
            guard let params = pixman_filter_create_separable_convolution(
                &count, s, s, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2)
            else {
                pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
                return
            }
            pixman_image_set_filter(image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, count)
            free(params)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
