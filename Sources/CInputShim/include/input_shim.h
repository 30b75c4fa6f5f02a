// The few things Swift cannot express directly: libinput's printf-style log handler (a C va_list
// callback) and ioctl request numbers built by the _IOW/_IOR function-like macros.
#ifndef TOUCHSCROLL_INPUT_SHIM_H
#define TOUCHSCROLL_INPUT_SHIM_H

#include <libinput.h>
#include "input_libraries.h"
// Linux-only calls the Glibc module does not export to Swift.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>

/// Receives one formatted libinput log line (no trailing newline handling: passed as libinput wrote it).
typedef void (*touchscroll_log_sink)(struct libinput *libinput, int priority, const char *message);

/// Installs a libinput log handler that formats the va_list with vsnprintf and hands the finished
/// line to `sink`. Swift cannot receive a va_list callback, hence this shim.
void touchscroll_libinput_set_log_sink(struct libinput *libinput, touchscroll_log_sink sink);

/// EVIOCGRAB: exclusive access to an evdev device (function-like macro, unreachable from Swift).
unsigned long touchscroll_eviocgrab(void);

#endif
