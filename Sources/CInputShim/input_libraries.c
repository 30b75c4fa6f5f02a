/*
 * libinput, libevdev and libudev, loaded when a command first needs them (dlopen) instead of linked into
 * every command: `replay` and `config check` never map them, nor glib, libwacom and the rest they pull in.
 *
 * Each function the Swift code calls is defined here under its own name, with the header's signature, and
 * forwards through a table that touchscroll_input_libraries_load fills with dlsym. The definitions are
 * hidden (not exported from the executable), so the loaded libraries keep calling their own functions.
 * Swift calls the load function (through LiveInput's InputLibraries) before any of these; a forwarder
 * reached before a successful load is a programming error and aborts with the function's name.
 */
#include "input_libraries.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libudev.h>
#include <libevdev-1.0/libevdev/libevdev.h>
#include <libinput.h>

/* library index, return type, name, parameters, arguments */
#define TOUCHSCROLL_INPUT_FUNCTIONS(X) \
    X(0, const char *, udev_device_get_devnode, (struct udev_device *udev_device), (udev_device)) \
    X(0, struct udev_list_entry *, udev_device_get_properties_list_entry, (struct udev_device *udev_device), (udev_device)) \
    X(0, const char *, udev_device_get_sysname, (struct udev_device *udev_device), (udev_device)) \
    X(0, struct udev_device *, udev_device_new_from_devnum, (struct udev *udev, char type, dev_t devnum), (udev, type, devnum)) \
    X(0, struct udev_device *, udev_device_new_from_syspath, (struct udev *udev, const char *syspath), (udev, syspath)) \
    X(0, struct udev_device *, udev_device_unref, (struct udev_device *udev_device), (udev_device)) \
    X(0, int, udev_enumerate_add_match_subsystem, (struct udev_enumerate *udev_enumerate, const char *subsystem), (udev_enumerate, subsystem)) \
    X(0, int, udev_enumerate_add_match_sysname, (struct udev_enumerate *udev_enumerate, const char *sysname), (udev_enumerate, sysname)) \
    X(0, struct udev_list_entry *, udev_enumerate_get_list_entry, (struct udev_enumerate *udev_enumerate), (udev_enumerate)) \
    X(0, struct udev_enumerate *, udev_enumerate_new, (struct udev *udev), (udev)) \
    X(0, int, udev_enumerate_scan_devices, (struct udev_enumerate *udev_enumerate), (udev_enumerate)) \
    X(0, struct udev_enumerate *, udev_enumerate_unref, (struct udev_enumerate *udev_enumerate), (udev_enumerate)) \
    X(0, const char *, udev_list_entry_get_name, (struct udev_list_entry *list_entry), (list_entry)) \
    X(0, struct udev_list_entry *, udev_list_entry_get_next, (struct udev_list_entry *list_entry), (list_entry)) \
    X(0, const char *, udev_list_entry_get_value, (struct udev_list_entry *list_entry), (list_entry)) \
    X(0, struct udev *, udev_new, (void), ()) \
    X(0, struct udev *, udev_unref, (struct udev *udev), (udev)) \
    X(1, int, libevdev_event_type_get_max, (unsigned int type), (type)) \
    X(1, void, libevdev_free, (struct libevdev *dev), (dev)) \
    X(1, const struct input_absinfo*, libevdev_get_abs_info, (const struct libevdev *dev, unsigned int code), (dev, code)) \
    X(1, int, libevdev_get_id_bustype, (const struct libevdev *dev), (dev)) \
    X(1, int, libevdev_get_id_product, (const struct libevdev *dev), (dev)) \
    X(1, int, libevdev_get_id_vendor, (const struct libevdev *dev), (dev)) \
    X(1, int, libevdev_get_id_version, (const struct libevdev *dev), (dev)) \
    X(1, const char*, libevdev_get_name, (const struct libevdev *dev), (dev)) \
    X(1, int, libevdev_grab, (struct libevdev *dev, enum libevdev_grab_mode grab), (dev, grab)) \
    X(1, int, libevdev_has_event_code, (const struct libevdev *dev, unsigned int type, unsigned int code), (dev, type, code)) \
    X(1, int, libevdev_has_event_type, (const struct libevdev *dev, unsigned int type), (dev, type)) \
    X(1, int, libevdev_has_property, (const struct libevdev *dev, unsigned int prop), (dev, prop)) \
    X(1, int, libevdev_new_from_fd, (int fd, struct libevdev **dev), (fd, dev)) \
    X(1, int, libevdev_next_event, (struct libevdev *dev, unsigned int flags, struct input_event *ev), (dev, flags, ev)) \
    X(1, int, libevdev_set_clock_id, (struct libevdev *dev, int clockid), (dev, clockid)) \
    X(2, int, libinput_device_config_calibration_get_default_matrix, (struct libinput_device *device, float matrix[6]), (device, matrix)) \
    X(2, int, libinput_device_config_calibration_has_matrix, (struct libinput_device *device), (device)) \
    X(2, enum libinput_config_status, libinput_device_config_calibration_set_matrix, (struct libinput_device *device, const float matrix[6]), (device, matrix)) \
    X(2, enum libinput_config_status, libinput_device_config_send_events_set_mode, (struct libinput_device *device, uint32_t mode), (device, mode)) \
    X(2, const char *, libinput_device_get_name, (struct libinput_device *device), (device)) \
    X(2, int, libinput_device_get_size, (struct libinput_device *device, double *width, double *height), (device, width, height)) \
    X(2, const char *, libinput_device_get_sysname, (struct libinput_device *device), (device)) \
    X(2, struct udev_device *, libinput_device_get_udev_device, (struct libinput_device *device), (device)) \
    X(2, int, libinput_device_has_capability, (struct libinput_device *device, enum libinput_device_capability capability), (device, capability)) \
    X(2, int, libinput_device_touch_get_touch_count, (struct libinput_device *device), (device)) \
    X(2, int, libinput_dispatch, (struct libinput *libinput), (libinput)) \
    X(2, void, libinput_event_destroy, (struct libinput_event *event), (event)) \
    X(2, struct libinput_device *, libinput_event_get_device, (struct libinput_event *event), (event)) \
    X(2, struct libinput_event_keyboard *, libinput_event_get_keyboard_event, (struct libinput_event *event), (event)) \
    X(2, struct libinput_event_pointer *, libinput_event_get_pointer_event, (struct libinput_event *event), (event)) \
    X(2, struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event *event), (event)) \
    X(2, enum libinput_event_type, libinput_event_get_type, (struct libinput_event *event), (event)) \
    X(2, uint32_t, libinput_event_keyboard_get_key, (struct libinput_event_keyboard *event), (event)) \
    X(2, enum libinput_key_state, libinput_event_keyboard_get_key_state, (struct libinput_event_keyboard *event), (event)) \
    X(2, uint64_t, libinput_event_keyboard_get_time_usec, (struct libinput_event_keyboard *event), (event)) \
    X(2, double, libinput_event_pointer_get_scroll_value, (struct libinput_event_pointer *event, enum libinput_pointer_axis axis), (event, axis)) \
    X(2, uint64_t, libinput_event_pointer_get_time_usec, (struct libinput_event_pointer *event), (event)) \
    X(2, int, libinput_event_pointer_has_axis, (struct libinput_event_pointer *event, enum libinput_pointer_axis axis), (event, axis)) \
    X(2, int32_t, libinput_event_touch_get_seat_slot, (struct libinput_event_touch *event), (event)) \
    X(2, uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch *event), (event)) \
    X(2, double, libinput_event_touch_get_x_transformed, (struct libinput_event_touch *event, uint32_t width), (event, width)) \
    X(2, double, libinput_event_touch_get_y_transformed, (struct libinput_event_touch *event, uint32_t height), (event, height)) \
    X(2, struct libinput_event *, libinput_get_event, (struct libinput *libinput), (libinput)) \
    X(2, int, libinput_get_fd, (struct libinput *libinput), (libinput)) \
    X(2, void *, libinput_get_user_data, (struct libinput *libinput), (libinput)) \
    X(2, void, libinput_log_set_handler, (struct libinput *libinput, libinput_log_handler log_handler), (libinput, log_handler)) \
    X(2, void, libinput_log_set_priority, (struct libinput *libinput, enum libinput_log_priority priority), (libinput, priority)) \
    X(2, struct libinput_device *, libinput_path_add_device, (struct libinput *libinput, const char *path), (libinput, path)) \
    X(2, struct libinput *, libinput_path_create_context, (const struct libinput_interface *interface, void *user_data), (interface, user_data)) \
    X(2, int, libinput_udev_assign_seat, (struct libinput *libinput, const char *seat_id), (libinput, seat_id)) \
    X(2, struct libinput *, libinput_udev_create_context, (const struct libinput_interface *interface, void *user_data, struct udev *udev), (interface, user_data, udev)) \
    X(2, struct libinput *, libinput_unref, (struct libinput *libinput), (libinput))

#define DECLARE_POINTER(library, ret, name, params, args) static ret (*pointer_##name) params;
TOUCHSCROLL_INPUT_FUNCTIONS(DECLARE_POINTER)

static _Atomic int loaded;

static void not_loaded(const char *name) {
    fprintf(stderr, "touchscroll: %s called before the input libraries were loaded\n", name);
    abort();
}

#define DEFINE_FORWARDER(library, ret, name, params, args) \
    __attribute__((visibility("hidden"))) ret name params { \
        if (!pointer_##name) not_loaded(#name); \
        return pointer_##name args; \
    }
TOUCHSCROLL_INPUT_FUNCTIONS(DEFINE_FORWARDER)

int touchscroll_input_libraries_load(const char *const sonames[TOUCHSCROLL_INPUT_LIBRARY_COUNT],
                                     char *error, size_t error_size) {
    void *handles[TOUCHSCROLL_INPUT_LIBRARY_COUNT];
    for (int library = 0; library < TOUCHSCROLL_INPUT_LIBRARY_COUNT; library++) {
        /* Loading an already loaded library only counts a reference: cheap, and each name is checked. */
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            const char *reason = dlerror();
            snprintf(error, error_size, "%s", reason ? reason : sonames[library]);
            return library;
        }
    }
    if (loaded) return -1;
#define RESOLVE(library, ret, name, params, args) \
    { \
        void *symbol = dlsym(handles[library], #name); \
        if (!symbol) { \
            snprintf(error, error_size, "%s has no function %s", sonames[library], #name); \
            return library; \
        } \
        pointer_##name = (ret (*) params)symbol; \
    }
    TOUCHSCROLL_INPUT_FUNCTIONS(RESOLVE)
    loaded = 1;
    return -1;
}
