#include "CFramebuffer.h"
#include <sys/ioctl.h>

const unsigned long ts_FBIOGET_VSCREENINFO = FBIOGET_VSCREENINFO;
const unsigned long ts_FBIOPUT_VSCREENINFO = FBIOPUT_VSCREENINFO;
const unsigned long ts_FBIOGET_FSCREENINFO = FBIOGET_FSCREENINFO;
const unsigned long ts_FBIOPAN_DISPLAY = FBIOPAN_DISPLAY;
const unsigned long ts_FBIO_WAITFORVSYNC = FBIO_WAITFORVSYNC;
const unsigned long ts_FBIOBLANK = FBIOBLANK;
