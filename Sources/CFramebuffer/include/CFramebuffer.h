// The one C shim of the renderer. Swift imports <linux/fb.h>'s structs and plain constants fine, but
// not function-like macros (FBIO_WAITFORVSYNC is _IOW('F', 0x20, __u32)). So: the request numbers as
// constants; the ioctl itself goes through SystemInterface's system calls.
#ifndef TOUCHSCROLL_CFRAMEBUFFER_H
#define TOUCHSCROLL_CFRAMEBUFFER_H
#include <linux/fb.h>

extern const unsigned long ts_FBIOGET_VSCREENINFO;
extern const unsigned long ts_FBIOPUT_VSCREENINFO;
extern const unsigned long ts_FBIOGET_FSCREENINFO;
extern const unsigned long ts_FBIOPAN_DISPLAY;
extern const unsigned long ts_FBIO_WAITFORVSYNC;
extern const unsigned long ts_FBIOBLANK;

#endif
