// PNG writing through libpng's full API, one row at a time. libpng reports errors by longjmp to a
// setjmp point, which Swift cannot set; so this shim wraps one whole write in C and returns an
// error message instead.
#ifndef TOUCHSCROLL_CPNGSHIM_H
#define TOUCHSCROLL_CPNGSHIM_H
#include <stddef.h>
#include <stdint.h>

/// Writes `height` rows of `width` native-endian 0x??RRGGBB words (rows `stride` bytes apart) to
/// `path` as an 8-bit RGB PNG with an sRGB chunk, exactly the file libpng's simplified API writes for
/// PNG_FORMAT_BGR: libpng reads each row straight from `pixels`, dropping the fourth byte
/// (png_set_filler) and swapping B and R (png_set_bgr), so no packed copy of the image is made.
/// Returns 0 on success; on failure removes the file, fills `message` and returns -1.
int ts_png_write_xrgb(const char *path, const uint32_t *pixels, unsigned width, unsigned height, size_t stride,
                      char *message, size_t message_length);
#endif
