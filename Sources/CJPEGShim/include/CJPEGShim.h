// JPEG decoding through libjpeg(-turbo). libjpeg reports errors by calling error_exit, which must not
// return; the only safe way out is setjmp/longjmp, which Swift cannot do. So this shim wraps one
// whole decode in C and returns an error message instead.
#ifndef TOUCHSCROLL_CJPEGSHIM_H
#define TOUCHSCROLL_CJPEGSHIM_H
#include <stddef.h>

/// Decodes the JPEG at `path` into malloc'ed BGRA pixels (alpha 255; a native 0xAARRGGBB word on
/// little-endian machines), rows width*4 bytes apart. Returns NULL and fills `message` on failure.
/// The caller frees the result with free().
unsigned char *ts_jpeg_decode_bgra(const char *path, int *width, int *height, char *message, size_t message_length);
#endif
