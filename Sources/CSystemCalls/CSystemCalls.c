#include "CSystemCalls.h"
#include <sys/ioctl.h>

int ts_system_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

int ts_system_ioctl_value(int fd, unsigned long request, unsigned long value) {
    return ioctl(fd, request, value);
}
