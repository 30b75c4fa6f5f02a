#include "input_shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <linux/input.h>

static touchscroll_log_sink current_sink;

static void forward_log(struct libinput *libinput, enum libinput_log_priority priority,
                        const char *format, va_list args) {
    char line[1024];
    vsnprintf(line, sizeof line, format, args);
    if (current_sink) current_sink(libinput, (int)priority, line);
}

void touchscroll_libinput_set_log_sink(struct libinput *libinput, touchscroll_log_sink sink) {
    current_sink = sink;
    libinput_log_set_handler(libinput, forward_log);
}

unsigned long touchscroll_eviocgrab(void) {
    return EVIOCGRAB;
}
