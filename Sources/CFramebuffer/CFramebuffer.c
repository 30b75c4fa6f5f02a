#include "CFramebuffer.h"
#include <sys/ioctl.h>

const unsigned long ts_FBIOGET_VSCREENINFO = FBIOGET_VSCREENINFO;
const unsigned long ts_FBIOPUT_VSCREENINFO = FBIOPUT_VSCREENINFO;
const unsigned long ts_FBIOGET_FSCREENINFO = FBIOGET_FSCREENINFO;
const unsigned long ts_FBIOPAN_DISPLAY = FBIOPAN_DISPLAY;
const unsigned long ts_FBIO_WAITFORVSYNC = FBIO_WAITFORVSYNC;
const unsigned long ts_FBIOBLANK = FBIOBLANK;

int ts_ioctl_value(int fd, unsigned long request, unsigned long value) {
    return ioctl(fd, request, value);
}

int ts_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}
