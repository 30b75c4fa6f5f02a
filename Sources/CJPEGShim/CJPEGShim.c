#include "CJPEGShim.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct ts_jpeg_reader {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    FILE *file;
};

static void ts_jpeg_error_exit(j_common_ptr info) {
    struct ts_jpeg_reader *reader = (struct ts_jpeg_reader *)info->client_data;
    (*info->err->format_message)(info, reader->message);
    longjmp(reader->jump, 1);
}

void ts_jpeg_close(ts_jpeg_reader *reader) {
    if (!reader) return;
    jpeg_destroy_decompress(&reader->info);
    fclose(reader->file);
    free(reader);
}

ts_jpeg_reader *ts_jpeg_open(const char *path, int *width, int *height, char *message, size_t message_length) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(message, message_length, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct ts_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (!reader) {
        snprintf(message, message_length, "out of memory");
        fclose(file);
        return NULL;
    }
    reader->file = file;
    reader->info.err = jpeg_std_error(&reader->manager);
    reader->manager.error_exit = ts_jpeg_error_exit;
    if (setjmp(reader->jump)) {
        snprintf(message, message_length, "%s", reader->message);
        ts_jpeg_close(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->info);
    reader->info.client_data = reader;
    jpeg_stdio_src(&reader->info, file);
    jpeg_read_header(&reader->info, TRUE);
    reader->info.out_color_space = JCS_EXT_BGRA;  // libjpeg-turbo: BGRA with alpha 0xFF
    jpeg_start_decompress(&reader->info);
    *width = (int)reader->info.output_width;
    *height = (int)reader->info.output_height;
    return reader;
}

int ts_jpeg_read(ts_jpeg_reader *reader, unsigned char *pixels, size_t stride, char *message, size_t message_length) {
    if (setjmp(reader->jump)) {
        snprintf(message, message_length, "%s", reader->message);
        ts_jpeg_close(reader);
        return -1;
    }
    while (reader->info.output_scanline < reader->info.output_height) {
        JSAMPROW row = pixels + stride * reader->info.output_scanline;
        jpeg_read_scanlines(&reader->info, &row, 1);
    }
    jpeg_finish_decompress(&reader->info);
    ts_jpeg_close(reader);
    return 0;
}
