#include "CPNGShim.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <png.h>

struct ts_png_error {
    char *message;
    size_t length;
};

static void ts_png_error(png_structp png, png_const_charp text) {
    struct ts_png_error *error = png_get_error_ptr(png);
    snprintf(error->message, error->length, "%s", text);
    png_longjmp(png, 1);
}

static void ts_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int ts_png_write_xrgb(const char *path, const uint32_t *pixels, unsigned width, unsigned height, size_t stride,
                      char *message, size_t message_length) {
    FILE *file = fopen(path, "wb");
    if (!file) {
        snprintf(message, message_length, "%s", strerror(errno));
        return -1;
    }
    struct ts_png_error error = { message, message_length };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, ts_png_error, ts_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        snprintf(message, message_length, "out of memory");
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        remove(path);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        remove(path);
        return -1;
    }
    // The same header, chunks and settings png_image_write_to_file uses for 8-bit sRGB colour.
    png_set_benign_errors(png, 0);
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    // A little-endian word 0x??RRGGBB is the bytes B, G, R, ?.
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    const unsigned char *row = (const unsigned char *)pixels;
    for (unsigned y = 0; y < height; y++, row += stride) png_write_row(png, row);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    if (fflush(file) != 0 || ferror(file)) {
        snprintf(message, message_length, "%s", strerror(errno));
        fclose(file);
        remove(path);
        return -1;
    }
    if (fclose(file) != 0) {
        snprintf(message, message_length, "%s", strerror(errno));
        remove(path);
        return -1;
    }
    return 0;
}
