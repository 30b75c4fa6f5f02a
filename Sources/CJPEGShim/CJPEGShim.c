#include "CJPEGShim.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct ts_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void ts_jpeg_error_exit(j_common_ptr info) {
    struct ts_jpeg_error *error = (struct ts_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

unsigned char *ts_jpeg_decode_bgra(const char *path, int *width, int *height, char *message, size_t message_length) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(message, message_length, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct jpeg_decompress_struct info;
    struct ts_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = ts_jpeg_error_exit;
    if (setjmp(error.jump)) {
        snprintf(message, message_length, "%s", error.message);
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_BGRA;  // libjpeg-turbo: BGRA with alpha 0xFF
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (!pixels) {
        snprintf(message, message_length, "out of memory for %ux%u pixels", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        fclose(file);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    return pixels;
}
