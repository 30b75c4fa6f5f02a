// The one C shim of the renderer. Swift imports <linux/fb.h>'s structs and plain constants fine, but
// not function-like macros (FBIO_WAITFORVSYNC is _IOW('F', 0x20, __u32)), and Glibc's ioctl is
// variadic, which Swift cannot call. So: the request numbers as constants, and one non-variadic ioctl.
#ifndef TOUCHSCROLL_CFRAMEBUFFER_H
#define TOUCHSCROLL_CFRAMEBUFFER_H
#include <linux/fb.h>

extern const unsigned long ts_FBIOGET_VSCREENINFO;
extern const unsigned long ts_FBIOPUT_VSCREENINFO;
extern const unsigned long ts_FBIOGET_FSCREENINFO;
extern const unsigned long ts_FBIOPAN_DISPLAY;
extern const unsigned long ts_FBIO_WAITFORVSYNC;
extern const unsigned long ts_FBIOBLANK;

/// ioctl(2) with one integer argument passed by value (FBIOBLANK takes the blank level itself).
int ts_ioctl_value(int fd, unsigned long request, unsigned long value);

/// ioctl(2) with one pointer argument; returns -1 and sets errno on failure.
int ts_ioctl(int fd, unsigned long request, void *argument);
#endif
