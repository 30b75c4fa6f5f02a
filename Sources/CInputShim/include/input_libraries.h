// Loading libudev, libevdev and libinput at run time (dlopen), for the commands that read live input.
#ifndef TOUCHSCROLL_INPUT_LIBRARIES_H
#define TOUCHSCROLL_INPUT_LIBRARIES_H

#include <stddef.h>

/// The libraries, in the order of `sonames`.
enum {
    TOUCHSCROLL_INPUT_LIBRARY_UDEV = 0,
    TOUCHSCROLL_INPUT_LIBRARY_EVDEV = 1,
    TOUCHSCROLL_INPUT_LIBRARY_INPUT = 2,
    TOUCHSCROLL_INPUT_LIBRARY_COUNT = 3
};

/// Opens the three libraries by their sonames (libudev, libevdev, libinput) and, the first time all three
/// open, resolves every function touchscroll calls. Returns -1 on success; otherwise the index of the library
/// that could not be loaded, with dlopen's reason (or the missing function) in `error`.
int touchscroll_input_libraries_load(const char *const sonames[TOUCHSCROLL_INPUT_LIBRARY_COUNT],
                                     char *error, size_t error_size);

#endif
