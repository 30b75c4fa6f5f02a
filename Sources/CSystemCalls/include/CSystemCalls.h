// What the system-call layer needs that Swift's Glibc module does not give it: the Linux-only
// headers (epoll, timerfd, signalfd, inotify) and a non-variadic ioctl (Glibc's is variadic,
// which Swift cannot call).
#ifndef TOUCHSCROLL_CSYSTEMCALLS_H
#define TOUCHSCROLL_CSYSTEMCALLS_H
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>

/// ioctl(2) with one pointer argument; returns -1 and sets errno on failure.
int ts_system_ioctl(int fd, unsigned long request, void *argument);

/// ioctl(2) with one integer argument passed by value (FBIOBLANK takes the blank level itself).
int ts_system_ioctl_value(int fd, unsigned long request, unsigned long value);
#endif
