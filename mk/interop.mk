# Interoperability with libinput's own tools: Tests/RecordingsTests/LibinputReplayInteropTests runs the parsing
# code of `libinput replay` (libinput-tools, a Python program) on what `touchscroll record --format libinput`
# writes. Its Python modules come from Debian too (the system /usr/bin/python3 loads them).
APT_PACKAGES += libinput-tools python3-libevdev python3-pyudev python3-yaml
