// JPEG decoding through libjpeg(-turbo). libjpeg reports errors by calling error_exit, which must not
// return; the only safe way out is setjmp/longjmp, which Swift cannot do. So this shim wraps each
// step in C and returns an error message instead.
#ifndef TOUCHSCROLL_CJPEGSHIM_H
#define TOUCHSCROLL_CJPEGSHIM_H
#include <stddef.h>

/// A JPEG being decoded: its header read, its pixels not yet.
typedef struct ts_jpeg_reader ts_jpeg_reader;

/// Opens the JPEG at `path` and reads its header: the size of the decoded image in `width` and
/// `height`. Returns NULL and fills `message` on failure.
ts_jpeg_reader *ts_jpeg_open(const char *path, int *width, int *height, char *message, size_t message_length);

/// Decodes the pixels straight into `pixels` (rows `stride` bytes apart, `width`·4 bytes each) as BGRA
/// with alpha 255 (a native 0xAARRGGBB word on little-endian machines), then closes the reader
/// (also on failure). Returns 0, or -1 with `message` filled.
int ts_jpeg_read(ts_jpeg_reader *reader, unsigned char *pixels, size_t stride, char *message, size_t message_length);

/// Closes a reader whose pixels are not wanted.
void ts_jpeg_close(ts_jpeg_reader *reader);
#endif
